import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../db/seed/factories';
import type { Viewer } from '../../lib/context';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { spyOnQueries } from '../../test/pg-query-spy';
import { addCartItem } from './add-cart-item';
import { lockCart, writeLine } from './cart-access';

/** Waiting on a lock and counting what goes over the wire only mean something on a server: PostgreSQL. */
describe.skipIf(!databaseKinds.includes('postgres'))('adding to the cart on postgres, over the wire', () => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function customer(): Promise<Viewer> {
    const email = uniqueEmail('adding');
    const { userId, profile } = await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Ad', lastName: 'Der', role: 'customer' } });
    return { userId, email, role: 'customer', profileId: profile.id, warehouseIds: [], kitchenIds: [] };
  }

  const add = (viewer: Viewer, productId: string, quantity = 1) =>
    addCartItem({ db: t.database.db, viewer, item: { itemType: 'product', productId, warehouseId: f.warehouses.austin.id, quantity } });

  /** The statements and the writes to the database of one add. */
  async function counted(viewer: Viewer, productId: string) {
    const sent: string[] = [];
    const spy = spyOnQueries(sent);
    const writes = [vi.spyOn(Socket.prototype, '_write'), vi.spyOn(Socket.prototype, '_writev')];
    try {
      const cart = await add(viewer, productId);
      return { sent, written: writes.reduce((total, write) => total + write.mock.calls.length, 0), cart };
    } finally {
      spy.restore();
      for (const write of writes) write.mockRestore();
    }
  }

  it('adds to an empty cart in 4 prepared statements between begin and commit, in 2 writes: the item read with the cart, the commit with the line', async () => {
    const viewer = await customer();
    const { sent, written, cart } = await counted(viewer, f.products.bananas.id);
    expect(sent).toEqual(['begin', 'lock_and_read_cart', 'describe_cart_items', 'delivery_warehouse', 'write_cart_line', 'commit']);
    expect(written).toBe(2);
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([[f.products.bananas.id, 1]]);
  });

  it("adds beside other lines in 3 writes: the item read with the cart, the other lines knowing the item's warehouse, the commit with the line", async () => {
    const viewer = await customer();
    await add(viewer, f.products.bananas.id);
    const { sent, written } = await counted(viewer, f.products.apples.id);
    expect(sent).toEqual(['begin', 'lock_and_read_cart', 'describe_cart_items', 'delivery_warehouse', 'describe_cart_items', 'write_cart_line', 'commit']);
    expect(written).toBe(3);
  });

  it('adds to a line the cart holds at its new quantity, in 3 writes', async () => {
    const viewer = await customer();
    await add(viewer, f.products.bananas.id, 2);
    const { written, cart } = await counted(viewer, f.products.bananas.id);
    expect(written).toBe(3);
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([[f.products.bananas.id, 3]]);
  });

  it('an add waiting for the cart counts a line committed meanwhile', async () => {
    const viewer = await customer();
    await add(viewer, f.products.bananas.id);
    let adding: Promise<Awaited<ReturnType<typeof add>>> | undefined;
    await t.database.db.transaction(async (tx) => {
      const cartId = await lockCart(tx, viewer.profileId);
      await writeLine(tx, cartId, {
        itemType: 'product',
        productId: f.products.apples.id,
        bundleId: null,
        bogoOfferId: null,
        cloudKitchenProductId: null,
        warehouseId: f.warehouses.austin.id,
        quantity: 2,
        unitPrice: 199,
        originalPrice: 199,
      });
      adding = add(viewer, f.products.apples.id);
      // Long enough for the add to be waiting on the cart's lock when this commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const cart = await adding!;
    expect(cart.items.map((item) => [item.productId, item.quantity])).toEqual([
      [f.products.bananas.id, 1],
      [f.products.apples.id, 3],
    ]);
  });
});
