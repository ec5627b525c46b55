import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiagnosticsReport } from '@/shared/contracts/diagnostics';
import { createAccount } from '../../db/seed/factories';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { failureDetails, runDiagnostics } from './run-diagnostics';

const viewerOf = (role: Viewer['role']): Viewer => ({ userId: 'u', email: 'e@example.test', profileId: 'p', role, warehouseIds: [], kitchenIds: [] });

describe.each(databaseKinds)('diagnostics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an admin with one passing result per dependency', async () => {
    const email = uniqueEmail('admin');
    await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Ada', lastName: 'Admin', role: 'admin' } });
    const client = t.client();
    await signIn(client, email);
    const response = await client.request('/api/admin/diagnostics');
    expect(response.status).toBe(200);
    const report = (await response.json()) as DiagnosticsReport;
    expect(report.ok).toBe(true);
    expect(report.checks.map((check) => [check.name, check.status])).toEqual([
      ['Database', 'pass'],
      ['Migrations', 'pass'],
      ['Mail', 'pass'],
      ['Geocoder', 'pass'],
      ['Payments', 'pass'],
      ['Storage', 'pass'],
      ['AI assistant', 'pass'],
      ['Google sign-in', 'skipped'],
    ]);
  });

  it('checks the role itself, whatever route calls it', async () => {
    for (const role of ['customer', 'manager', 'driver', 'cloud_kitchen', 'support'] as const) {
      await expect(runDiagnostics({ deps: t.deps, viewer: viewerOf(role), logger: t.deps.logger })).rejects.toMatchObject(
        new AppError({ kind: 'FORBIDDEN', message: 'You do not have access to this.' }),
      );
    }
  });

  it("reports a failing dependency with a fixed message, and logs the dependency's own message", async () => {
    const logged: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (logged.push(chunk.toString()), done()) }));
    const secret = 'connect to https://user:hunter2@geo.internal failed with token sk-live-123';
    const geocoder: Geocoder = { ...t.deps.geocoder, verify: () => Promise.reject(Object.assign(new Error(secret), { code: 'ECONNREFUSED' })) };
    const report = await runDiagnostics({ deps: { ...t.deps, geocoder }, viewer: viewerOf('admin'), logger });
    const failed = report.checks.find((check) => check.name === 'Geocoder');
    expect(report.ok).toBe(false);
    expect(failed).toMatchObject({ status: 'fail', detail: failureDetails.Geocoder });
    expect(JSON.stringify(report)).not.toContain('hunter2');
    expect(logged.join('\n')).toContain('hunter2');
  });
});
