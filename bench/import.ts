/**
 * `npx tsx bench/import.ts [--rows 10000] [--database pglite|postgres]`
 *
 * Times the bulk product import through the real app in this process (no network): a fresh database
 * (PGlite in memory, or a new database on the server of TEST_DATABASE_URL), the small test catalog,
 * a signed-in admin, then a file of N products priced in two warehouses: its preview, its import
 * (all new products) and its import again (all updates). Prints the figures for docs/benchmarks.md.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { createCatalogFixture } from '../src/server/test/catalog-fixture';
import { signedInPerson } from '../src/server/test/order-fixture';
import { createTestApp } from '../src/server/test/test-app';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, database: { type: 'string', default: 'pglite' } } });
const rowCount = Number(values.rows);
const kind = values.database === 'postgres' ? 'postgres' : 'pglite';
if (kind === 'postgres' && !process.env.TEST_DATABASE_URL) {
  console.error('--database postgres needs TEST_DATABASE_URL (a server where a scratch database may be created)');
  process.exit(1);
}

const t = await createTestApp({ kind });
try {
  const f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  const admin = await signedInPerson(t, { role: 'admin' });
  const rows = Array.from({ length: rowCount }, (_, index) => ({
    sku: `BENCH-${String(index).padStart(6, '0')}`,
    name: `Bench product ${index}`,
    brand: 'Bench',
    unit: '1 each',
    category: index % 2 === 0 ? f.categories.produce.slug : f.categories.meat.slug,
    short_description: 'A product of the import benchmark',
    [`price_cents:${f.warehouses.austin.name}`]: String(100 + (index % 900)),
    [`stock:${f.warehouses.austin.name}`]: String(index % 100),
    [`price_cents:${f.warehouses.jersey.name}`]: String(150 + (index % 900)),
    [`stock:${f.warehouses.jersey.name}`]: String(index % 60),
  }));
  const csv = Papa.unparse(rows);

  const timed = async (label: string, path: string, body: unknown) => {
    const started = performance.now();
    const response = await admin.client.request(path, { method: 'POST', json: body });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    if (response.status !== 200) throw new Error(`${label}: ${response.status} ${text.slice(0, 200)}`);
    const last = text.trim().split('\n').at(-1)!;
    console.log(`${label}: ${ms} ms  ${label === 'preview' ? '' : last}`);
    return ms;
  };

  console.log(`${rowCount} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB), ${kind}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
  await timed('preview', '/api/admin/catalog/import/preview', { csv });
  await timed('import (all new)', '/api/admin/catalog/import', { csv });
  await timed('import again (all updates)', '/api/admin/catalog/import', { csv });
} finally {
  await t.close();
}
