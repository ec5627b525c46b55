import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@/shared/contracts/cart';
import type { Deals, ProductDetail, ProductList } from '@/shared/contracts/catalog';
import { cartRefusals } from '@/shared/copy';
import { queryRows } from '../../db/client';
import { createBogoOffer, createDiscount } from '../../db/seed/factories';
import { createCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { expectError } from '../../test/expect-error';
import { expectJson } from '../../test/expect-json';
import { createTestApp, signUp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { bogoOffers, discounts } from './catalog.tables';

const day = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * day);

describe.each(databaseKinds)('discounts on every product and offer windows on %s', (kind) => {
  let t: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    f = await createCatalogFixture({ database: t.database, auth: t.deps.auth });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  /** Runs a test with extra discounts in place, and takes them away after it. */
  async function withDiscounts(list: Omit<Parameters<typeof createDiscount>[0], 'db'>[], run: () => Promise<void>) {
    const created = [];
    for (const values of list) created.push(await createDiscount({ db: db(), ...values }));
    try {
      await run();
    } finally {
      for (const discount of created) await db().delete(discounts).where(eq(discounts.id, discount.id));
    }
  }

  const best = async (product: CatalogFixture['products']['chicken'], quantity: number) => {
    const rows = await queryRows<{ discount_percentage: string | number; scope: string; min_quantity: number }>(
      db(),
      sql`select * from get_best_discount_for_product_with_quantity(${product.id}::uuid, ${product.categoryId}::uuid, ${product.subcategoryId}::uuid, ${quantity})`,
    );
    return rows.map((row) => ({ percentage: Number(row.discount_percentage), scope: row.scope, minQuantity: row.min_quantity }));
  };

  const quoteLine = async (productId: string, quantity: number) => {
    const quote = await expectJson<Cart>(
      await t.client().request('/api/cart/quote', {
        method: 'POST',
        json: { items: [{ id: 'a', itemType: 'product', productId, warehouseId: f.warehouses.austin.id, quantity }] },
      }),
    );
    return quote.items[0]!;
  };

  describe('a discount on every product', () => {
    it('applies to products of any aisle from its minimum quantity, the best percentage winning', async () => {
      await withDiscounts(
        [
          { name: 'Everything 3+', minQuantity: 3, percentage: 5 },
          { name: 'Everything 8+', minQuantity: 8, percentage: 15 },
        ],
        async () => {
          // Bananas have no discount of their own: only the ones on every product.
          expect(await best(f.products.bananas, 2)).toEqual([]);
          expect(await best(f.products.bananas, 3)).toEqual([{ percentage: 5, scope: 'all', minQuantity: 3 }]);
          expect(await best(f.products.bananas, 8)).toEqual([{ percentage: 15, scope: 'all', minQuantity: 8 }]);
          // The chicken's own 10 % from 2 beats 5 % on everything; 15 % on everything beats its 12.5 %.
          expect(await best(f.products.chicken, 4)).toEqual([{ percentage: 10, scope: 'product', minQuantity: 2 }]);
          expect(await best(f.products.chicken, 8)).toEqual([{ percentage: 15, scope: 'all', minQuantity: 8 }]);
        },
      );
      // A tie goes to the narrower discount.
      await withDiscounts([{ name: 'Everything 2+', minQuantity: 2, percentage: 10 }], async () => {
        expect(await best(f.products.bananas, 2)).toEqual([{ percentage: 10, scope: 'all', minQuantity: 2 }]);
        expect(await best(f.products.chicken, 2)).toEqual([{ percentage: 10, scope: 'product', minQuantity: 2 }]);
      });
    });

    it('counts only inside its validity window and while active', async () => {
      await withDiscounts(
        [
          { name: 'Ended', minQuantity: 1, percentage: 30, validUntil: daysFromNow(-1) },
          { name: 'Not yet', minQuantity: 1, percentage: 40, validFrom: daysFromNow(1) },
          { name: 'Off', minQuantity: 1, percentage: 50, active: false },
          { name: 'Running', minQuantity: 1, percentage: 20, validFrom: daysFromNow(-1), validUntil: daysFromNow(1) },
        ],
        async () => {
          expect(await best(f.products.carrots, 1)).toEqual([{ percentage: 20, scope: 'all', minQuantity: 1 }]);
        },
      );
    });

    it('prices cart lines and shows as a tier on the product page', async () => {
      await withDiscounts([{ name: 'Everything 3+', minQuantity: 3, percentage: 20 }], async () => {
        // Bananas: 49 ¢ each, 20 % off from 3 → 39 ¢ (half up).
        expect(await quoteLine(f.products.bananas.id, 2)).toMatchObject({ unitPrice: 49, originalPrice: 49 });
        expect(await quoteLine(f.products.bananas.id, 3)).toMatchObject({ unitPrice: 39, originalPrice: 49 });

        // A customer's cart is re-priced with it when the quantity changes.
        const client = t.client();
        expect((await signUp(client)).response.status).toBe(200);
        const added = await expectJson<Cart>(
          await client.request('/api/cart/items', { method: 'POST', json: { itemType: 'product', productId: f.products.bananas.id, warehouseId: f.warehouses.austin.id, quantity: 1 } }),
        );
        expect(added.items[0]).toMatchObject({ unitPrice: 49 });
        const raised = await expectJson<Cart>(await client.request(`/api/cart/items/${added.items[0]!.id}`, { method: 'PATCH', json: { quantity: 3 } }));
        expect(raised.items[0]).toMatchObject({ quantity: 3, unitPrice: 39, originalPrice: 49 });

        const detail = await expectJson<ProductDetail>(await t.request(`/api/products/${f.products.bananas.id}?warehouseId=${f.warehouses.austin.id}`));
        expect(detail.discountTiers).toEqual([{ minQuantity: 3, percentage: 20, scope: 'all' }]);
      });
    });
  });

  describe('a BOGO offer with a validity window', () => {
    it('is listed, shown on the product card and sold only inside its window', async () => {
      const austin = f.warehouses.austin.id;
      const carrots = f.products.carrots.id;
      const offer = await createBogoOffer({ db: db(), name: 'Carrots 1+1', productId: carrots, buyQuantity: 1, getQuantity: 1, startsAt: daysFromNow(1) });
      const bogoItem = { itemType: 'bogo', bogoOfferId: offer.id, warehouseId: austin, quantity: 1 };
      const state = async () => {
        const deals = await expectJson<Deals>(await t.request(`/api/deals?warehouseId=${austin}`));
        const list = await expectJson<ProductList>(await t.request(`/api/products?warehouseId=${austin}&sort=name_asc`));
        const quote = await expectJson<Cart>(await t.client().request('/api/cart/quote', { method: 'POST', json: { items: [{ id: 'o', ...bogoItem }] } }));
        return {
          listed: deals.bogoOffers.some((deal) => deal.id === offer.id),
          onCard: list.items.find((item) => item.id === carrots)?.bogo?.id === offer.id,
          quoted: quote.items.map((line) => ({ unitPrice: line.unitPrice, originalPrice: line.originalPrice })),
          skipped: quote.skipped.map((notice) => notice.reason),
        };
      };

      // Before its start: not offered, and a cart cannot take it.
      expect(await state()).toEqual({ listed: false, onCard: false, quoted: [], skipped: [cartRefusals.unavailable] });
      const client = t.client();
      expect((await signUp(client)).response.status).toBe(200);
      await expectError(await client.request('/api/cart/items', { method: 'POST', json: bogoItem }), 404, 'NOT_FOUND');

      // Inside its window: offered and priced as one unit paid for two (carrots are 149 ¢).
      await db().update(bogoOffers).set({ startsAt: daysFromNow(-1), endsAt: daysFromNow(1) }).where(eq(bogoOffers.id, offer.id));
      expect(await state()).toEqual({ listed: true, onCard: true, quoted: [{ unitPrice: 149, originalPrice: 298 }], skipped: [] });
      const cart = await expectJson<Cart>(await client.request('/api/cart/items', { method: 'POST', json: bogoItem }));
      expect(cart.items[0]).toMatchObject({ unitPrice: 149, maxQuantity: 1 });

      // After its end: gone from the shop, and the line in the cart reads like an inactive offer's.
      await db().update(bogoOffers).set({ startsAt: null, endsAt: daysFromNow(-1 / 24) }).where(eq(bogoOffers.id, offer.id));
      expect(await state()).toEqual({ listed: false, onCard: false, quoted: [], skipped: [cartRefusals.unavailable] });
      const ended = await expectJson<Cart>(await client.request('/api/cart'));
      await db().update(bogoOffers).set({ endsAt: null, active: false }).where(eq(bogoOffers.id, offer.id));
      const inactive = await expectJson<Cart>(await client.request('/api/cart'));
      expect(ended.items[0]).toMatchObject({ maxQuantity: 0 });
      expect(ended.items).toEqual(inactive.items);
      await db().delete(bogoOffers).where(eq(bogoOffers.id, offer.id));
    });

    it('refuses a window that ends before it starts', async () => {
      await expect(
        createBogoOffer({ db: db(), name: 'Backwards', productId: f.products.carrots.id, buyQuantity: 1, getQuantity: 1, startsAt: daysFromNow(2), endsAt: daysFromNow(1) }),
      ).rejects.toThrow();
    });
  });
});
