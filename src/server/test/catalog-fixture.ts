import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cloudKitchenProducts } from '../modules/kitchens/kitchens.tables';
import {
  createBogoOffer,
  createBundle,
  createCategory,
  createDiscount,
  createProduct,
  createWarehouses,
} from '../db/seed/factories';
import { createAccount } from '../db/seed/factories';
import { createKitchenWithMenu } from '../db/seed/kitchens';
import type { Auth } from '../lib/auth';
import { testPassword } from './test-app';

/**
 * A small catalog with known prices: two active warehouses and an inactive one, products with
 * discounts at every scope, a bundle, a BOGO offer and a kitchen with two dishes.
 */
export async function createCatalogFixture(options: { database: Database; auth: Auth }) {
  const db = options.database.db;
  const [austin, jersey, closed] = await createWarehouses({
    db,
    warehouses: [
      { name: 'Austin', streetAddress: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.27, longitude: -97.74, location: 'Austin, TX', kitchenDefault: true },
      { name: 'Jersey City', streetAddress: '2 Main', city: 'Jersey City', state: 'NJ', zipCode: '07302', latitude: 40.72, longitude: -74.04, location: 'Jersey City, NJ' },
      { name: 'Closed', streetAddress: '3 Main', city: 'Waco', state: 'TX', zipCode: '76701', latitude: 31.55, longitude: -97.15, location: 'Waco, TX', active: false },
    ],
  });
  const { category: produce, subcategories: [fruit, vegetables] } = await createCategory({
    db,
    name: 'Fruits & Vegetables',
    slug: 'fruits-vegetables',
    subcategories: [
      { name: 'Fresh Fruit', slug: 'fresh-fruit' },
      { name: 'Fresh Vegetables', slug: 'fresh-vegetables' },
    ],
  });
  const { category: meat, subcategories: [poultry] } = await createCategory({
    db,
    name: 'Meat & Seafood',
    slug: 'meat-seafood',
    subcategories: [{ name: 'Poultry', slug: 'poultry' }],
  });
  const shelves = (austinPrice: number, austinStock: number, jerseyPrice?: number) => [
    { warehouseId: austin!.id, price: austinPrice, stockQuantity: austinStock },
    ...(jerseyPrice ? [{ warehouseId: jersey!.id, price: jerseyPrice, stockQuantity: 50 }] : []),
    { warehouseId: closed!.id, price: austinPrice, stockQuantity: 50 },
  ];
  const bananas = await createProduct({ db, name: 'Bananas', sku: 'T-BAN', brand: 'Dole', categoryId: produce.id, subcategoryId: fruit!.id, shelves: shelves(49, 100, 59) });
  const apples = await createProduct({ db, name: 'Gala Apples', sku: 'T-APL', categoryId: produce.id, subcategoryId: fruit!.id, shelves: shelves(199, 100, 209) });
  const carrots = await createProduct({ db, name: 'Baby Carrots', sku: 'T-CAR', categoryId: produce.id, subcategoryId: vegetables!.id, shelves: shelves(149, 3) });
  const chicken = await createProduct({
    db,
    name: 'Boneless Skinless Chicken Breast',
    sku: 'T-CHK',
    brand: 'Perdue',
    categoryId: meat.id,
    subcategoryId: poultry!.id,
    shelves: shelves(899, 40, 949),
  });
  const unsold = await createProduct({ db, name: 'Dragon Fruit', sku: 'T-DRA', categoryId: produce.id, subcategoryId: fruit!.id, shelves: [] });

  // Discounts on the chicken at every scope: product 10 % from 2, category 7.5 % from 4, subcategory 12.5 % from 6.
  await createDiscount({ db, name: 'Chicken 2+', productId: chicken.id, minQuantity: 2, percentage: 10 });
  await createDiscount({ db, name: 'Meat 4+', categoryId: meat.id, minQuantity: 4, percentage: 7.5 });
  await createDiscount({ db, name: 'Poultry 6+', subcategoryId: poultry!.id, minQuantity: 6, percentage: 12.5 });
  await createDiscount({ db, name: 'Expired', productId: chicken.id, minQuantity: 1, percentage: 50, validUntil: new Date('2020-01-01') });
  await createDiscount({ db, name: 'Switched off', productId: chicken.id, minQuantity: 1, percentage: 40, active: false });

  const bundle = await createBundle({
    db,
    name: 'Fruit Basket',
    discountedPrice: 400,
    items: [
      { productId: bananas.id, quantity: 2 },
      { productId: apples.id, quantity: 2 },
    ],
  });
  const bogo = await createBogoOffer({ db, name: 'Buy 2 Get 1 Apples', productId: apples.id, buyQuantity: 2, getQuantity: 1 });

  const owner = await createAccount({
    db,
    auth: options.auth,
    account: { email: `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, password: testPassword, firstName: 'Ona', lastName: 'Owner', role: 'cloud_kitchen' },
  });
  const kitchenId = await createKitchenWithMenu({
    db,
    profileId: owner.profile.id,
    kitchen: {
      businessName: 'Taco Test Kitchen',
      kitchenType: 'home',
      cuisine: 'Tex-Mex',
      description: 'Tacos.',
      streetAddress: '5 Elm',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      latitude: 30.27,
      longitude: -97.74,
      contactPhone: '(512) 555-0100',
      foodSafetyCertificate: 'TX-1',
      prepTimeMinutes: 25,
      openingHours: [],
      owner: { email: 'unused@example.test', firstName: 'Ona', lastName: 'Owner' },
      dishes: [
        { name: 'Brisket Tacos', description: 'Three tacos.', priceCents: 1299, category: 'Mains' },
        { name: 'Churros', description: 'Cinnamon.', priceCents: 599, category: 'Desserts' },
      ],
      mealPlans: [],
    },
  });
  const dishes = await options.database.db.select().from(cloudKitchenProducts).where(eq(cloudKitchenProducts.cloudKitchenId, kitchenId));
  const dish = (name: string) => dishes.find((candidate) => candidate.name === name)!;

  return {
    warehouses: { austin: austin!, jersey: jersey!, closed: closed! },
    categories: { produce, meat },
    subcategories: { fruit: fruit!, vegetables: vegetables!, poultry: poultry! },
    products: { bananas, apples, carrots, chicken, unsold },
    bundle,
    bogo,
    kitchenId,
    dishes: { tacos: dish('Brisket Tacos'), churros: dish('Churros') },
  };
}

export type CatalogFixture = Awaited<ReturnType<typeof createCatalogFixture>>;
