import { and, asc, desc, eq, gt, gte, ilike, lte, ne, sql } from 'drizzle-orm';
import type { SubstituteCandidate } from '@/shared/contracts/manager';
import type { Db } from '../../db/client';
import { categories, products, warehouseProducts } from './catalog.tables';

/**
 * How much dearer than the ordered line a substitute may be, in percent. The customer is never
 * charged more than the line's own unit price (`substituteCharge`): the store gives the difference.
 */
export const SUBSTITUTE_ALLOWANCE_PERCENT = 20;

/** The most a substitute's shelf price may be for a line bought at `linePrice` a unit. */
export function substitutePriceCeiling(linePrice: number): number {
  return Math.floor((linePrice * (100 + SUBSTITUTE_ALLOWANCE_PERCENT)) / 100);
}

/** What the customer pays a unit for a substitute: its price, but never more than the line's. */
export function substituteCharge(options: { linePrice: number; substitutePrice: number }): number {
  return Math.min(options.linePrice, options.substitutePrice);
}

/**
 * Products a warehouse could send instead of one it is out of: a similar item, of the same category
 * (no bleach for bread), on sale there, in stock for `units`, priced at most `substitutePriceCeiling`
 * of the line's price a unit. The same aisle (subcategory: milk for milk, not cheese) first, then the
 * rest of the category; in each, the closest name first (2% milk for whole milk), then the closest
 * price to the original's shelf price (the line's when the warehouse no longer stocks it).
 */
export async function substituteCandidates(
  db: Db,
  options: { warehouseId: string; productId: string; linePrice: number; units: number; q?: string; limit?: number },
): Promise<SubstituteCandidate[]> {
  const [original] = await db
    .select({ name: products.name, categoryId: products.categoryId, subcategoryId: products.subcategoryId, price: warehouseProducts.price })
    .from(products)
    .leftJoin(warehouseProducts, and(eq(warehouseProducts.productId, products.id), eq(warehouseProducts.warehouseId, options.warehouseId)))
    .where(eq(products.id, options.productId));
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  const reference = original?.price ?? options.linePrice;
  return db
    .select({
      productId: products.id,
      name: products.name,
      unit: products.unit,
      category: categories.name,
      price: warehouseProducts.price,
      stockQuantity: warehouseProducts.stockQuantity,
    })
    .from(warehouseProducts)
    .innerJoin(products, eq(products.id, warehouseProducts.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(warehouseProducts.warehouseId, options.warehouseId),
        eq(warehouseProducts.active, true),
        ne(products.id, options.productId),
        // A product of no known category has nothing similar.
        original ? eq(products.categoryId, original.categoryId) : sql`false`,
        lte(warehouseProducts.price, substitutePriceCeiling(options.linePrice)),
        gte(warehouseProducts.stockQuantity, options.units),
        gt(warehouseProducts.stockQuantity, 0),
        pattern ? ilike(products.name, pattern) : undefined,
      ),
    )
    .orderBy(
      // `is true`: a product without an aisle, or an original without one, is simply not a match (never a null sorted first).
      desc(sql`(${products.subcategoryId} = ${original?.subcategoryId ?? null}) is true`),
      desc(sql`similarity(${products.name}, ${original?.name ?? ''})`),
      asc(sql`abs(${warehouseProducts.price} - ${reference})`),
      asc(products.name),
    )
    .limit(options.limit ?? 20);
}

/** A warehouse's shelf of a product with the product's name and category, for a substitution; null when it does not sell it. */
export async function shelfWithName(db: Db, options: { warehouseId: string; productId: string }) {
  const [row] = await db
    .select({ name: products.name, categoryId: products.categoryId, price: warehouseProducts.price, active: warehouseProducts.active, stockQuantity: warehouseProducts.stockQuantity })
    .from(warehouseProducts)
    .innerJoin(products, eq(products.id, warehouseProducts.productId))
    .where(and(eq(warehouseProducts.warehouseId, options.warehouseId), eq(warehouseProducts.productId, options.productId)));
  return row ?? null;
}

/** The category of a product, which a substitute for it must share; null for a product not in the catalog. */
export async function categoryOfProduct(db: Db, productId: string): Promise<string | null> {
  const [row] = await db.select({ categoryId: products.categoryId }).from(products).where(eq(products.id, productId));
  return row?.categoryId ?? null;
}
