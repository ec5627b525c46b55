import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DiagnosticsReport } from '@/shared/contracts/diagnostics';
import { createAccount } from '../../db/seed/factories';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { failureDetails, runDiagnostics } from './run-diagnostics';

const secretMessage = 'connect ECONNREFUSED smtp://mailer:hunter2@10.1.2.3:587';

describe.each(databaseKinds)('admin diagnostics on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const email = uniqueEmail('admin');
    await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Ada', lastName: 'Admin', role: 'admin' } });
    admin = t.client();
    expect((await signIn(admin, email)).status).toBe(200);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('passes every check it can with details of what it found', async () => {
    const response = await admin.request('/api/admin/diagnostics');
    expect(response.status).toBe(200);
    const report = (await response.json()) as DiagnosticsReport;
    expect(report.checks.find((check) => check.name === 'Database')).toMatchObject({ status: 'pass', detail: expect.stringContaining('PostgreSQL') });
    expect(report.checks.find((check) => check.name === 'Payments')).toMatchObject({
      status: 'pass',
      detail: 'Pay on delivery only (card payments are not configured)',
    });
    expect(report.checks.find((check) => check.name === 'AI assistant')).toMatchObject({ status: 'pass', detail: 'Built-in assistant (no AI provider configured)' });
  });

  it('reports a failing dependency with a fixed message, never the error it threw', async () => {
    vi.spyOn(t.deps.mailer, 'verify').mockRejectedValueOnce(new Error(secretMessage));
    vi.spyOn(t.deps.geocoder, 'verify').mockRejectedValueOnce(new Error('Mapbox token pk.secret-token refused'));
    vi.spyOn(t.deps.payments, 'verify').mockRejectedValueOnce(new Error('Invalid API Key provided: sk_test_secret-key'));
    vi.spyOn(t.deps.assistant, 'verify').mockRejectedValueOnce(new Error('401 Incorrect API key provided: sk-secret-model-key'));
    const response = await admin.request('/api/admin/diagnostics');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('10.1.2.3');
    expect(text).not.toContain('pk.secret-token');
    expect(text).not.toContain('sk_test_secret-key');
    expect(text).not.toContain('sk-secret-model-key');
    const report = JSON.parse(text) as DiagnosticsReport;
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.name === 'Mail')).toMatchObject({ status: 'fail', detail: failureDetails.Mail });
    expect(report.checks.find((check) => check.name === 'Geocoder')).toMatchObject({ status: 'fail', detail: failureDetails.Geocoder });
    expect(report.checks.find((check) => check.name === 'Payments')).toMatchObject({ status: 'fail', detail: failureDetails.Payments });
    expect(report.checks.find((check) => check.name === 'AI assistant')).toMatchObject({ status: 'fail', detail: failureDetails['AI assistant'] });
    expect(report.checks.find((check) => check.name === 'Database')?.status).toBe('pass');
  });

  it('logs the detail of a failing check for whoever runs the server', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    const mailer = { ...t.deps.mailer, verify: () => Promise.reject(new Error(secretMessage)) };
    const admin = { userId: 'u', email: 'a@example.test', profileId: 'p', role: 'admin' as const, warehouseIds: [], kitchenIds: [] };
    const report = await runDiagnostics({ deps: { ...t.deps, mailer }, viewer: admin, logger });
    expect(report.checks.find((check) => check.name === 'Mail')?.detail).toBe(failureDetails.Mail);
    const entry = JSON.parse(lines.find((line) => line.includes('diagnostic check failed'))!) as { check: string; error: { message: string } };
    expect(entry).toMatchObject({ check: 'Mail', error: { message: secretMessage } });
  });
});
