import { sql } from 'drizzle-orm';
import { cartRefusals, stockRefusal } from '@/shared/copy';
import type { CartItemInput, CartItemType } from '@/shared/contracts/cart';
import { discounted, percentToBasisPoints } from '@/shared/money';
import { preparedRows, queryRows, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getKitchenWarehouse } from '../locations/get-warehouse';
import { mediaUrl } from './media-urls';

/** A cart line as the server prices it. Money in cents. */
export interface PricedItem {
  itemType: CartItemType;
  productId: string | null;
  bundleId: string | null;
  bogoOfferId: string | null;
  cloudKitchenProductId: string | null;
  cloudKitchenId: string | null;
  warehouseId: string;
  quantity: number;
  unitPrice: number;
  originalPrice: number;
  name: string;
  detail: string;
  image: string | null;
  /** The most this line can hold with the stock on hand. */
  maxQuantity: number;
}

const blank = { productId: null, bundleId: null, bogoOfferId: null, cloudKitchenProductId: null, cloudKitchenId: null };

function unavailable(): never {
  throw new AppError({ kind: 'NOT_FOUND', message: cartRefusals.unavailable });
}

interface ShelfRow {
  id: string;
  name: string;
  unit: string;
  image: string | null;
  price: number;
  stockQuantity: number;
  /** The best quantity discount for `quantity` units, or null when none applies. */
  percentage: number | null;
}

/** A product as a warehouse sells it, with its best discount for a quantity, in one round trip. */
async function shelfProduct(db: Db, productId: string, warehouseId: string, quantity: number): Promise<ShelfRow | undefined> {
  const [row] = await preparedRows<ShelfRow>(
    db,
    'shelf_product',
    sql`select p.id, p.name, p.unit, p.product_images[1] as image, wp.price, wp.stock_quantity as "stockQuantity",
          best.discount_percentage::float8 as percentage
        from products p
        join warehouse_products wp on wp.product_id = p.id and wp.warehouse_id = ${warehouseId} and wp.active
        join warehouses w on w.id = wp.warehouse_id and w.active
        left join lateral get_best_discount_for_product_with_quantity(p.id, p.category_id, p.subcategory_id, ${quantity}::int) best on true
        where p.id = ${productId}`,
  );
  return row;
}

async function priceProduct(db: Db, productId: string, warehouseId: string, quantity: number): Promise<PricedItem> {
  const product = await shelfProduct(db, productId, warehouseId, quantity);
  if (!product) unavailable();
  const bp = product.percentage === null ? 0 : percentToBasisPoints(product.percentage);
  return {
    ...blank,
    itemType: 'product',
    productId: product.id,
    warehouseId,
    quantity,
    originalPrice: product.price,
    // The discount is always taken off the original price for the line's current quantity.
    unitPrice: discounted(product.price, bp),
    name: product.name,
    detail: product.unit,
    image: product.image,
    maxQuantity: product.stockQuantity,
  };
}

async function priceBogo(db: Db, bogoOfferId: string, warehouseId: string, quantity: number): Promise<PricedItem> {
  const [offer] = await queryRows<{ id: string; name: string; productId: string; buyQuantity: number; getQuantity: number }>(
    db,
    sql`select id, name, product_id as "productId", buy_quantity as "buyQuantity", get_quantity as "getQuantity"
        from bogo_offers where id = ${bogoOfferId} and active`,
  );
  if (!offer) unavailable();
  // A deal set is priced at shelf price; quantity discounts do not stack on it.
  const product = (await shelfProduct(db, offer.productId, warehouseId, 1)) ?? unavailable();
  const unitsPerSet = offer.buyQuantity + offer.getQuantity;
  return {
    ...blank,
    itemType: 'bogo',
    productId: product.id,
    bogoOfferId: offer.id,
    warehouseId,
    quantity,
    unitPrice: offer.buyQuantity * product.price,
    originalPrice: unitsPerSet * product.price,
    name: offer.name,
    detail: `${product.name} · buy ${offer.buyQuantity} get ${offer.getQuantity}`,
    image: product.image,
    maxQuantity: Math.floor(product.stockQuantity / unitsPerSet),
  };
}

async function priceBundle(db: Db, bundleId: string, warehouseId: string, quantity: number): Promise<PricedItem> {
  const [bundle] = await queryRows<{
    id: string;
    name: string;
    image: string | null;
    price: number;
    originalPrice: number | null;
    components: number;
    sold: number;
    maxQuantity: number | null;
  }>(
    db,
    sql`select b.id, b.name, b.image_url as image, b.discounted_price as price,
          sum(wp.price * bi.quantity)::int as "originalPrice",
          count(bi.product_id)::int as components,
          count(wp.product_id)::int as sold,
          min(wp.stock_quantity / bi.quantity)::int as "maxQuantity"
        from product_bundles b
        join bundle_items bi on bi.bundle_id = b.id
        join warehouses w on w.id = ${warehouseId} and w.active
        left join warehouse_products wp on wp.product_id = bi.product_id and wp.warehouse_id = w.id and wp.active
        where b.id = ${bundleId} and b.active
        group by b.id`,
  );
  // Every component must be sold by the warehouse for the bundle to be.
  if (!bundle || bundle.sold !== bundle.components || bundle.originalPrice === null) unavailable();
  return {
    ...blank,
    itemType: 'bundle',
    bundleId: bundle.id,
    warehouseId,
    quantity,
    unitPrice: bundle.price,
    originalPrice: bundle.originalPrice,
    name: bundle.name,
    detail: `Bundle of ${bundle.components} products`,
    image: bundle.image ?? mediaUrl.bundle(bundle.id),
    maxQuantity: bundle.maxQuantity ?? 0,
  };
}

async function priceDish(db: Db, dishId: string, quantity: number): Promise<PricedItem> {
  const [dish] = await queryRows<{ id: string; name: string; price: number; image: string | null; kitchenId: string; kitchenName: string }>(
    db,
    sql`select d.id, d.name, d.price, d.images[1] as image, k.id as "kitchenId", k.business_name as "kitchenName"
        from cloud_kitchen_products d
        join cloud_kitchens k on k.id = d.cloud_kitchen_id and k.approved and k.active
        where d.id = ${dishId} and d.available`,
  );
  if (!dish) unavailable();
  const warehouse = await getKitchenWarehouse({ db });
  return {
    ...blank,
    itemType: 'cloud_kitchen',
    cloudKitchenProductId: dish.id,
    cloudKitchenId: dish.kitchenId,
    warehouseId: warehouse.id,
    quantity,
    unitPrice: dish.price,
    originalPrice: dish.price,
    name: dish.name,
    detail: dish.kitchenName,
    image: dish.image ?? mediaUrl.dish(dish.id),
    // Dishes are cooked to order.
    maxQuantity: Number.MAX_SAFE_INTEGER,
  };
}

/**
 * Prices one cart line from the warehouse price, the best quantity discount, the bundle price or the
 * BOGO set price. Unknown, inactive or unsold items are refused; with `checkStock`, so is a quantity
 * beyond the stock on hand.
 */
export async function priceCartItem(options: { db: Db; item: CartItemInput; checkStock?: boolean }): Promise<PricedItem> {
  const { db, item } = options;
  const priced =
    item.itemType === 'product'
      ? await priceProduct(db, item.productId, item.warehouseId, item.quantity)
      : item.itemType === 'bogo'
        ? await priceBogo(db, item.bogoOfferId, item.warehouseId, item.quantity)
        : item.itemType === 'bundle'
          ? await priceBundle(db, item.bundleId, item.warehouseId, item.quantity)
          : await priceDish(db, item.cloudKitchenProductId, item.quantity);
  if (options.checkStock !== false) assertInStock(priced);
  return priced;
}

export function assertInStock(priced: PricedItem): void {
  if (priced.quantity <= priced.maxQuantity) return;
  const message = stockRefusal(priced.maxQuantity);
  throw new AppError({ kind: 'CONFLICT', code: 'INSUFFICIENT_STOCK', message: message, fields: { quantity: message } });
}
