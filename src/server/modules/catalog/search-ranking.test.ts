import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@/shared/contracts/catalog';
import { expectJson } from '../../test/expect-json';
import { createOrder, signedInPerson } from '../../test/order-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { refreshPopularity } from './popularity';
import { searchCases } from './search-ranking-cases';

describe.each(databaseKinds)('search ranking over the demo catalog on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { SEED_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (q: string) => expectJson<ProductList>(await t.request(`/api/products?q=${encodeURIComponent(q)}&sort=relevance&pageSize=12`));

  it('keeps a set of at least 30 queries', () => {
    expect(searchCases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(searchCases)('$q', async ({ q, top = 5, first, must, mustNot = [] }) => {
    const names = (await search(q)).items.map((item) => item.name);
    const firstResults = names.slice(0, top);
    if (first) expect(names[0], `first result of '${q}' in ${JSON.stringify(names)}`).toBe(first);
    expect(firstResults, `first ${top} results of '${q}'`).toEqual(expect.arrayContaining(must));
    for (const name of mustNot) expect(firstResults, `first ${top} results of '${q}'`).not.toContain(name);
  });

  it('puts what the warehouse sells more first among matches alike', async () => {
    const before = await search('chiken');
    expect(before.items[0]!.name).not.toBe('Chicken Drumsticks');
    const drumsticks = before.items.find((item) => item.name === 'Chicken Drumsticks')!;
    const customer = await signedInPerson(t, { role: 'customer' });
    await createOrder(t.database.db, {
      customerProfileId: customer.profileId,
      warehouseId: before.warehouseId,
      lines: [{ itemType: 'product', productId: drumsticks.id, quantity: 12, unitPrice: drumsticks.price }],
    });
    await refreshPopularity({ db: t.database.db });
    const after = await search('chiken');
    expect(after.items[0]!.name).toBe('Chicken Drumsticks');
    // Popularity orders within the closest matches of the query's own category; it lifts no dog treat.
    expect(after.items.slice(0, 6).map((item) => item.name)).not.toContain('Bits Chicken Training Treats');
  });
});
