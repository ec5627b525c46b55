import type { CartItemInput, CartNotice, GuestItemsInput } from '@/shared/contracts/cart';
import { lineInput, MAX_LINE_QUANTITY, quantityLimit, sameItem } from '@/shared/cart-rules';
import { cartRefusals, stockRefusal } from '@/shared/copy';
import type { Db } from '../../db/client';
import { lineToStore } from './add-cart-item';
import type { StoredLine } from './cart-access';
import { fitRefusal, type LinePlace } from './cart-rules';
import { describeLines, type LineDetails } from './describe-lines';
import { storedRequest } from './load-cart';

export type GuestItem = GuestItemsInput['items'][number];

/** A line of the planned cart: stored as it is, or to be written (`write`), with what it shows. */
export interface PlannedLine {
  line: Omit<StoredLine, 'id'> & { id?: string };
  details: LineDetails;
  write: boolean;
  /** The guest line it came from, when it came from one. */
  guestId?: string;
}

interface Candidate {
  guestId?: string;
  item: CartItemInput;
  /** What the guest asked for, all their lines of the item together. */
  asked: number;
}

/** A guest's lines of one item, however many, become one line holding them all: the cart has one line per item. */
function collapse(items: readonly GuestItem[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const { id, ...item } of items) {
    const same = candidates.find((candidate) => sameItem(candidate.item, item));
    if (same) same.asked += item.quantity;
    else candidates.push({ guestId: id, item, asked: item.quantity });
  }
  return candidates;
}

/**
 * The cart's rules applied to a guest's items, for a quote (onto an empty cart) and for a merge (onto
 * the customer's lines) alike: one line per item, an item in both keeps the larger quantity, quantities
 * are limited to the cap and the stock, and what the cart cannot take is reported, not added. Nothing is
 * written here.
 */
export async function planGuestItems(db: Db, options: { lines: readonly StoredLine[]; items: readonly GuestItem[] }): Promise<{ lines: PlannedLine[]; skipped: CartNotice[] }> {
  const candidates = collapse(options.items).flatMap((candidate) => {
    const existing = options.lines.find((line) => sameItem(line, candidate.item))?.quantity ?? 0;
    const quantity = Math.min(Math.max(existing, candidate.asked), MAX_LINE_QUANTITY);
    return quantity === existing && candidate.asked <= MAX_LINE_QUANTITY ? [] : [{ ...candidate, item: { ...candidate.item, quantity } }];
  });
  const readable = options.lines.flatMap((line) => {
    const request = storedRequest(line);
    return request ? [{ line, request }] : [];
  });
  const described = await describeLines(db, [
    ...readable.map(({ request }) => request),
    ...candidates.map(({ item }) => ({ item, price: true })),
  ]);

  const planned: PlannedLine[] = readable.flatMap(({ line }, index) => {
    const details = described[index]!.details;
    return details ? [{ line, details, write: false }] : [];
  });
  const places = (): (LinePlace & { item: PlannedLine['line'] })[] =>
    planned.map(({ line, details }) => ({ itemType: line.itemType, warehouseId: line.warehouseId, cloudKitchenId: details.cloudKitchenId, item: line }));
  const skipped: CartNotice[] = [];
  const limited: PlannedLine[] = [];

  candidates.forEach((candidate, position) => {
    const { refusal, details } = described[readable.length + position]!;
    const notice = { ...(candidate.guestId ? { id: candidate.guestId } : {}), itemType: candidate.item.itemType, ...(details ? { name: details.name } : {}) };
    if (refusal || !details) {
      skipped.push({ ...notice, reason: refusal?.message ?? cartRefusals.unavailable });
      return;
    }
    // The item's own line counts too: the same product from another warehouse is another warehouse's.
    const misfit = fitRefusal(places(), { itemType: candidate.item.itemType, warehouseId: details.warehouseId, cloudKitchenId: details.cloudKitchenId });
    if (misfit) {
      skipped.push({ ...notice, reason: misfit.message });
      return;
    }
    if (details.maxQuantity <= 0) {
      skipped.push({ ...notice, reason: cartRefusals.outOfStock });
      return;
    }
    const quantity = Math.min(candidate.item.quantity, details.maxQuantity);
    const item = { ...candidate.item, quantity };
    const entry: PlannedLine = { line: lineToStore(item, details), details, write: true, guestId: candidate.guestId };
    if (quantity < candidate.asked) {
      skipped.push({ ...notice, quantity, reason: quantity < candidate.item.quantity ? stockRefusal(details.maxQuantity) : quantityLimit.message });
    }
    if (quantity < candidate.item.quantity) limited.push(entry);
    const existing = planned.findIndex(({ line }) => sameItem(line, item));
    if (existing >= 0) planned[existing] = { ...entry, line: { ...entry.line, id: planned[existing]!.line.id } };
    else planned.push(entry);
  });

  // A quantity discount depends on the quantity: a line limited by the stock is priced again for what it holds.
  if (limited.length > 0) {
    const repriced = await describeLines(
      db,
      limited.map(({ line }) => ({ item: lineInput(line, line.quantity)!, price: true })),
    );
    limited.forEach((entry, index) => {
      const details = repriced[index]!.details;
      if (!details) return;
      const target = planned.find(({ line }) => sameItem(line, entry.line))!;
      target.line = { ...target.line, unitPrice: details.unitPrice, originalPrice: details.originalPrice };
      target.details = { ...target.details, unitPrice: details.unitPrice, originalPrice: details.originalPrice };
    });
  }
  return { lines: planned, skipped };
}
