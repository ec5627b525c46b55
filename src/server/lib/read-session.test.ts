import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignWarehouseStaff, createAccount, createWarehouses } from '../db/seed/factories';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-database';
import { countStatements } from '../test/statement-counter';
import { createSessionReader, verifySignedToken } from './read-session';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const sign = (token: string, encoding: 'base64' | 'base64url' = 'base64') =>
  `${token}.${createHmac('sha256', secret).update(token).digest(encoding)}`;

describe('signed session tokens', () => {
  it("accepts better-auth's signed cookie value, encoded or not, and the bearer form", () => {
    expect(verifySignedToken(sign('abc123'), secret)).toBe('abc123');
    expect(verifySignedToken(encodeURIComponent(sign('abc123')), secret)).toBe('abc123');
    expect(verifySignedToken(sign('abc123', 'base64url'), secret)).toBe('abc123');
  });

  it('refuses a forged, truncated or foreign signature', () => {
    const signed = sign('abc123');
    expect(verifySignedToken(signed.replace('abc123', 'abc124'), secret)).toBeNull();
    expect(verifySignedToken(signed.slice(0, -4), secret)).toBeNull();
    expect(verifySignedToken('abc123', secret)).toBeNull();
    expect(verifySignedToken(sign('abc123'), 'another-secret-0123456789-0123456789')).toBeNull();
    expect(verifySignedToken('%E0%A4%A', secret)).toBeNull();
  });
});

describe.each(databaseKinds)('the viewer of a session on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carries the warehouses run in the current role and the kitchens owned, read in one query', async () => {
    const db = t.database.db;
    const [north, south] = await createWarehouses({
      db,
      warehouses: ['North', 'South'].map((name, index) => ({
        name,
        streetAddress: `${index} Main`,
        city: name,
        state: 'TX',
        zipCode: '78701',
        latitude: 30 + index,
        longitude: -97,
        location: `${name}, TX`,
      })),
    });
    const email = uniqueEmail();
    const { profile } = await createAccount({ db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Mo', lastName: 'Manager', role: 'manager' } });
    await assignWarehouseStaff({ db, profileId: profile.id, role: 'manager', warehouseIds: [north!.id] });
    // Staff rows of another role than the profile's give no access.
    await assignWarehouseStaff({ db, profileId: profile.id, role: 'driver', warehouseIds: [south!.id] });
    const client = t.client();
    expect((await signIn(client, email)).status).toBe(200);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    const readSession = createSessionReader({ auth: t.deps.auth, db });
    const counter = countStatements(t.database);
    const viewer = await readSession({ cookie });
    counter.stop();
    expect(counter.statements).toHaveLength(1);
    expect(viewer).toEqual({
      userId: expect.any(String),
      email,
      profileId: profile.id,
      role: 'manager',
      warehouseIds: [north!.id],
      kitchenIds: [],
    });
  });
});
