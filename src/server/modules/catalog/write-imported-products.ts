import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productPictures } from './media-urls';
import { products, warehouseProducts } from './catalog.tables';
import type { ImportedProduct, ImportedShelf } from './read-product-import';

/** Rows per statement: well under the protocol's 65,535 parameters, few enough round trips for 10,000 rows. */
const PRODUCTS_PER_STATEMENT = 500;
const SHELVES_PER_STATEMENT = 1_000;

type ProductField = 'brand' | 'unit' | 'shortDescription' | 'description' | 'subcategoryId' | 'productImages';
const optionalFields: { field: ProductField; present: (product: ImportedProduct) => boolean }[] = [
  { field: 'brand', present: (product) => product.brand !== undefined },
  { field: 'unit', present: (product) => product.unit !== undefined },
  { field: 'shortDescription', present: (product) => product.shortDescription !== undefined },
  { field: 'description', present: (product) => product.description !== undefined },
  { field: 'subcategoryId', present: (product) => product.subcategoryId !== undefined },
  { field: 'productImages', present: (product) => product.images !== undefined },
];
const columnOf: Record<ProductField, string> = {
  brand: 'brand',
  unit: 'unit',
  shortDescription: 'short_description',
  description: 'description',
  subcategoryId: 'subcategory_id',
  productImages: 'product_images',
};

/**
 * Inserts or updates products by SKU, a batch per statement, and answers each SKU's id and whether
 * it was new. A file's columns are the same on every row, so the first row tells which fields the
 * file sets; the others keep their value on an update.
 */
async function upsertProducts(tx: Db, batch: ImportedProduct[]): Promise<Map<string, { id: string; created: boolean }>> {
  const fields = optionalFields.filter(({ present }) => present(batch[0]!)).map(({ field }) => field);
  const set: Record<string, ReturnType<typeof sql>> = {
    name: sql`excluded.name`,
    categoryId: sql`excluded.category_id`,
    updatedAt: sql`now()`,
  };
  for (const field of fields) set[field] = sql.raw(`excluded.${columnOf[field]}`);
  // A product moved to another category without a subcategory column leaves its old subcategory.
  if (!fields.includes('subcategoryId')) {
    set.subcategoryId = sql`case when ${products.categoryId} = excluded.category_id then ${products.subcategoryId} end`;
  }
  const rows = await tx
    .insert(products)
    .values(
      batch.map((product) => ({
        sku: product.sku,
        name: product.name,
        categoryId: product.categoryId,
        subcategoryId: product.subcategoryId ?? null,
        brand: product.brand ?? '',
        unit: product.unit ?? '',
        shortDescription: product.shortDescription ?? '',
        description: product.description ?? '',
        productImages: productPictures(product.sku, product.images),
      })),
    )
    .onConflictDoUpdate({ target: products.sku, set })
    // xmax is 0 only on a row this statement inserted.
    .returning({ id: products.id, sku: products.sku, created: sql<boolean>`(xmax = 0)` });
  return new Map(rows.map((row) => [row.sku, { id: row.id, created: row.created }]));
}

/**
 * Sets shelves, a batch per statement. A shelf's stock and active flag are set only when the file
 * gives them, so shelves are grouped by which of the two they carry, one statement shape per group.
 */
async function upsertShelves(tx: Db, shelves: (ImportedShelf & { productId: string })[]) {
  const groups = new Map<string, typeof shelves>();
  for (const shelf of shelves) {
    const shape = `${shelf.stockQuantity !== undefined}:${shelf.active !== undefined}`;
    const group = groups.get(shape);
    if (group) group.push(shelf);
    else groups.set(shape, [shelf]);
  }
  for (const group of groups.values()) {
    const set: Record<string, ReturnType<typeof sql>> = { price: sql`excluded.price`, updatedAt: sql`now()` };
    if (group[0]!.stockQuantity !== undefined) set.stockQuantity = sql`excluded.stock_quantity`;
    if (group[0]!.active !== undefined) set.active = sql`excluded.active`;
    for (let start = 0; start < group.length; start += SHELVES_PER_STATEMENT) {
      await tx
        .insert(warehouseProducts)
        .values(
          group.slice(start, start + SHELVES_PER_STATEMENT).map((shelf) => ({
            warehouseId: shelf.warehouseId,
            productId: shelf.productId,
            price: shelf.price,
            stockQuantity: shelf.stockQuantity ?? 0,
            active: shelf.active ?? true,
          })),
        )
        .onConflictDoUpdate({ target: [warehouseProducts.warehouseId, warehouseProducts.productId], set });
    }
  }
}

/**
 * Writes imported products and their shelves inside the caller's transaction, in batches, telling
 * `onProgress` after each how many rows are written; answers how many products were new and updated.
 */
export async function writeImportedProducts(
  tx: Db,
  rows: ImportedProduct[],
  onProgress: (done: number) => Promise<void>,
): Promise<{ created: number; updated: number }> {
  let created = 0;
  for (let start = 0; start < rows.length; start += PRODUCTS_PER_STATEMENT) {
    const batch = rows.slice(start, start + PRODUCTS_PER_STATEMENT);
    const ids = await upsertProducts(tx, batch);
    for (const { created: isNew } of ids.values()) if (isNew) created += 1;
    await upsertShelves(
      tx,
      batch.flatMap((product) => product.shelves.map((shelf) => ({ ...shelf, productId: ids.get(product.sku)!.id }))),
    );
    await onProgress(start + batch.length);
  }
  return { created, updated: rows.length - created };
}
