import { createRoute, z } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { importInput, importPreview, importPreviewInput, type ImportEvent } from '@/shared/contracts/catalog-import';
import { importCopy } from '@/shared/staff-copy';
import type { AppDeps } from '../../lib/context';
import { errorEntry } from '../../lib/logger';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { importTemplate } from './import-template';
import { planProductImport, runProductImport } from './import-products';
import { previewProductImport } from './preview-product-import';

const tags = ['Catalog import'];

/** The import path prefix, which has its own body limit (a file of 10,000 rows is a few megabytes). */
export const CATALOG_IMPORT_PATH = '/api/admin/catalog/import';

const templateRoute = createRoute({
  method: 'get',
  path: '/template',
  tags,
  summary: 'The CSV template: the header for every warehouse and two example rows',
  responses: { 200: { content: { 'text/csv': { schema: z.string() } }, description: 'The template' }, ...errorResponses(401, 403) },
});

const previewRoute = createRoute({
  method: 'post',
  path: '/preview',
  tags,
  summary: 'Check an import file without writing: counts, every problem by row and column, the first rows',
  request: { body: jsonBody(importPreviewInput) },
  responses: { 200: jsonContent(importPreview, 'What the import would do'), ...errorResponses(400, 401, 403) },
});

const importRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Import products by SKU, streaming progress',
  description:
    'Refused with 400 IMPORT_HAS_ERRORS (nothing written) when any row has a problem, unless `goodRowsOnly`. Otherwise answers ' +
    'newline-delimited JSON (importEvent): `progress` after each batch, then `summary`, or `failed` if the transaction was rolled back.',
  request: { body: jsonBody(importInput) },
  responses: { 200: { content: { 'application/x-ndjson': { schema: z.string() } }, description: 'Progress, then the summary' }, ...errorResponses(400, 401, 403) },
});

export function createCatalogImportRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('admin'));
  return router
    .openapi(templateRoute, async (c) =>
      c.body(await importTemplate(db), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="freshcart-products-template.csv"',
      }),
    )
    .openapi(previewRoute, async (c) => c.json(await previewProductImport({ db, csv: c.req.valid('json').csv }), 200))
    .openapi(importRoute, async (c) => {
      const plan = await planProductImport({ db, input: c.req.valid('json') });
      const viewer = c.var.viewer;
      const logger = c.var.logger;
      c.header('content-type', 'application/x-ndjson; charset=utf-8');
      // zod-openapi types a content type naming json that is not JSON as `never`; this answer is a stream.
      const response: Response = stream(c, async (out) => {
        const send = (event: ImportEvent) => out.write(`${JSON.stringify(event)}\n`).then(() => undefined);
        try {
          await send({ type: 'progress', done: 0, total: plan.products.length });
          const summary = await runProductImport({ db, viewer, plan, onProgress: (done, total) => send({ type: 'progress', done, total }) });
          await send({ type: 'summary', summary });
        } catch (error) {
          logger.error(errorEntry(error), 'product import failed');
          await send({ type: 'failed', message: importCopy.failed });
        }
      });
      return response as never;
    });
}
