import Papa from 'papaparse';
import { importInput, importPreviewInput, requiredColumns, type ImportEvent, type ImportIssue, type ImportPreview } from '@/shared/contracts/catalog-import';
import { importCopy } from '@/shared/staff-copy';
import { parse, Refusal, type FakeApi } from './fake-api';

const refusals = importCopy.refusals;

/** What the fake makes of a file: the server's checks of the header, required cells and prices. */
function check(csv: string, existingSkus: ReadonlySet<string>) {
  const [header = [], ...records] = Papa.parse<string[]>(csv.trim()).data;
  const issues: ImportIssue[] = requiredColumns.filter((column) => !header.includes(column)).map((column) => ({ row: 1, column, message: refusals.missingColumn }));
  const rows = records.map((record, index) => {
    const row = index + 2;
    const cell = (column: string) => (record[header.indexOf(column)] ?? '').trim();
    const rowIssues: ImportIssue[] = [];
    for (const column of requiredColumns) if (header.includes(column) && cell(column) === '') rowIssues.push({ row, column, message: refusals.required });
    header.forEach((column, at) => {
      const value = (record[at] ?? '').trim();
      if (column.startsWith('price_cents:') && value !== '' && !/^\d+$/.test(value)) rowIssues.push({ row, column, message: refusals.price });
    });
    issues.push(...rowIssues);
    const sku = cell('sku');
    const action = rowIssues.length > 0 ? 'skip' : existingSkus.has(sku) ? 'update' : 'create';
    return { row, sku, name: cell('name'), category: cell('category'), action, shelves: header.filter((column) => column.startsWith('price_cents:')).length } as const;
  });
  const preview: ImportPreview = {
    warehouses: header.filter((column) => column.startsWith('price_cents:')).map((column) => column.slice('price_cents:'.length)),
    counts: {
      rows: rows.length,
      new: rows.filter((row) => row.action === 'create').length,
      updated: rows.filter((row) => row.action === 'update').length,
      errors: rows.filter((row) => row.action === 'skip').length,
    },
    issues,
    issueCount: issues.length,
    rows: rows.slice(0, 20),
  };
  return { preview, goodSkus: rows.filter((row) => row.action !== 'skip').map((row) => row.sku) };
}

/** Newline-delimited JSON, as the server streams an import. */
export function ndjson(events: ImportEvent[]): Response {
  return new Response(events.map((event) => `${JSON.stringify(event)}\n`).join(''), { headers: { 'content-type': 'application/x-ndjson' } });
}

/**
 * The bulk product upload (admins only): a preview of a file, and an import that refuses a file with
 * errors unless asked for its good rows, streams progress in batches and ends with the summary.
 * Imported SKUs are remembered, so a second import of the same file updates.
 */
export function installCatalogImportFakes(api: FakeApi) {
  const imported = new Set<string>();
  const requireAdmin = () => {
    if (api.viewerOrRefuse().profile.role !== 'admin') throw new Refusal(403, 'FORBIDDEN', 'You do not have access to this.');
  };
  api.define('POST /api/admin/catalog/import/preview', (request) => {
    requireAdmin();
    return check(parse(importPreviewInput, request.body).csv, imported).preview;
  });
  api.define('POST /api/admin/catalog/import', (request) => {
    requireAdmin();
    const input = parse(importInput, request.body);
    const { preview, goodSkus } = check(input.csv, imported);
    if (preview.issueCount > 0 && !input.goodRowsOnly) throw new Refusal(400, 'IMPORT_HAS_ERRORS', refusals.hasErrors);
    const good = preview.counts.new + preview.counts.updated;
    for (const sku of goodSkus) imported.add(sku);
    return ndjson([
      { type: 'progress', done: 0, total: good },
      { type: 'progress', done: good, total: good },
      { type: 'summary', summary: { created: preview.counts.new, updated: preview.counts.updated, skipped: preview.counts.errors, errors: preview.issueCount } },
    ]);
  });
}
