import type { CartItemInput, CartLine } from '@/shared/contracts/cart';
import { cartRefusals } from '@/shared/copy';
import { lineMaximum, refOf } from '@/shared/cart-rules';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { describeCartItems, type CatalogItemRequest, type GroceryItemInput } from '../catalog/describe-cart-items';
import { describeDishes } from '../kitchens/describe-dishes';
import { getDeliveryWarehouse } from '../locations/get-delivery-warehouse';
import { getKitchenWarehouse, warehouseNotDelivering } from '../locations/get-warehouse';

/** What a line shows beside what the cart stores, with the prices for the asked quantity. */
export type LineDetails = Pick<
  CartLine,
  'productId' | 'cloudKitchenId' | 'warehouseId' | 'unitPrice' | 'originalPrice' | 'name' | 'detail' | 'image' | 'maxQuantity'
> & { deliveryFee: number };

export interface Described {
  /** Absent when the item does not exist at all. */
  details?: LineDetails;
  /** Why the cart cannot take the item now (unknown, unsold, or its warehouse is not delivering), or null. */
  refusal: AppError | null;
}

export interface DescribeRequest {
  item: CartItemInput;
  /** Work out the prices for the item's quantity (lines being written); stored lines keep theirs. */
  price: boolean;
}

const unavailable = () => new AppError({ kind: 'NOT_FOUND', message: cartRefusals.unavailable });

interface WarehouseState {
  fee: number;
  refusal: AppError | null;
}

/** Warehouses the caller has just read (or is reading) as active and delivering, by id, so they are not read again. */
export type KnownWarehouses = ReadonlyMap<string, { deliveryFeeCents: number }>;

/** The warehouses' delivery fees and whether they deliver, asked of the locations module. */
async function warehouseStates(db: Db, ids: Set<string>, knownRead: KnownWarehouses | Promise<KnownWarehouses> | undefined): Promise<Map<string, WarehouseState>> {
  const states = new Map<string, WarehouseState>();
  const known = await knownRead;
  for (const warehouseId of ids) {
    const read = known?.get(warehouseId);
    if (read) {
      states.set(warehouseId, { fee: read.deliveryFeeCents, refusal: null });
      continue;
    }
    // The prepared read every placement makes too: planned once per connection.
    const warehouse = await getDeliveryWarehouse({ db, warehouseId });
    states.set(warehouseId, warehouse ? { fee: warehouse.deliveryFeeCents, refusal: null } : { fee: 0, refusal: warehouseNotDelivering() });
  }
  return states;
}

/**
 * Names, images, prices and the most each item's line can hold, from the modules that own them: the
 * catalog for groceries and the kitchens for dishes, one query each whatever the number of lines, plus
 * the delivering warehouse. Every line's maximum is the stock's, never above the cart's cap.
 */
export async function describeLines(db: Db, requests: readonly DescribeRequest[], known?: KnownWarehouses | Promise<KnownWarehouses>): Promise<Described[]> {
  const groceries: { index: number; request: CatalogItemRequest }[] = [];
  const dishIds: string[] = [];
  requests.forEach(({ item, price }, index) => {
    if (item.itemType === 'cloud_kitchen') dishIds.push(item.cloudKitchenProductId);
    else groceries.push({ index, request: { item: item as GroceryItemInput, price } });
  });

  const [catalogItems, dishes, kitchenWarehouse, warehouses] = await Promise.all([
    describeCartItems({ db, items: groceries.map((grocery) => grocery.request) }),
    describeDishes({ db, dishIds }),
    dishIds.length > 0 ? getKitchenWarehouse({ db }) : undefined,
    warehouseStates(db, new Set(groceries.map((grocery) => grocery.request.item.warehouseId)), known),
  ]);

  // An error takes its stack when made: only items left undescribed get one.
  const described: (Described | undefined)[] = requests.map(() => undefined);
  groceries.forEach(({ index, request }, position) => {
    const found = catalogItems[position];
    if (!found) return;
    const warehouse = warehouses.get(request.item.warehouseId)!;
    const refusal = warehouse.refusal ?? (found.available ? null : unavailable());
    described[index] = {
      refusal,
      details: {
        productId: request.item.itemType === 'product' ? request.item.productId : found.productId,
        cloudKitchenId: null,
        warehouseId: request.item.warehouseId,
        unitPrice: found.unitPrice,
        originalPrice: found.originalPrice,
        name: found.name,
        detail: found.detail,
        image: found.image,
        maxQuantity: refusal ? 0 : lineMaximum(found.stockMaximum),
        deliveryFee: warehouse.fee,
      },
    };
  });
  requests.forEach(({ item }, index) => {
    if (item.itemType !== 'cloud_kitchen') return;
    const dish = dishes.get(refOf(item));
    if (!dish || !kitchenWarehouse) return;
    described[index] = {
      refusal: dish.available ? null : unavailable(),
      details: {
        productId: null,
        cloudKitchenId: dish.kitchenId,
        // Dishes are booked against the one kitchen warehouse.
        warehouseId: kitchenWarehouse.id,
        unitPrice: dish.price,
        originalPrice: dish.price,
        name: dish.name,
        detail: dish.kitchenName,
        image: dish.image,
        // Cooked to order: only the cap limits a dish.
        maxQuantity: dish.available ? lineMaximum(Number.POSITIVE_INFINITY) : 0,
        deliveryFee: kitchenWarehouse.deliveryFeeCents,
      },
    };
  });
  return described.map((entry) => entry ?? { refusal: unavailable() });
}
