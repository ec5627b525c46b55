import { staffStatuses, type Order } from '@/shared/contracts/orders';
import { orderRefusals } from '@/shared/copy';
import { canTransition, type OrderStatus } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { paymentOf, setPaymentStatus } from '../payments/payment-records';
import { countDeliveryCodeAttempt, forgetDeliveryCodeAttempts } from './delivery-code-attempts';
import { factsOf, forgetDriverPosition, lockOrder, moveOrder, orderFacts, statusNotAllowed } from './order-records';
import { presentOrder } from './present-order';

const staffMoves: ReadonlySet<OrderStatus> = new Set(staffStatuses);
const driven: ReadonlySet<OrderStatus> = new Set(['out_for_delivery', 'delivered']);

/**
 * A staff move along the status machine: the operator confirms, processes and (for kitchens) marks
 * ready; the assigned driver takes it out and delivers it with the customer's code (a few tries per
 * order in a quarter of an hour, so the code cannot be guessed). Cancelling and
 * refund decisions have their own use cases and are refused here. `now` dates a move of a seeded history.
 */
export async function changeOrderStatus(options: {
  db: Db;
  viewer: Viewer;
  orderId: string;
  status: OrderStatus;
  note: string;
  deliveryCode?: string;
  now?: Date;
}): Promise<Order> {
  const { db, viewer, status } = options;
  if (status === 'delivered' && options.deliveryCode) {
    // Only the one who may deliver it spends the order's tries; the count is kept whatever the try's outcome.
    const facts = await orderFacts(db, { orderId: options.orderId });
    if (facts && canTransition({ viewer, order: facts, to: 'delivered' })) await countDeliveryCodeAttempt(db, options.orderId);
  }
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, { orderId: options.orderId, viewer });
    if (!staffMoves.has(status) || !canTransition({ viewer, order: factsOf(locked), to: status })) throw statusNotAllowed();
    if (driven.has(status) && !locked.driverProfileId) {
      throw new AppError({ kind: 'CONFLICT', code: 'DRIVER_REQUIRED', message: orderRefusals.driverRequired });
    }
    if (status === 'confirmed' && locked.paymentMethod === 'card') {
      const payment = await paymentOf(tx, locked.id);
      if (payment?.status !== 'paid') throw new AppError({ kind: 'CONFLICT', code: 'PAYMENT_PENDING', message: orderRefusals.paymentPending });
    }
    if (status === 'delivered') {
      if (!options.deliveryCode) {
        throw new AppError({ kind: 'VALIDATION_FAILED', message: orderRefusals.deliveryCodeRequired, fields: { deliveryCode: orderRefusals.deliveryCodeRequired } });
      }
      if (options.deliveryCode !== locked.deliveryCode) {
        throw new AppError({ kind: 'VALIDATION_FAILED', code: 'DELIVERY_CODE_WRONG', message: orderRefusals.deliveryCodeWrong, fields: { deliveryCode: orderRefusals.deliveryCodeWrong } });
      }
    }
    const moved = await moveOrder(tx, {
      order: locked,
      to: status,
      viewer,
      note: options.note,
      ...(status === 'delivered' ? { proofOfDeliveryNote: options.note } : {}),
      now: options.now,
    });
    if (status === 'delivered') {
      await forgetDriverPosition(tx, locked.id);
      await forgetDeliveryCodeAttempts(tx, locked.id);
      // Cash is collected at the door.
      if (locked.paymentMethod === 'cash_on_delivery') await setPaymentStatus(tx, { orderId: locked.id, status: 'paid' });
    }
    return moved;
  });
  return presentOrder(db, { order, viewer });
}
