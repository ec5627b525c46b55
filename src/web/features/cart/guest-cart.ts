import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { lineInput, MAX_LINE_QUANTITY, refField, refOf, sameItem, type LineRef, type RefField } from '@/shared/cart-rules';
import type { CartItemInput, CartNotice } from '@/shared/contracts/cart';
import { guestCartItem, type GuestCartItem } from '@/shared/contracts/guest-cart';
import { MAX_GUEST_LINES } from '@/shared/contracts/values';
import { createLocalStore } from '@/web/lib/local-store';

/** Where each reference field lives in the stored (snake_case) format of 'groc_cart'. */
const storedField = {
  productId: 'product_id',
  bundleId: 'bundle_id',
  bogoOfferId: 'bogo_offer_id',
  cloudKitchenProductId: 'cloud_kitchen_product_id',
} as const satisfies Record<RefField, keyof GuestCartItem>;

/** A stored line as the shared rules read it. */
function asLine(item: GuestCartItem): LineRef {
  return {
    itemType: item.item_type,
    productId: item.product_id,
    bundleId: item.bundle_id,
    bogoOfferId: item.bogo_offer_id,
    cloudKitchenProductId: item.cloud_kitchen_product_id,
    warehouseId: item.warehouse_id,
  };
}

/**
 * A stored guest cart, read line by line: every line that names exactly one item is kept, whatever the
 * others hold (a hand-edited price, a line from an older version of the app); stored prices are ignored,
 * since the server prices every quote. Lines of the same item become one, and no line holds more than
 * the cap, so what is read is always a cart the server takes.
 */
export function readGuestLines(value: unknown): GuestCartItem[] {
  if (!Array.isArray(value)) return [];
  const lines: GuestCartItem[] = [];
  for (const candidate of value) {
    const parsed = guestCartItem.safeParse(candidate);
    if (!parsed.success) continue;
    const { unit_price: _price, ...item } = parsed.data;
    if (!lineInput(asLine(item), item.quantity)) continue;
    const same = lines.find((line) => sameItem(asLine(line), asLine(item)));
    if (same) same.quantity = Math.min(same.quantity + item.quantity, MAX_LINE_QUANTITY);
    else if (lines.length < MAX_GUEST_LINES) lines.push({ ...item, quantity: Math.min(item.quantity, MAX_LINE_QUANTITY) });
  }
  return lines;
}

/** A guest's cart lives in the browser under 'groc_cart' until they sign in. */
export const guestCartStore = createLocalStore<GuestCartItem[]>('groc_cart', z.pipe(z.unknown(), z.transform(readGuestLines)), []);

/** The add-item input a stored guest line stands for (lines are checked when read, so there is one). */
export function toInput(item: GuestCartItem): CartItemInput & { id: string } {
  return { ...lineInput(asLine(item), item.quantity)!, id: item.id };
}

/** Whether a stored line holds the item of an input. */
export function holdsItem(item: GuestCartItem, input: CartItemInput): boolean {
  return sameItem(asLine(item), input);
}

/** Adds to the guest cart; the same item again increases its quantity. Prices are filled in by the server's quote. */
export function withGuestItem(items: GuestCartItem[], input: CartItemInput, newId: () => string): GuestCartItem[] {
  const existing = items.find((item) => holdsItem(item, input));
  if (existing) {
    return items.map((item) => (item === existing ? { ...item, quantity: item.quantity + input.quantity } : item));
  }
  const added: GuestCartItem = {
    id: newId(),
    cart_id: 'local',
    product_id: null,
    bundle_id: null,
    bogo_offer_id: null,
    cloud_kitchen_product_id: null,
    [storedField[refField[input.itemType]]]: refOf(input),
    warehouse_id: 'warehouseId' in input ? input.warehouseId : null,
    quantity: input.quantity,
    item_type: input.itemType,
  };
  return [...items, added];
}

/** Sets a guest line's quantity; zero or less removes it. */
export function withGuestQuantity(items: GuestCartItem[], id: string, quantity: number): GuestCartItem[] {
  return quantity <= 0 ? items.filter((item) => item.id !== id) : items.map((item) => (item.id === id ? { ...item, quantity } : item));
}

/**
 * What the server did not take of the guest's cart, kept after the lines are gone from the browser so
 * the cart can still say which line was dropped; cleared by the guest's next change.
 */
function createNoticeStore() {
  let notices: CartNotice[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    read: () => notices,
    add(added: CartNotice[]) {
      notices = [...notices.filter((notice) => !added.some((other) => other.id === notice.id)), ...added];
      emit();
    },
    clear() {
      if (notices.length === 0) return;
      notices = [];
      emit();
    },
    use: () => useSyncExternalStore(subscribe, () => notices, () => notices),
  };
}

export const guestNotices = createNoticeStore();

/**
 * The stored cart after a quote: a line the server refused is dropped and a line it limited holds what
 * it was limited to, so the browser keeps only what the server takes. Null when nothing changes.
 */
export function withQuoteApplied(items: GuestCartItem[], notices: readonly CartNotice[]): { items: GuestCartItem[]; applied: CartNotice[] } | null {
  const applied = notices.filter((notice) => items.some((item) => item.id === notice.id && item.quantity !== (notice.quantity ?? 0)));
  if (applied.length === 0) return null;
  return {
    applied,
    items: items.flatMap((item) => {
      const notice = applied.find((candidate) => candidate.id === item.id);
      if (!notice) return [item];
      return notice.quantity === undefined ? [] : [{ ...item, quantity: notice.quantity }];
    }),
  };
}
