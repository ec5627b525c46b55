import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReturnRequest } from '@/shared/contracts/orders';
import { unitsLeftToReturn, type ReturnableLine } from '@/shared/returned-units';
import type { Db } from '../../db/client';
import type { OrderLineRecord } from '../orders/order-records';
import { returnPhotos, returnRequests } from './returns.tables';

export type ReturnRecord = typeof returnRequests.$inferSelect & { hasPhoto: boolean };

const columns = {
  id: returnRequests.id,
  orderId: returnRequests.orderId,
  customerProfileId: returnRequests.customerProfileId,
  lines: returnRequests.lines,
  reason: returnRequests.reason,
  amount: returnRequests.amount,
  status: returnRequests.status,
  refundedAmount: returnRequests.refundedAmount,
  decisionNote: returnRequests.decisionNote,
  decidedByProfileId: returnRequests.decidedByProfileId,
  createdAt: returnRequests.createdAt,
  decidedAt: returnRequests.decidedAt,
  hasPhoto: sql<boolean>`exists (select 1 from return_photos rp where rp.return_request_id = return_requests.id)`,
};

/** The return requests of some orders, oldest first. */
export async function returnRequestsOf(db: Db, orderIds: readonly string[]): Promise<ReturnRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select(columns)
    .from(returnRequests)
    .where(inArray(returnRequests.orderId, [...orderIds]))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
}

/** A customer's return requests, newest first; a customer has few, so all of them. */
export async function returnRequestsOfCustomer(db: Db, customerProfileId: string): Promise<ReturnRecord[]> {
  return db
    .select(columns)
    .from(returnRequests)
    .where(eq(returnRequests.customerProfileId, customerProfileId))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(100);
}

/** Return requests by id, in no particular order. */
export async function returnRequestsByIds(db: Db, ids: readonly string[]): Promise<ReturnRecord[]> {
  if (ids.length === 0) return [];
  return db.select(columns).from(returnRequests).where(inArray(returnRequests.id, [...ids]));
}

export async function findReturnRequest(db: Db, id: string, options: { lock?: boolean } = {}): Promise<ReturnRecord | null> {
  const query = db.select(columns).from(returnRequests).where(eq(returnRequests.id, id));
  const [row] = options.lock ? await query.for('update', { of: returnRequests }) : await query;
  return row ?? null;
}

/** Units of each order line that open requests ask back: a refund must leave them for support to decide. */
export function openUnits(requests: readonly ReturnRecord[]): Map<string, number> {
  const open = new Map<string, number>();
  for (const request of requests) {
    if (request.status !== 'requested') continue;
    for (const line of request.lines) open.set(line.orderLineId, (open.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return open;
}

/**
 * Units of each order line no further refund or request may include: those refunded through the
 * ledger (by any kind of refund naming lines) and those open requests ask back.
 */
export function claimedUnits(refunded: ReadonlyMap<string, number>, requests: readonly ReturnRecord[]): Map<string, number> {
  const claimed = new Map(refunded);
  for (const [lineId, quantity] of openUnits(requests)) claimed.set(lineId, (claimed.get(lineId) ?? 0) + quantity);
  return claimed;
}

/** An order line as the rules of what can come back read it (`src/shared/returned-units.ts`), with the units `claimed` of it. */
export function returnableLine(line: ReturnableLineRecord, claimed: ReadonlyMap<string, number>): ReturnableLine {
  return {
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    refundedQuantity: claimed.get(line.id) ?? 0,
    fulfilment: {
      status: line.fulfilment,
      quantity: line.unavailableQuantity,
      substitute: line.substituteUnitPrice === null ? null : { unitPrice: line.substituteUnitPrice },
    },
  };
}

export type ReturnableLineRecord = Pick<OrderLineRecord, 'id' | 'quantity' | 'unitPrice' | 'fulfilment' | 'unavailableQuantity' | 'substituteUnitPrice'>;

/** Whether some line still has delivered units that no refund took and no open request asks back. */
export function hasUnitsLeft(lines: readonly ReturnableLineRecord[], claimed: ReadonlyMap<string, number>): boolean {
  return lines.some((line) => unitsLeftToReturn(returnableLine(line, claimed)) > 0);
}

/** What open requests ask back: a further refund must leave room for it. */
export function openAmount(requests: readonly ReturnRecord[]): number {
  return requests.filter((request) => request.status === 'requested').reduce((sum, request) => sum + request.amount, 0);
}

export async function insertReturnRequest(
  tx: Db,
  options: {
    orderId: string;
    customerProfileId: string;
    lines: { orderLineId: string; quantity: number; amount: number }[];
    reason: string;
    amount: number;
    photo?: { contentType: string; data: Buffer };
  },
): Promise<string> {
  const [row] = await tx
    .insert(returnRequests)
    .values({ orderId: options.orderId, customerProfileId: options.customerProfileId, lines: options.lines, reason: options.reason, amount: options.amount })
    .returning({ id: returnRequests.id });
  if (options.photo) await tx.insert(returnPhotos).values({ returnRequestId: row!.id, contentType: options.photo.contentType, data: options.photo.data });
  return row!.id;
}

/** Records support's decision on an open request; false when it was already decided. */
export async function decideReturnRequest(
  tx: Db,
  options: { id: string; status: 'approved' | 'rejected'; refundedAmount: number | null; note: string; decidedByProfileId: string },
): Promise<boolean> {
  const rows = await tx
    .update(returnRequests)
    .set({ status: options.status, refundedAmount: options.refundedAmount, decisionNote: options.note, decidedByProfileId: options.decidedByProfileId, decidedAt: sql`clock_timestamp()` })
    .where(and(eq(returnRequests.id, options.id), eq(returnRequests.status, 'requested')))
    .returning({ id: returnRequests.id });
  return rows.length > 0;
}

/** Opens an approved request again once the provider refused its refund: support decides it anew. */
export async function reopenReturnRequest(tx: Db, id: string): Promise<void> {
  await tx
    .update(returnRequests)
    .set({ status: 'requested', refundedAmount: null, decidedByProfileId: null, decidedAt: null })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'approved')));
}

export async function photoOf(db: Db, returnRequestId: string): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ contentType: returnPhotos.contentType, data: returnPhotos.data })
    .from(returnPhotos)
    .where(eq(returnPhotos.returnRequestId, returnRequestId));
  return row ?? null;
}

/** A request as the order page and the support queue show it; line names come from the order. */
export function toReturnRequest(record: ReturnRecord, order: { orderNumber: string; lineNames: Map<string, string>; timeZone: string }): ReturnRequest {
  return {
    id: record.id,
    orderId: record.orderId,
    orderNumber: order.orderNumber,
    lines: record.lines.map((line) => ({ orderLineId: line.orderLineId, name: order.lineNames.get(line.orderLineId) ?? '', quantity: line.quantity, amount: line.amount })),
    reason: record.reason,
    photoUrl: record.hasPhoto ? `/api/returns/${record.id}/photo` : null,
    amount: record.amount,
    status: record.status,
    refundedAmount: record.refundedAmount,
    decisionNote: record.decisionNote,
    createdAt: record.createdAt.toISOString(),
    decidedAt: record.decidedAt ? record.decidedAt.toISOString() : null,
    timeZone: order.timeZone,
  };
}
