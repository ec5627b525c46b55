import { randomUUID } from 'node:crypto';
import type { ImportInput, ImportSummary } from '@/shared/contracts/catalog-import';
import { auditCopy, importCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { loadImportReferences } from './preview-product-import';
import { readProductImport, type ImportedProduct } from './read-product-import';
import { writeImportedProducts } from './write-imported-products';

export interface ImportPlan {
  products: ImportedProduct[];
  skipped: number;
  errors: number;
}

/**
 * Checks a file before anything is written. A file with any problem is refused whole, unless the
 * admin asked for its good rows only; a problem in the header (a column that means nothing) is
 * refused either way, since every row would lose that column.
 */
export async function planProductImport(options: { db: Db; input: ImportInput }): Promise<ImportPlan> {
  const { csv, goodRowsOnly = false } = options.input;
  const read = readProductImport(csv, await loadImportReferences(options.db));
  const headerIssues = read.issues.filter((issue) => issue.row === 1);
  if (read.issues.length > 0 && (!goodRowsOnly || headerIssues.length > 0)) {
    throw new AppError({ kind: 'VALIDATION_FAILED', code: 'IMPORT_HAS_ERRORS', message: importCopy.refusals.hasErrors });
  }
  const products = read.rows.flatMap((row) => (row.product ? [row.product] : []));
  if (products.length === 0) throw new AppError({ kind: 'VALIDATION_FAILED', code: 'IMPORT_HAS_ERRORS', message: importCopy.refusals.nothingGood });
  return { products, skipped: read.rows.length - products.length, errors: read.issues.length };
}

/**
 * Writes a checked import in one transaction, a batch at a time, telling `onProgress` how far it has
 * got; one audit entry records the import with its counts.
 */
export async function runProductImport(options: {
  db: Db;
  viewer: Viewer;
  plan: ImportPlan;
  onProgress: (done: number, total: number) => Promise<void>;
}): Promise<ImportSummary> {
  const { plan } = options;
  const total = plan.products.length;
  return options.db.transaction(async (tx) => {
    const { created, updated } = await writeImportedProducts(tx, plan.products, (done) => options.onProgress(done, total));
    const summary = { created, updated, skipped: plan.skipped, errors: plan.errors };
    await recordAudit(tx, options.viewer, {
      action: 'catalog.products_imported',
      entityType: 'product_import',
      entityId: randomUUID(),
      summary: auditCopy.catalog.productsImported({ total, created, updated, skipped: plan.skipped }),
      after: summary,
    });
    return summary;
  });
}
