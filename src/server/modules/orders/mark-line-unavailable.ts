import { and, eq, sql } from 'drizzle-orm';
import { operatesOrder } from '@/shared/access';
import type { UnavailableLineInput } from '@/shared/contracts/manager';
import type { Order } from '@/shared/contracts/orders';
import { managerRefusals, orderNotes, orderRefusals } from '@/shared/copy';
import { auditCopy } from '@/shared/staff-copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorEntry, type Logger } from '../../lib/logger';
import type { PaymentProvider } from '../../providers/payments';
import { recordAudit } from '../audit/record-audit';
import { reserveStock } from '../catalog/stock';
import { emptyShelfNotFound, lockShelves, productOfLine } from '../catalog/empty-shelf';
import { categoryOfProduct, shelfWithName, substituteCandidates, substituteCharge, substitutePriceCeiling } from '../catalog/substitutes';
import { lockPayment, lowerAmountDue, recordRefund, settleCardRefund, type RefundRecord } from '../payments/payment-records';
import { recordOrderEvent } from './order-events';
import { factsOf, lockOrder, type OrderLineRecord, type OrderRecord } from './order-records';
import { orderItems, orders } from './orders.tables';
import { presentOrder } from './present-order';

/** Lines change while the order is being picked: once confirmed, until it is ready. */
const pickingStatuses: ReadonlySet<string> = new Set(['confirmed', 'processing']);

function refused(kind: 'VALIDATION_FAILED' | 'CONFLICT' | 'NOT_FOUND', code: string, message: string, field?: string): AppError {
  return new AppError({ kind, code, message, ...(field ? { fields: { [field]: message } } : {}) });
}

/** The order's amounts once `reduction` cents of goods are taken off, the tax falling in proportion. */
function reducedAmounts(order: OrderRecord, reduction: number) {
  const tax = order.subtotal > 0 ? Math.round((order.taxAmount * reduction) / order.subtotal) : 0;
  return { subtotal: order.subtotal - reduction, taxAmount: order.taxAmount - tax, totalAmount: order.totalAmount - reduction - tax };
}

/** What the customer's preference lets the picker do; `replace` falls back to a refund only when nothing can replace it. */
async function checkResolution(tx: Db, order: OrderRecord, line: OrderLineRecord, input: UnavailableLineInput): Promise<void> {
  if (line.substitution === 'refund' && input.resolution === 'replace') throw refused('CONFLICT', 'PREFERENCE_REFUND', managerRefusals.preferenceRefund, 'resolution');
  if (line.substitution === 'replace' && input.resolution === 'refund' && line.productId && line.itemType === 'product') {
    const candidates = await substituteCandidates(tx, { warehouseId: order.warehouseId, productId: line.productId, linePrice: line.unitPrice, units: input.quantity, limit: 1 });
    if (candidates.length > 0) throw refused('CONFLICT', 'PREFERENCE_REPLACE', managerRefusals.preferenceReplace, 'resolution');
  }
}

/**
 * The warehouse's manager marks some or all units of a grocery line unavailable while picking. They
 * are replaced by a similar product of that warehouse (its stock taken), charged at its price but
 * never above the line's, or refunded, as the customer's preference allows. The product was not on
 * the shelf, so its count there becomes 0 (audited as a stock change; the manager recounts). The
 * order's amounts fall by the difference, with its tax, so the total never rises above what was
 * authorised: a card payment is refunded that much through the ledger, a pay-on-delivery customer
 * owes that much less. One transaction, with a timeline event and an audit row.
 */
export async function markLineUnavailable(options: {
  db: Db;
  payments: PaymentProvider;
  logger: Logger;
  viewer: Viewer;
  orderId: string;
  lineId: string;
  input: UnavailableLineInput;
}): Promise<Order> {
  const { db, viewer, input } = options;
  const { order, refund } = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    if (locked.type !== 'grocery' || !operatesOrder(viewer, factsOf(locked))) throw new AppError({ kind: 'FORBIDDEN', message: orderRefusals.forbidden });
    if (!pickingStatuses.has(locked.status)) throw refused('CONFLICT', 'NOT_PICKING', managerRefusals.notPicking);
    const [line] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, options.lineId), eq(orderItems.orderId, locked.id)))
      .for('update');
    if (!line) throw refused('NOT_FOUND', 'NOT_FOUND', managerRefusals.lineNotFound);
    if (line.fulfilment !== 'as_ordered') throw refused('CONFLICT', 'LINE_ALREADY_HANDLED', managerRefusals.alreadyHandled);
    if (input.quantity > line.quantity) throw refused('VALIDATION_FAILED', 'VALIDATION_FAILED', managerRefusals.tooMany, 'quantity');
    await checkResolution(tx, locked, line, input);
    const missingProductId = await productOfLine(tx, line);
    const shelves = [missingProductId, input.resolution === 'replace' ? input.substituteProductId : undefined].filter((productId): productId is string => !!productId);
    await lockShelves(tx, { warehouseId: locked.warehouseId, productIds: shelves });

    let newUnitPrice = 0;
    let substitute: { productId: string; name: string } | null = null;
    if (input.resolution === 'replace') {
      const substituteId = input.substituteProductId!;
      if (line.itemType !== 'product' || !line.productId) throw refused('CONFLICT', 'ONLY_PRODUCTS', managerRefusals.onlyProducts, 'resolution');
      if (substituteId === line.productId) throw refused('VALIDATION_FAILED', 'VALIDATION_FAILED', managerRefusals.substituteSame, 'substituteProductId');
      const shelf = await shelfWithName(tx, { warehouseId: locked.warehouseId, productId: substituteId });
      if (!shelf || !shelf.active) throw refused('CONFLICT', 'SUBSTITUTE_OUT_OF_STOCK', managerRefusals.substituteOutOfStock, 'substituteProductId');
      if (shelf.categoryId !== (await categoryOfProduct(tx, line.productId))) throw refused('CONFLICT', 'SUBSTITUTE_NOT_SIMILAR', managerRefusals.substituteNotSimilar, 'substituteProductId');
      if (shelf.price > substitutePriceCeiling(line.unitPrice)) throw refused('CONFLICT', 'SUBSTITUTE_TOO_EXPENSIVE', managerRefusals.substituteTooExpensive, 'substituteProductId');
      const { shortItems } = await reserveStock(tx, { warehouseId: locked.warehouseId, items: [{ itemType: 'product', ref: substituteId, quantity: input.quantity }] });
      if (shortItems.length > 0) throw refused('CONFLICT', 'SUBSTITUTE_OUT_OF_STOCK', managerRefusals.substituteOutOfStock, 'substituteProductId');
      newUnitPrice = substituteCharge({ linePrice: line.unitPrice, substitutePrice: shelf.price });
      substitute = { productId: substituteId, name: shelf.name };
    }
    // The picker found none left: the shop must stop selling what is not there. The manager corrects the count after a recount.
    if (missingProductId) await emptyShelfNotFound(tx, { viewer, warehouseId: locked.warehouseId, productId: missingProductId, orderNumber: locked.orderNumber });

    const amounts = reducedAmounts(locked, (line.unitPrice - newUnitPrice) * input.quantity);
    const reduction = locked.totalAmount - amounts.totalAmount;
    const payment = await lockPayment(tx, locked.id);
    if (amounts.totalAmount > payment.amount) throw new Error('an order total may never rise above what was authorised');
    const [updated] = await tx
      .update(orders)
      .set({ ...amounts, updatedAt: sql`now()` })
      .where(eq(orders.id, locked.id))
      .returning();
    await tx
      .update(orderItems)
      .set({
        fulfilment: substitute ? 'substituted' : 'refunded',
        unavailableQuantity: input.quantity,
        substituteProductId: substitute?.productId ?? null,
        substituteName: substitute?.name ?? null,
        substituteUnitPrice: substitute ? newUnitPrice : null,
      })
      .where(eq(orderItems.id, line.id));

    const note = substitute ? orderNotes.lineSubstituted(input.quantity, line.name, substitute.name) : orderNotes.lineRefunded(input.quantity, line.name);
    let refund: RefundRecord | null = null;
    if (reduction > 0) {
      if (payment.method === 'card') {
        // It claims no units for later returns: the line's fulfilment says which units were delivered (`unitsLeftToReturn`).
        refund = await recordRefund(tx, { orderId: locked.id, amount: reduction, kind: 'line', reason: note, lines: [], actor: viewer });
      } else {
        await lowerAmountDue(tx, { orderId: locked.id, amount: amounts.totalAmount });
      }
    }
    await recordOrderEvent(tx, { orderId: locked.id, status: locked.status, actor: viewer, note });
    await recordAudit(tx, viewer, {
      action: substitute ? 'order.line_substituted' : 'order.line_refunded',
      entityType: 'order',
      entityId: locked.id,
      summary: auditCopy.orders.lineUnavailable(locked.orderNumber, note),
      before: { lineId: line.id, quantity: line.quantity, unitPrice: line.unitPrice, totalAmount: locked.totalAmount },
      after: { lineId: line.id, unavailableQuantity: input.quantity, substitute, substituteUnitPrice: substitute ? newUnitPrice : null, totalAmount: amounts.totalAmount },
    });
    return { order: updated!, refund };
  });
  if (refund) {
    try {
      await settleCardRefund(db, options.payments, refund);
    } catch (error) {
      options.logger.warn({ ...errorEntry(error), orderId: order.id }, 'payment provider refused the refund of an unavailable line');
    }
  }
  return presentOrder(db, { order, viewer });
}
