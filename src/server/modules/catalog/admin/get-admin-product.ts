import { eq } from 'drizzle-orm';
import type { AdminProduct } from '@/shared/contracts/catalog-admin';
import type { Db } from '../../../db/client';
import type { Viewer } from '../../../lib/context';
import { listWarehouses } from '../../locations/list-warehouses';
import { products, warehouseProducts } from '../catalog.tables';
import { productPhotos, productPictures } from '../media-urls';
import { assertAdmin, notFound, refusals } from './catalog-admin-errors';

/** A product as the admin edits it, with its shelf at every open warehouse (unstocked ones without a price). */
export async function getAdminProduct(options: { db: Db; viewer: Viewer; productId: string }): Promise<AdminProduct> {
  const { db, productId } = options;
  assertAdmin(options.viewer);
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw notFound(refusals.productNotFound);
  const [warehouses, shelves] = await Promise.all([
    listWarehouses({ db }),
    db.select().from(warehouseProducts).where(eq(warehouseProducts.productId, productId)),
  ]);
  const shelfOf = new Map(shelves.map((shelf) => [shelf.warehouseId, shelf]));
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    unit: product.unit,
    shortDescription: product.shortDescription,
    description: product.description,
    categoryId: product.categoryId,
    subcategoryId: product.subcategoryId,
    // The admin edits the photos alone; the drawn picture stands in for them, not among them.
    images: productPhotos(product.productImages),
    picture: productPictures(product.sku, product.productImages)[0]!,
    shelves: warehouses.map((warehouse) => {
      const shelf = shelfOf.get(warehouse.id);
      return {
        warehouseId: warehouse.id,
        warehouseName: warehouse.name,
        price: shelf?.price ?? null,
        stockQuantity: shelf?.stockQuantity ?? 0,
        active: shelf?.active ?? false,
      };
    }),
  };
}
