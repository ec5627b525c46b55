import { asc, inArray } from 'drizzle-orm';
import { MAX_LISTED_ISSUES, PREVIEW_ROWS, type ImportPreview } from '@/shared/contracts/catalog-import';
import type { Db } from '../../db/client';
import { listWarehouseNames } from '../locations/list-warehouse-names';
import { categories, products, subcategories } from './catalog.tables';
import { readProductImport, type ImportReferences, type ReadImport } from './read-product-import';

/** The categories (with subcategories) and warehouses an import file may name. */
export async function loadImportReferences(db: Db): Promise<ImportReferences> {
  const [categoryRows, subcategoryRows, warehouses] = await Promise.all([
    db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name)),
    db.select({ id: subcategories.id, name: subcategories.name, slug: subcategories.slug, categoryId: subcategories.categoryId }).from(subcategories).orderBy(asc(subcategories.sortOrder), asc(subcategories.name)),
    listWarehouseNames(db),
  ]);
  return {
    categories: categoryRows.map((category) => ({ ...category, subcategories: subcategoryRows.filter((subcategory) => subcategory.categoryId === category.id) })),
    warehouses,
  };
}

/** Which of these SKUs the catalog already has. */
async function existingSkus(db: Db, skus: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices, so no statement carries more parameters than the protocol allows.
  for (let start = 0; start < skus.length; start += 5_000) {
    const rows = await db.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus.slice(start, start + 5_000)));
    for (const row of rows) found.add(row.sku);
  }
  return found;
}

/** What an import would do, row by row: new and updated products, and every problem. */
function describeImport(read: ReadImport, existing: Set<string>): ImportPreview {
  const action = (row: ReadImport['rows'][number]) => (!row.product ? 'skip' : existing.has(row.product.sku) ? 'update' : 'create');
  const good = read.rows.filter((row) => row.product);
  return {
    warehouses: read.warehouses,
    counts: {
      rows: read.rows.length,
      new: good.filter((row) => !existing.has(row.sku)).length,
      updated: good.filter((row) => existing.has(row.sku)).length,
      errors: read.rows.length - good.length,
    },
    issues: read.issues.slice(0, MAX_LISTED_ISSUES),
    issueCount: read.issues.length,
    rows: read.rows.slice(0, PREVIEW_ROWS).map((row) => ({ row: row.row, sku: row.sku, name: row.name, category: row.category, shelves: row.shelves, action: action(row) })),
  };
}

/** Checks an import file without writing anything. */
export async function previewProductImport(options: { db: Db; csv: string }): Promise<ImportPreview> {
  const read = readProductImport(options.csv, await loadImportReferences(options.db));
  const skus = read.rows.flatMap((row) => (row.product ? [row.product.sku] : []));
  return describeImport(read, await existingSkus(options.db, skus));
}
