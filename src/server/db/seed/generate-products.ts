import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { products, warehouseProducts } from '../../modules/catalog/catalog.tables';
import { warehouses } from '../../modules/locations/locations.tables';
import { seedCategories } from './catalog-data';
import { productRow, shelfFor } from './catalog';
import { seededRandom } from './random';

const variants = ['Value Pack', 'Family Size', 'Organic', 'Club Pack', 'Snack Size', 'Reserve', 'Select', 'Lite', 'Classic', 'Extra'];

/**
 * Adds `count` generated products for benchmarks: variants of the demo catalog's products in the same
 * categories, each priced and stocked in every warehouse. Needs the demo catalog to be seeded first.
 */
export async function generateProducts(options: { db: Db; count: number; onProgress?: (done: number) => void }) {
  const { db, count } = options;
  const random = seededRandom(count);
  const stores = await db.select({ id: warehouses.id }).from(warehouses);
  const subcategoryIds = new Map(
    (await queryRows<{ slug: string; id: string; categoryId: string }>(db, sql`select slug, id, category_id as "categoryId" from subcategories`)).map(
      (row) => [row.slug, row],
    ),
  );
  const bases = seedCategories.flatMap((category) =>
    category.subcategories.flatMap((subcategory) => subcategory.products.map((product) => ({ product, subcategory: subcategoryIds.get(subcategory.slug) }))),
  );
  if (bases.some((base) => !base.subcategory)) throw new Error('Seed the demo catalog before generating products.');

  const [{ start = 0 } = {}] = await queryRows<{ start: number }>(db, sql`select count(*)::int as start from products where sku like 'GEN-%'`);
  const batchSize = 500;
  for (let offset = 0; offset < count; offset += batchSize) {
    const rows: (ReturnType<typeof productRow> & { basePrice: number })[] = [];
    for (let index = offset; index < Math.min(count, offset + batchSize); index += 1) {
      const serial = start + index;
      const base = bases[serial % bases.length]!;
      const variant = `${variants[Math.floor(serial / bases.length) % variants.length]} ${Math.floor(serial / (bases.length * variants.length)) + 1}`;
      const sku = `GEN-${String(serial + 1).padStart(6, '0')}`;
      rows.push({
        ...productRow({ ...base.product, name: `${base.product.name} ${variant}` }, sku, base.subcategory!.categoryId, base.subcategory!.id),
        basePrice: base.product.priceCents,
      });
    }
    const inserted = await db
      .insert(products)
      .values(rows.map(({ basePrice: _basePrice, ...row }) => row))
      .returning({ id: products.id });
    const shelves = inserted.flatMap((product, index) =>
      stores.map((store) => ({ warehouseId: store.id, productId: product.id, ...shelfFor(random, rows[index]!.basePrice) })),
    );
    await db.insert(warehouseProducts).values(shelves);
    options.onProgress?.(Math.min(count, offset + batchSize));
  }
  // Vacuumed as well as analysed, as autovacuum would leave them on a live server: the shelf's
  // index-only scans read the heap for every entry until the visibility map says its pages are all visible.
  for (const table of ['products', 'warehouse_products', 'shelf_words']) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
}
