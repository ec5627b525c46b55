import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CheckoutQuote } from '@/shared/contracts/orders';
import { createCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { tomorrowAt } from '../test/checkout-helpers';
import { createTestApp, signUp, type TestApp } from '../test/test-app';

let t: TestApp;
let f: CatalogFixture;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: tomorrowAt(14) });
  t = await createTestApp({ kind: 'postgres' });
  f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
});
afterAll(async () => { vi.useRealTimers(); await t.close(); });

it('counts', async () => {
  const client = t.client();
  await signUp(client);
  const addr = await (await client.request('/api/addresses', { method: 'POST', json: { label: 'H', streetAddress: '1 A', city: 'Austin', state: 'TX', zipCode: '78701' } })).json() as { id: string };
  await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 } });
  const quote = await (await client.request('/api/checkout/quote', { method: 'POST', json: { addressId: addr.id } })).json() as CheckoutQuote;
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string; name?: string };
    seen.push(typeof q === 'string' ? q.slice(0, 90) : `${q.name ?? '-'}: ${q.text.slice(0, 90)}`);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const res = await client.request('/api/orders', { method: 'POST', json: { addressId: addr.id, delivery: { kind: 'asap' }, tip: 0, paymentMethod: 'cash_on_delivery', expectedTotal: quote.totals.totalAmount }, headers: { 'Idempotency-Key': 'abcdefgh12' } });
  pg.Client.prototype.query = original;
  console.log(res.status, seen.length, '\n' + seen.map((s) => s.replace(/\s+/g, ' ')).join('\n'));
  expect(res.status).toBe(201);
});
