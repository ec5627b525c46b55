import type { NotificationKind, PushMessage } from '@/shared/contracts/notifications';
import type { OrderEvent } from '@/shared/contracts/orders';
import { notificationCopy } from '@/shared/copy';
import type { OrderStatus } from '@/shared/order-status';
import { roleHome } from '@/shared/roles';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { NativePushProvider } from '../../providers/native-push';
import type { PushProvider } from '../../providers/push';
import { orderAudience, type OrderAudience } from '../../read-models/notification-recipients';
import { claimDeliveries, deleteDeadNativeDevice, deleteDeadSubscription, nativeDevicesOf, subscriptionsOf } from './notification-records';

interface Notice {
  kind: NotificationKind;
  profileIds: string[];
  message: PushMessage;
}

const push = notificationCopy.push;
const customerNotices: Partial<Record<OrderStatus, { kind: NotificationKind; words: (orderNumber: string) => { title: string; body: string } }>> = {
  placed: { kind: 'order_placed', words: push.orderPlaced },
  confirmed: { kind: 'order_confirmed', words: push.orderConfirmed },
  out_for_delivery: { kind: 'order_out_for_delivery', words: push.outForDelivery },
  delivered: { kind: 'order_delivered', words: push.delivered },
  refunded: { kind: 'refund_decided', words: push.refundApproved },
  refund_rejected: { kind: 'refund_decided', words: push.refundRejected },
};

/** What an order's taking this status, by this actor, tells whom. */
export function noticesFor(options: { orderId: string; status: OrderStatus; actor: OrderEvent['actor']; audience: OrderAudience }): Notice[] {
  const { orderId, status, audience } = options;
  const notices: Notice[] = [];
  const tag = `order-${orderId}`;
  const forCustomer = customerNotices[status];
  if (forCustomer) {
    notices.push({
      kind: forCustomer.kind,
      profileIds: [audience.customerProfileId],
      message: { ...forCustomer.words(audience.orderNumber), url: `/orders/${orderId}`, tag },
    });
  }
  // Someone else cancelling the order (its kitchen declining it, support, or the system on a failed
  // payment) answers the customer's wait for it to be accepted, so it goes out as that kind; a
  // customer's own cancellation tells them nothing new.
  if (status === 'cancelled' && options.actor !== 'customer') {
    const words =
      options.actor === 'cloud_kitchen'
        ? push.orderDeclined(audience.orderNumber)
        : push.orderCancelled(audience.orderNumber, options.actor === 'system' ? 'payment' : 'support');
    notices.push({ kind: 'order_confirmed', profileIds: [audience.customerProfileId], message: { ...words, url: `/orders/${orderId}`, tag } });
  }
  if (status === 'placed') {
    const url = audience.type === 'cloud_kitchen' ? roleHome.cloud_kitchen : roleHome.manager;
    notices.push({ kind: 'new_order', profileIds: audience.operatorProfileIds, message: { ...push.newOrder(audience.orderNumber), url, tag } });
  }
  // Offered once, when the store accepts the order; a driver who took it meanwhile ends the offer.
  if (status === 'confirmed' && audience.driverProfileId === null) {
    notices.push({
      kind: 'delivery_offered',
      profileIds: audience.driversOnShiftProfileIds,
      message: { ...push.deliveryOffered(audience.orderNumber), url: roleHome.driver, tag },
    });
  }
  return notices;
}

/**
 * Sends the pushes one order event calls for, to every browser and app install of each recipient.
 * Every instance runs this for every event; the claim in notification_deliveries lets exactly one of
 * them send each notice. A device the push service (or FCM) says is gone is deleted; any other
 * failure is logged and not retried (the order's page stays right).
 */
export async function notifyOrderEvent(options: {
  db: Db;
  push: PushProvider;
  /** Null when native push is not configured: app installs are then not sent to. */
  nativePush: NativePushProvider | null;
  logger: Logger;
  event: { id: number; orderId: string; status: OrderStatus; actor: OrderEvent['actor'] };
}): Promise<void> {
  const { db, event, nativePush } = options;
  const audience = await orderAudience(db, event.orderId);
  if (!audience) return;
  const notices = noticesFor({ orderId: event.orderId, status: event.status, actor: event.actor, audience });
  const claims = await claimDeliveries(db, { orderEventId: event.id, notices });
  for (const [index, notice] of notices.entries()) {
    const claimed = claims[index]!;
    const payload = JSON.stringify(notice.message);
    const browsers = (await subscriptionsOf(db, claimed)).map(async (target) => {
      if ((await options.push.send(target, payload)) === 'gone') await deleteDeadSubscription(db, target.endpoint);
    });
    const apps = (nativePush ? await nativeDevicesOf(db, claimed) : []).map(async ({ token }) => {
      if ((await nativePush!.send(token, notice.message)) === 'gone') await deleteDeadNativeDevice(db, token);
    });
    await Promise.all([...browsers, ...apps]);
  }
}
