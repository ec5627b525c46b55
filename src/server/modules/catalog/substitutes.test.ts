import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createWarehouses } from '../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { substituteCandidates, substituteCharge, substitutePriceCeiling } from './substitutes';

describe('the price a substitute may have', () => {
  it('is at most a fifth above what the customer paid a unit, and the customer is charged no more than that', () => {
    expect(substitutePriceCeiling(360)).toBe(432);
    expect(substitutePriceCeiling(49)).toBe(58);
    expect(substituteCharge({ linePrice: 360, substitutePrice: 399 })).toBe(360);
    expect(substituteCharge({ linePrice: 360, substitutePrice: 229 })).toBe(229);
  });
});

describe.each(databaseKinds)('substitutes a grocery warehouse suggests, on %s', (kind) => {
  let t: TestApp;
  let warehouseId: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const db = t.database.db;
    const [warehouse] = await createWarehouses({
      db,
      warehouses: [{ name: 'Georgetown', streetAddress: '1 Main', city: 'Georgetown', state: 'TX', zipCode: '78626', latitude: 30.63, longitude: -97.68, location: 'Georgetown, TX' }],
    });
    warehouseId = warehouse!.id;
    // The demo catalog's dairy aisle and fruit, at that warehouse's prices.
    const { category: dairy, subcategories: [milk, yogurt, eggs, cheese] } = await createCategory({
      db,
      name: 'Dairy & Eggs',
      slug: 'dairy-eggs',
      subcategories: [
        { name: 'Milk & Cream', slug: 'milk-cream' },
        { name: 'Yogurt', slug: 'yogurt' },
        { name: 'Eggs & Butter', slug: 'eggs-butter' },
        { name: 'Cheese', slug: 'cheese' },
      ],
    });
    const { category: produce, subcategories: [fruit] } = await createCategory({ db, name: 'Fruits & Vegetables', slug: 'fruits-vegetables', subcategories: [{ name: 'Fresh Fruit', slug: 'fresh-fruit' }] });
    const products: [string, string, string, number, number][] = [
      ['Whole Milk', dairy.id, milk!.id, 399, 146],
      ['2% Reduced Fat Milk', dairy.id, milk!.id, 399, 80],
      ['Organic Whole Milk', dairy.id, milk!.id, 549, 30],
      ['Ultra-Filtered 2% Milk', dairy.id, milk!.id, 479, 30],
      ['Half & Half', dairy.id, milk!.id, 379, 40],
      ['Unsweetened Almond Milk', dairy.id, milk!.id, 379, 40],
      ['Heavy Whipping Cream', dairy.id, milk!.id, 449, 40],
      ['Whole Milk Cottage Cheese', dairy.id, cheese!.id, 499, 20],
      ['Vanilla Icelandic Skyr', dairy.id, yogurt!.id, 219, 54],
      ['Vanilla Greek Yogurt Cup', dairy.id, yogurt!.id, 149, 150],
      ['Original Strawberry Yogurt', dairy.id, yogurt!.id, 89, 144],
      ['Large Grade A Eggs', dairy.id, eggs!.id, 329, 149],
      ['Hass Avocados', produce.id, fruit!.id, 489, 145],
      ['Large Avocado', produce.id, fruit!.id, 199, 60],
      ['Gala Apples', produce.id, fruit!.id, 469, 220],
      ['Strawberries', produce.id, fruit!.id, 469, 166],
      ['Lemons', produce.id, fruit!.id, 439, 150],
      ['Pineapple', produce.id, fruit!.id, 349, 175],
      ['Ataulfo Mangoes', produce.id, fruit!.id, 129, 0],
    ];
    for (const [index, [name, categoryId, subcategoryId, price, stockQuantity]] of products.entries()) {
      const product = await createProduct({ db, name, sku: `T-SUB-${index}`, categoryId, subcategoryId, shelves: [{ warehouseId, price, stockQuantity }] });
      ids.set(name, product.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const suggest = async (name: string, linePrice: number, q?: string) =>
    (await substituteCandidates(t.database.db, { warehouseId, productId: ids.get(name)!, linePrice, units: 1, q })).map((candidate) => candidate.name);

  it('suggests other milks for whole milk bought at a discount, a little dearer included, before the rest of the dairy aisle', async () => {
    // Bought at $3.60 (a quantity discount on $3.99): 2% milk at $3.99 is the natural substitute.
    expect(await suggest('Whole Milk', 360)).toEqual([
      '2% Reduced Fat Milk',
      'Unsweetened Almond Milk',
      'Half & Half',
      // Then the rest of Dairy & Eggs, the closest in price to the milk first; never much dearer ones.
      'Large Grade A Eggs',
      'Vanilla Icelandic Skyr',
      'Vanilla Greek Yogurt Cup',
      'Original Strawberry Yogurt',
    ]);
  });

  it('finds 2% milk when the manager searches for milk', async () => {
    expect(await suggest('Whole Milk', 360, 'milk')).toEqual(['2% Reduced Fat Milk', 'Unsweetened Almond Milk']);
  });

  it('suggests another avocado before other fruit, whatever its price, and never one out of stock', async () => {
    const fruit = await suggest('Hass Avocados', 489);
    expect(fruit[0]).toBe('Large Avocado');
    expect(fruit.slice(1)).toEqual(['Gala Apples', 'Strawberries', 'Lemons', 'Pineapple']);
    expect(fruit).not.toContain('Ataulfo Mangoes');
  });
});
