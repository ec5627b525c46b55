import { z } from 'zod';
import { importCopy } from '../staff-copy';

/** The product columns of an import file; every warehouse adds its own shelf columns (see `shelfColumn`). */
export const productColumns = ['sku', 'name', 'brand', 'unit', 'category', 'subcategory', 'short_description', 'description', 'image_urls'] as const;
export type ProductColumn = (typeof productColumns)[number];
export const requiredColumns: readonly ProductColumn[] = ['sku', 'name', 'category'];

/** What a warehouse's shelf columns set: the price in cents, the stock, and whether it is on sale. */
export const shelfFields = ['price_cents', 'stock', 'active'] as const;
export type ShelfField = (typeof shelfFields)[number];
export const shelfColumn = (field: ShelfField, warehouseName: string) => `${field}:${warehouseName}`;

/** Limits of one file: a little over the largest catalog we expect to load at once. */
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_CHARACTERS = 8 * 1024 * 1024;
/** How many rows a preview shows. */
export const PREVIEW_ROWS = 20;
/** How many problems a preview lists; the count says how many there are in all. */
export const MAX_LISTED_ISSUES = 1_000;

const csv = z
  .string({ error: importCopy.refusals.noFile })
  .min(1, importCopy.refusals.noFile)
  .max(MAX_IMPORT_CHARACTERS, importCopy.refusals.tooLarge);

/** POST /api/admin/catalog/import/preview: the file's text. */
export const importPreviewInput = z.object({ csv });

/** POST /api/admin/catalog/import: the file, and whether to import its good rows when some are bad. */
export const importInput = z.object({ csv, goodRowsOnly: z.boolean().default(false) });
export type ImportInput = z.input<typeof importInput>;

/** One problem: the file's row (the header is row 1) and column, or null for the whole row. */
export const importIssue = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssue>;

export const importRowActions = ['create', 'update', 'skip'] as const;

export const importPreview = z.object({
  /** The warehouses the file has shelf columns for. */
  warehouses: z.array(z.string()),
  counts: z.object({
    rows: z.number().int(),
    new: z.number().int(),
    updated: z.number().int(),
    /** Rows with at least one problem (a problem of the header counts as none). */
    errors: z.number().int(),
  }),
  issues: z.array(importIssue),
  /** Every problem, of which `issues` lists the first MAX_LISTED_ISSUES. */
  issueCount: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      sku: z.string(),
      name: z.string(),
      category: z.string(),
      action: z.enum(importRowActions),
      /** Warehouses whose shelf the row sets. */
      shelves: z.number().int(),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importSummary = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows left out because they had problems (good-rows-only imports). */
  skipped: z.number().int(),
  /** Problems found in the rows left out. */
  errors: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** One line of the import's answer (newline-delimited JSON): progress, then a summary or a failure. */
export const importEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('summary'), summary: importSummary }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ImportEvent = z.infer<typeof importEvent>;
