import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import {
  bogoOffers,
  bundleItems,
  categories,
  discounts,
  productBundles,
  products,
  subcategories,
  warehouseProducts,
} from '../../modules/catalog/catalog.tables';
import { productPictures } from '../../modules/catalog/media-urls';
import { warehouses } from '../../modules/locations/locations.tables';
import { seedBogoOffers, seedBundles, seedCategories, seedDiscounts, type SeedProduct } from './catalog-data';
import { seededRandom, type Random } from './random';

const BATCH = 1000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

function skuCode(slug: string) {
  return slug
    .split('-')
    .map((part) => part.slice(0, 3))
    .join('')
    .slice(0, 6)
    .toUpperCase();
}

/** Each warehouse prices within a few percent of the shelf price and stocks its own quantities. */
export function shelfFor(random: Random, basePrice: number) {
  const factor = 0.94 + random.next() * 0.12;
  const price = Math.max(19, Math.round((basePrice * factor) / 10) * 10 - 1);
  const roll = random.next();
  const stockQuantity = roll < 0.03 ? 0 : roll < 0.1 ? random.int(1, 8) : random.int(20, 240);
  return { price, stockQuantity };
}

export interface CatalogIds {
  productIdByName: Map<string, string>;
  categoryIdBySlug: Map<string, string>;
  subcategoryIdBySlug: Map<string, string>;
}

/** The demo catalog: categories, products priced and stocked in every warehouse, bundles, offers and discounts. */
export async function seedCatalog(db: Db): Promise<CatalogIds> {
  const random = seededRandom(20241121);
  const stores = await db.select({ id: warehouses.id }).from(warehouses);
  const productIdByName = new Map<string, string>();
  const categoryIdBySlug = new Map<string, string>();
  const subcategoryIdBySlug = new Map<string, string>();

  for (const [categoryIndex, category] of seedCategories.entries()) {
    const [categoryRow] = await db
      .insert(categories)
      .values({
        name: category.name,
        slug: category.slug,
        description: category.description,
        icon: category.icon,
        color: category.color,
        sortOrder: categoryIndex,
      })
      .returning({ id: categories.id });
    categoryIdBySlug.set(category.slug, categoryRow!.id);

    for (const [subIndex, subcategory] of category.subcategories.entries()) {
      const [subRow] = await db
        .insert(subcategories)
        .values({ categoryId: categoryRow!.id, name: subcategory.name, slug: subcategory.slug, sortOrder: subIndex })
        .returning({ id: subcategories.id });
      subcategoryIdBySlug.set(subcategory.slug, subRow!.id);

      const rows = subcategory.products.map((product, index) => {
        const sku = `${skuCode(category.slug)}-${skuCode(subcategory.slug)}-${String(index + 1).padStart(3, '0')}`;
        return productRow(product, sku, categoryRow!.id, subRow!.id);
      });
      const inserted = await db.insert(products).values(rows).returning({ id: products.id, name: products.name });
      for (const row of inserted) productIdByName.set(row.name, row.id);

      const prices = subcategory.products.flatMap((product) => {
        const productId = productIdByName.get(product.name)!;
        return stores.map((store) => ({ warehouseId: store.id, productId, ...shelfFor(random, product.priceCents) }));
      });
      await insertInBatches(prices, (batch) => db.insert(warehouseProducts).values(batch));
    }
  }

  const productId = (name: string) => {
    const id = productIdByName.get(name);
    if (!id) throw new Error(`seed data names an unknown product: ${name}`);
    return id;
  };

  for (const bundle of seedBundles) {
    const [row] = await db
      .insert(productBundles)
      .values({ name: bundle.name, description: bundle.description, discountedPrice: bundle.discountedPriceCents })
      .returning({ id: productBundles.id });
    await db.insert(bundleItems).values(bundle.items.map((item) => ({ bundleId: row!.id, productId: productId(item.productName), quantity: item.quantity })));
  }
  // Bundles and offers must be sellable everywhere: their products are kept in stock.
  const dealProductIds = [
    ...seedBundles.flatMap((bundle) => bundle.items.map((item) => productId(item.productName))),
    ...seedBogoOffers.map((offer) => productId(offer.productName)),
  ];
  await db.update(warehouseProducts).set({ stockQuantity: 150 }).where(inArray(warehouseProducts.productId, dealProductIds));

  await db.insert(bogoOffers).values(
    seedBogoOffers.map((offer) => ({
      name: offer.name,
      description: offer.description,
      productId: productId(offer.productName),
      buyQuantity: offer.buyQuantity,
      getQuantity: offer.getQuantity,
    })),
  );

  await db.insert(discounts).values(
    seedDiscounts.map((discount) => {
      const lookup =
        discount.scope === 'product' ? productIdByName : discount.scope === 'subcategory' ? subcategoryIdBySlug : categoryIdBySlug;
      const target = lookup.get(discount.target);
      if (!target) throw new Error(`seed discount names an unknown ${discount.scope}: ${discount.target}`);
      return {
        name: discount.name,
        minQuantity: discount.minQuantity,
        percentage: discount.percentage,
        productId: discount.scope === 'product' ? target : null,
        subcategoryId: discount.scope === 'subcategory' ? target : null,
        categoryId: discount.scope === 'category' ? target : null,
      };
    }),
  );
  return { productIdByName, categoryIdBySlug, subcategoryIdBySlug };
}

export function productRow(product: SeedProduct, sku: string, categoryId: string, subcategoryId: string) {
  return {
    name: product.name,
    sku,
    brand: product.brand,
    unit: product.unit,
    shortDescription: product.shortDescription,
    description: product.description,
    productImages: productPictures(sku, []),
    categoryId,
    subcategoryId,
  };
}

export async function hasCatalog(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, seedCategories[0]!.slug));
  return Boolean(row);
}
