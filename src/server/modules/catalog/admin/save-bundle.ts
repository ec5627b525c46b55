import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { bundleInput } from '@/shared/contracts/catalog-admin';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { recordAudit } from '../../audit/record-audit';
import { bundleItems, productBundles, products } from '../catalog.tables';
import { assertAdmin, fieldError, notFound, refusals, uniqueViolationOf } from './catalog-admin-errors';

/** Creates a bundle (no id) or changes one, its components replaced by the ones given. */
export async function saveBundle(options: { db: Db; viewer: Viewer; bundleId?: string; input: z.output<typeof bundleInput> }): Promise<string> {
  const { db, viewer, bundleId, input } = options;
  assertAdmin(viewer);
  const values = { name: input.name, description: input.description, discountedPrice: input.discountedPrice, active: input.active };
  try {
    return await db.transaction(async (tx) => {
      const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, input.items.map((item) => item.productId)));
      if (known.length !== input.items.length) throw fieldError('items', refusals.productUnknown);
      let id = bundleId;
      let before: unknown = null;
      if (!id) {
        const [created] = await tx.insert(productBundles).values(values).returning({ id: productBundles.id });
        id = created!.id;
      } else {
        const [existing] = await tx.select().from(productBundles).where(eq(productBundles.id, id)).for('update');
        if (!existing) throw notFound(refusals.bundleNotFound);
        const oldItems = await tx.select({ productId: bundleItems.productId, quantity: bundleItems.quantity }).from(bundleItems).where(eq(bundleItems.bundleId, id));
        before = { name: existing.name, description: existing.description, discountedPrice: existing.discountedPrice, active: existing.active, items: oldItems };
        await tx.update(productBundles).set(values).where(eq(productBundles.id, id));
        await tx.delete(bundleItems).where(eq(bundleItems.bundleId, id));
      }
      const bundle = id;
      await tx.insert(bundleItems).values(input.items.map((item) => ({ bundleId: bundle, productId: item.productId, quantity: item.quantity })));
      await recordAudit(tx, viewer, {
        action: bundleId ? 'bundle.updated' : 'bundle.created',
        entityType: 'bundle',
        entityId: bundle,
        summary: (bundleId ? auditCopy.catalog.bundleEdited : auditCopy.catalog.bundleCreated)(values.name),
        before,
        after: { ...values, items: input.items },
      });
      return bundle;
    });
  } catch (error) {
    if (uniqueViolationOf(error)) throw fieldError('name', refusals.nameTaken);
    throw error;
  }
}
