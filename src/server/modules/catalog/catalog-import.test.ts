import Papa from 'papaparse';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvent, importPreview, type ImportEvent } from '@/shared/contracts/catalog-import';
import { importCopy } from '@/shared/staff-copy';
import { expectJson } from '../../test/expect-json';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { signedInPerson, type Person } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { products, warehouseProducts } from './catalog.tables';

const refusals = importCopy.refusals;
const header = 'sku,name,brand,unit,category,subcategory,short_description,description,image_urls,price_cents:Austin,stock:Austin,active:Austin,price_cents:Jersey City';

const csvOf = (...lines: string[]) => [header, ...lines].join('\n') + '\n';

async function readEvents(response: Response): Promise<ImportEvent[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => importEvent.parse(JSON.parse(line)));
}

describe.each(databaseKinds)('catalog import on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
    admin = await signedInPerson(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const preview = async (csv: string) => importPreview.parse(await expectJson(await admin.client.request('/api/admin/catalog/import/preview', { method: 'POST', json: { csv } }), 200));
  const runImport = (csv: string, goodRowsOnly = false) => admin.client.request('/api/admin/catalog/import', { method: 'POST', json: { csv, goodRowsOnly } });
  const productsLike = (prefix: string) => db().select().from(products).where(like(products.sku, `${prefix}%`));
  const shelvesOf = (productId: string) => db().select().from(warehouseProducts).where(eq(warehouseProducts.productId, productId));

  it('creates products with their shelves, then updates them by SKU', async () => {
    const first = csvOf(
      'CR-1,Oat Milk,Oatly,64 fl oz,fruits-vegetables,fresh-fruit,Creamy,"Two lines:\nshake well",,499,24,true,529',
      'CR-2,Sourdough,,1 loaf,Meat & Seafood,,Fresh,,https://cdn.example.test/a.jpg|/api/uploads/x.png,650,,no,',
    );
    const checked = await preview(first);
    expect(checked.counts).toEqual({ rows: 2, new: 2, updated: 0, errors: 0 });
    expect(checked.issues).toEqual([]);
    expect(checked.warehouses).toEqual(['Austin', 'Jersey City']);
    expect(checked.rows.map((row) => [row.row, row.sku, row.action, row.shelves])).toEqual([[2, 'CR-1', 'create', 2], [3, 'CR-2', 'create', 1]]);
    expect(await productsLike('CR-')).toHaveLength(0);

    const events = await readEvents(await runImport(first));
    expect(events.at(0)).toEqual({ type: 'progress', done: 0, total: 2 });
    expect(events).toContainEqual({ type: 'progress', done: 2, total: 2 });
    expect(events.at(-1)).toEqual({ type: 'summary', summary: { created: 2, updated: 0, skipped: 0, errors: 0 } });

    const [milk] = await db().select().from(products).where(eq(products.sku, 'CR-1'));
    expect(milk).toMatchObject({ name: 'Oat Milk', brand: 'Oatly', unit: '64 fl oz', categoryId: f.categories.produce.id, subcategoryId: f.subcategories.fruit.id, description: 'Two lines:\nshake well' });
    expect(milk!.productImages).toEqual(['/api/media/products/CR-1.svg']);
    const milkShelves = await shelvesOf(milk!.id);
    expect(milkShelves.map((shelf) => [shelf.warehouseId, shelf.price, shelf.stockQuantity, shelf.active]).sort()).toEqual(
      [[f.warehouses.austin.id, 499, 24, true], [f.warehouses.jersey.id, 529, 0, true]].sort(),
    );
    const [bread] = await db().select().from(products).where(eq(products.sku, 'CR-2'));
    expect(bread).toMatchObject({ categoryId: f.categories.meat.id, subcategoryId: null, productImages: ['https://cdn.example.test/a.jpg', '/api/uploads/x.png'] });
    expect((await shelvesOf(bread!.id)).map((shelf) => [shelf.price, shelf.stockQuantity, shelf.active])).toEqual([[650, 0, false]]);

    // The second file leaves out brand and stock: those keep their values; the rest is replaced.
    const second = [
      'sku,name,category,subcategory,price_cents:austin',
      'CR-1,Oat Milk Barista,fruits-vegetables,fresh-vegetables,459',
      'CR-3,Rye Bread,meat-seafood,poultry,300',
    ].join('\r\n');
    expect((await preview(second)).counts).toEqual({ rows: 2, new: 1, updated: 1, errors: 0 });
    const events2 = await readEvents(await runImport(second));
    expect(events2.at(-1)).toEqual({ type: 'summary', summary: { created: 1, updated: 1, skipped: 0, errors: 0 } });
    const [updated] = await db().select().from(products).where(eq(products.sku, 'CR-1'));
    expect(updated).toMatchObject({ id: milk!.id, name: 'Oat Milk Barista', brand: 'Oatly', subcategoryId: f.subcategories.vegetables.id });
    const austinShelf = (await shelvesOf(milk!.id)).find((shelf) => shelf.warehouseId === f.warehouses.austin.id);
    expect(austinShelf).toMatchObject({ price: 459, stockQuantity: 24, active: true });
    expect(await productsLike('CR-')).toHaveLength(3);

  });

  it('lists every problem by row and column and writes nothing', async () => {
    const bad = csvOf(
      'ER-1,Good,,,fruits-vegetables,,,,,100,1,true,',
      'ER-2,,,,fruits-vegetables,,,,,100,,,',
      'ER-3,Price,,,fruits-vegetables,,,,,4.99,,,-5',
      'ER-4,Stock,,,fruits-vegetables,,,,,100,-1,maybe,',
      'ER-5,Category,,,Toys,,,,,100,,,',
      'ER-6,Subcategory,,,fruits-vegetables,poultry,,,,100,,,',
      'ER-1,Duplicate,,,fruits-vegetables,,,,,100,,,',
      `ER-7,${'x'.repeat(201)},,,fruits-vegetables,,,,,100,,,`,
      'ER-8,Bell\u0007,,,fruits-vegetables,,,,,100,,,',
      'ER-9,Too few fields',
      'ER-10,Shelf,,,fruits-vegetables,,,,,,5,,',
      'bad sku!,Image,,,fruits-vegetables,,,,javascript:alert(1),100,,,',
    );
    const checked = await preview(bad);
    expect(checked.counts).toEqual({ rows: 12, new: 1, updated: 0, errors: 11 });
    const at = (row: number) => checked.issues.filter((issue) => issue.row === row).map((issue) => [issue.column, issue.message]);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual([['name', refusals.required]]);
    expect(at(4)).toEqual([['price_cents:Austin', refusals.price], ['price_cents:Jersey City', refusals.price]]);
    expect(at(5)).toEqual([['stock:Austin', refusals.stock], ['active:Austin', refusals.active]]);
    expect(at(6)).toEqual([['category', refusals.unknownCategory('Toys')]]);
    expect(at(7)).toEqual([['subcategory', refusals.unknownSubcategory('poultry')]]);
    expect(at(8)).toEqual([['sku', refusals.duplicateSku(2)]]);
    expect(at(9)).toEqual([['name', refusals.tooLong(200)]]);
    expect(at(10)).toEqual([['name', refusals.controlCharacters]]);
    expect(at(11)).toEqual([[null, refusals.fieldCount(2, 13)]]);
    expect(at(12)).toEqual([['price_cents:Austin', refusals.shelfNeedsPrice]]);
    expect(at(13)).toEqual([['sku', refusals.skuFormat], ['image_urls', refusals.imageUrl]]);

    const refused = await expectJson<{ error: { code: string; message: string } }>(await runImport(bad), 400);
    expect(refused.error).toEqual({ code: 'IMPORT_HAS_ERRORS', message: refusals.hasErrors });
    expect(await productsLike('ER-')).toHaveLength(0);
  });

  it('reports wrong columns in the header as row 1 and refuses them even for good rows only', async () => {
    const csv = 'sku,name,colour,price_cents:Atlantis,price_cents:Austin,price_cents:austin\nHD-1,Thing,red,1,2,3\n';
    const checked = await preview(csv);
    expect(checked.issues.map((issue) => [issue.row, issue.column, issue.message])).toEqual([
      [1, 'colour', refusals.unknownColumn],
      [1, 'price_cents:Atlantis', refusals.unknownWarehouse('Atlantis')],
      [1, 'price_cents:austin', refusals.duplicateColumn],
      [1, 'category', refusals.missingColumn],
    ]);
    expect(checked.counts.rows).toBe(0);
    expect((await runImport(csv, true)).status).toBe(400);
    expect(await productsLike('HD-')).toHaveLength(0);
  });

  it('refuses an empty file, a file of only a header and a body that is not a file', async () => {
    for (const csv of ['', header, `${header}\n\n`]) {
      const response = await admin.client.request('/api/admin/catalog/import/preview', { method: 'POST', json: { csv } });
      expect(response.status).toBe(400);
    }
    expect((await admin.client.request('/api/admin/catalog/import', { method: 'POST', json: { csv: 12 } })).status).toBe(400);
  });

  it('imports exactly the good rows when asked, each with its shelves', async () => {
    const mixed = csvOf(
      'GR-1,Kept,,,fruits-vegetables,,,,,100,5,,200',
      'GR-2,Left out,,,fruits-vegetables,,,,,100,,,-1',
      'GR-3,Also kept,,,meat-seafood,poultry,,,,300,,,',
    );
    const events = await readEvents(await runImport(mixed, true));
    expect(events.at(-1)).toEqual({ type: 'summary', summary: { created: 2, updated: 0, skipped: 1, errors: 1 } });
    const imported = await productsLike('GR-');
    expect(imported.map((product) => product.sku).sort()).toEqual(['GR-1', 'GR-3']);
    const shelves = await db().select().from(warehouseProducts).where(inArray(warehouseProducts.productId, imported.map((product) => product.id)));
    expect(shelves).toHaveLength(3);
  });

  // Ten thousand rows through the whole import: seconds on a quiet machine, far more on a busy one.
  it('imports 10,000 rows fully and correctly', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      sku: `BULK-${String(index).padStart(5, '0')}`,
      name: `Bulk product ${index}`,
      category: index % 2 === 0 ? 'fruits-vegetables' : 'meat-seafood',
      'price_cents:Austin': String(100 + index),
      'stock:Austin': String(index % 50),
      'price_cents:Jersey City': index % 3 === 0 ? String(200 + index) : '',
    }));
    const csv = Papa.unparse(rows);
    const checked = await preview(csv);
    expect(checked.counts).toEqual({ rows: 10_000, new: 10_000, updated: 0, errors: 0 });
    const events = await readEvents(await runImport(csv));
    expect(events.filter((event) => event.type === 'progress').length).toBeGreaterThan(2);
    expect(events.at(-1)).toEqual({ type: 'summary', summary: { created: 10_000, updated: 0, skipped: 0, errors: 0 } });

    const [counts] = await db()
      .select({ products: sql<number>`count(distinct ${products.id})::int`, shelves: sql<number>`count(${warehouseProducts.productId})::int` })
      .from(products)
      .leftJoin(warehouseProducts, eq(warehouseProducts.productId, products.id))
      .where(like(products.sku, 'BULK-%'));
    expect(counts).toEqual({ products: 10_000, shelves: 10_000 + 3_334 });
    const [austinOnly] = await db().select().from(products).where(eq(products.sku, 'BULK-09998'));
    expect(austinOnly).toMatchObject({ name: 'Bulk product 9998', categoryId: f.categories.produce.id });
    expect((await shelvesOf(austinOnly!.id)).map((shelf) => [shelf.warehouseId, shelf.price, shelf.stockQuantity])).toEqual([[f.warehouses.austin.id, 10_098, 48]]);
    const [both] = await db().select().from(products).where(eq(products.sku, 'BULK-09999'));
    expect(both).toMatchObject({ name: 'Bulk product 9999', categoryId: f.categories.meat.id });
    expect((await shelvesOf(both!.id)).map((shelf) => shelf.price).sort()).toEqual([10_099, 10_199]);
  }, 120_000);

  it('serves the template with the header for every warehouse and two example rows that import as they are', async () => {
    const response = await admin.client.request('/api/admin/catalog/import/template');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    const csv = await response.text();
    const [head, ...rows] = Papa.parse<string[]>(csv.trim()).data;
    expect(head!.slice(0, 9)).toEqual(['sku', 'name', 'brand', 'unit', 'category', 'subcategory', 'short_description', 'description', 'image_urls']);
    expect(head).toEqual(expect.arrayContaining(['price_cents:Austin', 'stock:Jersey City', 'active:Closed']));
    expect(rows).toHaveLength(2);
    expect((await preview(csv)).counts).toEqual({ rows: 2, new: 2, updated: 0, errors: 0 });
  });

  it('reads rows added to the template on lines that end differently from its own', async () => {
    const template = await (await admin.client.request('/api/admin/catalog/import/template')).text();
    expect(template).toContain('\r\n');
    const [head] = Papa.parse<string[]>(template.trim()).data;
    const added = head!.map((column) => ({ sku: 'EOL-1', name: 'Line Ending Tea', unit: '20 bags', category: 'fruits-vegetables' })[column] ?? '');
    const checked = await preview(`${template.replace(/(\r\n)*$/, '')}\n${added.join(',')}\n`);
    expect(checked.issues).toEqual([]);
    expect(checked.counts).toEqual({ rows: 3, new: 3, updated: 0, errors: 0 });
    expect(checked.rows.at(-1)).toMatchObject({ row: 4, sku: 'EOL-1', name: 'Line Ending Tea' });
  });

  it('is for admins only', async () => {
    for (const role of ['customer', 'manager', 'support'] as const) {
      const person = await signedInPerson(t, { role });
      expect((await person.client.request('/api/admin/catalog/import', { method: 'POST', json: { csv: csvOf('NA-1,No,,,fruits-vegetables,,,,,100,,,') } })).status).toBe(403);
      expect((await person.client.request('/api/admin/catalog/import/preview', { method: 'POST', json: { csv: header } })).status).toBe(403);
      expect((await person.client.request('/api/admin/catalog/import/template')).status).toBe(403);
    }
    expect(await productsLike('NA-')).toHaveLength(0);
  });
});
