import { asc, eq } from 'drizzle-orm';
import type { AdminBundle } from '@/shared/contracts/catalog-admin';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { bundleItems, productBundles, products } from '../catalog.tables';
import { assertAdmin } from './catalog-admin-errors';

/** Every bundle, active or not, with its components. */
export async function listAdminBundles(options: { db: Db; viewer: Viewer }): Promise<AdminBundle[]> {
  const { db } = options;
  assertAdmin(options.viewer);
  const [bundles, items] = await Promise.all([
    db.select().from(productBundles).orderBy(asc(productBundles.name)),
    db
      .select({ bundleId: bundleItems.bundleId, productId: bundleItems.productId, name: products.name, sku: products.sku, quantity: bundleItems.quantity })
      .from(bundleItems)
      .innerJoin(products, eq(products.id, bundleItems.productId))
      .orderBy(asc(products.name)),
  ]);
  return bundles.map((bundle) => ({
    id: bundle.id,
    name: bundle.name,
    description: bundle.description,
    discountedPrice: bundle.discountedPrice,
    active: bundle.active,
    items: items.filter((item) => item.bundleId === bundle.id).map(({ bundleId: _bundleId, ...item }) => item),
  }));
}
