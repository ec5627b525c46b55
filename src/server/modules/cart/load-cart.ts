import type { Cart, CartLine, CartNotice } from '@/shared/contracts/cart';
import { cartKind, lineInput } from '@/shared/cart-rules';
import { summarize } from '@/shared/money';
import type { Db } from '../../db/client';
import type { StoredLine } from './cart-access';
import { describeLines, type LineDetails } from './describe-lines';

/** A line as the customer sees it: what the cart stores, with what the catalog or the kitchen says of it. */
export function toCartLine(stored: StoredLine, details: LineDetails): CartLine {
  const { deliveryFee: _fee, ...shown } = details;
  return { ...shown, ...stored, productId: stored.productId ?? details.productId };
}

export function toCart(id: string, lines: { line: CartLine; deliveryFee: number }[], skipped: CartNotice[] = []): Cart {
  const items = lines.map(({ line }) => line);
  return {
    id,
    kind: cartKind(items.map((item) => item.itemType)),
    items,
    itemCount: items.reduce((count, item) => count + item.quantity, 0),
    // One cart, one source: the first line's warehouse delivers it.
    summary: summarize(items, { deliveryFee: lines[0]?.deliveryFee ?? 0 }),
    skipped,
  };
}

/** The request that describes a stored line without re-pricing it; null for a line that breaks the reference rule. */
export function storedRequest(line: StoredLine) {
  const item = lineInput(line, line.quantity);
  return item ? { item, price: false } : null;
}

/** The cart as the customer sees it: its stored lines, in the order they were added, described by their owners, and the totals. */
export async function loadCart(options: { db: Db; cartId: string; lines: StoredLine[] }): Promise<Cart> {
  const readable = options.lines.flatMap((line) => {
    const request = storedRequest(line);
    return request ? [{ line, request }] : [];
  });
  const described = await describeLines(
    options.db,
    readable.map(({ request }) => request),
  );
  const lines = readable.flatMap(({ line }, index) => {
    const details = described[index]!.details;
    // An item deleted from the catalog takes its lines with it; one caught in between is not shown.
    return details ? [{ line: toCartLine(line, details), deliveryFee: details.deliveryFee }] : [];
  });
  return toCart(options.cartId, lines);
}
