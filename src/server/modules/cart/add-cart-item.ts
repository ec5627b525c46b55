import type { Cart, CartItemInput } from '@/shared/contracts/cart';
import { refField, refOf, sameItem } from '@/shared/cart-rules';
import { commitWith, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { cartOwner, lockCartLines, writeLine, type StoredLine } from './cart-access';
import { assertInStock, assertWithinCap, fitRefusal } from './cart-rules';
import { describeLines, type DescribeRequest, type Described, type LineDetails } from './describe-lines';
import { storedRequest, toCart, toCartLine } from './load-cart';

/** The stored form of an item's line at a quantity, with the prices just worked out for it. */
export function lineToStore(item: CartItemInput, details: LineDetails): Omit<StoredLine, 'id'> {
  return {
    itemType: item.itemType,
    // A BOGO line also carries its offer's product.
    productId: details.productId,
    bundleId: null,
    bogoOfferId: null,
    cloudKitchenProductId: null,
    [refField[item.itemType]]: refOf(item),
    warehouseId: details.warehouseId,
    quantity: item.quantity,
    unitPrice: details.unitPrice,
    originalPrice: details.originalPrice,
  };
}

/** The cart's lines in their order, with `written` in the place of its item's line (or last when new). */
export function withLine<T extends { line: { id: string } }>(lines: readonly StoredLine[], shown: readonly T[], item: CartItemInput, written: T): T[] {
  const byId = new Map(shown.map((entry) => [entry.line.id, entry]));
  const view: T[] = [];
  for (const line of lines) {
    const entry = sameItem(line, item) ? written : byId.get(line.id);
    if (entry) view.push(entry);
  }
  return view.includes(written) ? view : [...view, written];
}

/** The cart's other lines and the item described, the item last: when it was read already (`described`), the others after it, knowing its warehouse. */
async function describeWithItem(tx: Db, requests: readonly DescribeRequest[], item: CartItemInput, described?: Promise<Described>): Promise<Described[]> {
  if (!described) return describeLines(tx, [...requests, { item, price: true }]);
  const wanted = await described;
  if (wanted.refusal || !wanted.details || requests.length === 0) return [wanted];
  // A grocery item's warehouse was just read as delivering: the other lines' is not read again when it is the same.
  const known = item.itemType === 'cloud_kitchen' ? undefined : new Map([[wanted.details.warehouseId, { deliveryFeeCents: wanted.details.deliveryFee }]]);
  return [...(await describeLines(tx, requests, known)), wanted];
}

/**
 * Sets one item's line to `item.quantity` within a locked cart: the cap, the item's availability, the
 * mixing rules and the stock are checked, the line is priced for its quantity and written, and the cart
 * is answered from what was read, without reading it again. The line's write is the transaction's
 * last statement: the commit goes with it. `described` is the item already described at `item.quantity`.
 */
export async function putLine(tx: Db, cartId: string, lines: StoredLine[], item: CartItemInput, described?: Promise<Described>): Promise<Cart> {
  assertWithinCap(item.quantity);
  const others = lines.filter((line) => !sameItem(line, item));
  const readable = others.flatMap((line) => {
    const request = storedRequest(line);
    return request ? [{ line, request }] : [];
  });
  const all = await describeWithItem(tx, readable.map(({ request }) => request), item, described);
  const wanted = all.at(-1)!;
  if (wanted.refusal || !wanted.details) throw wanted.refusal!;
  const details = wanted.details;
  const shown = readable.flatMap(({ line }, index) => {
    const lineDetails = all[index]!.details;
    return lineDetails ? [{ line, details: lineDetails }] : [];
  });
  const own = lines.find((line) => sameItem(line, item));
  const refusal = fitRefusal(
    [
      ...shown.map(({ line, details: lineDetails }) => ({ itemType: line.itemType, warehouseId: line.warehouseId, cloudKitchenId: lineDetails.cloudKitchenId })),
      // The item's own line counts too: the same product from another warehouse is another warehouse's.
      ...(own ? [{ itemType: own.itemType, warehouseId: own.warehouseId, cloudKitchenId: details.cloudKitchenId }] : []),
    ],
    { itemType: item.itemType, warehouseId: details.warehouseId, cloudKitchenId: details.cloudKitchenId },
  );
  if (refusal) throw refusal;
  assertInStock(item.quantity, details.maxQuantity);

  const stored = lineToStore(item, details);
  const id = await commitWith(tx, () => writeLine(tx, cartId, stored));
  const written = { line: toCartLine({ id, ...stored }, details), deliveryFee: details.deliveryFee };
  const view = shown.map(({ line, details: lineDetails }) => ({ line: toCartLine(line, lineDetails), deliveryFee: lineDetails.deliveryFee }));
  // The line keeps its place: lines show in the order they were first added.
  return toCart(cartId, withLine(lines, view, item, written));
}

/**
 * Adds an item to the customer's cart; adding an item already there increases its quantity and
 * re-prices the line from the original price for the new quantity.
 */
export async function addCartItem(options: { db: Db; viewer: Viewer | undefined; item: CartItemInput }): Promise<Cart> {
  const profileId = cartOwner(options.viewer);
  const { item } = options;
  // Refused before anything is read: the cap holds for the added quantity alone, too.
  assertWithinCap(item.quantity);
  return options.db.transaction(async (tx) => {
    const locking = lockCartLines(tx, profileId);
    // Asked for with the cart, in the same write: the item at the quantity added, which is its line's
    // unless the cart holds it already. Read once the cart's lock is granted, as the statements run in turn.
    const describing = describeLines(tx, [{ item, price: true }]).then(([described]) => described!);
    describing.catch(() => undefined);
    const { cartId, lines } = await locking;
    const existing = lines.find((line) => sameItem(line, item))?.quantity ?? 0;
    return putLine(tx, cartId, lines, { ...item, quantity: existing + item.quantity }, existing === 0 ? describing : undefined);
  });
}
