import { CHAT_ORDER_DAYS, chatActionableStatuses, chatOnTheWayStatuses } from '@/shared/contracts/support-chat';
import { assistantCopy, orderStatusLabel } from '@/shared/copy';
import { WAREHOUSE_DELIVERY_HOURS } from '@/shared/delivery';
import { coordinatesOf, DELIVERY_RANGE_MILES } from '@/shared/locations';
import { formatMoney, SERVICE_FEE_BP, TAX_BP } from '@/shared/money';
import { formatHoursRange } from '@/shared/opening-hours';
import { hasArrived, type OrderStatus } from '@/shared/order-status';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import type { ChatOrderFacts, ChatTools, ProposalOutcome, ServiceFacts } from '../../providers/ai';
import { CHAT_ORDER_PAGE, chatOrdersNewestFirst, chatServicePlaces, findChatOrder, type ChatOrderRecord } from '../../read-models/chat-orders';
import { isOpenAt } from '../kitchens/opening-hours';
import { getDefaultAddress } from '../locations/list-addresses';
import { returnRequestStatuses, returnsLeft } from '../orders/returnable-orders';
import { escalateChat } from './escalate-chat';
import { proposeAction } from './pending-actions';

const dayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** An hour of the day as 'HH:00'. */
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Why the chat may not act on this order (PRODUCT.md: own orders of the last 3 days in placed, confirmed or processing), or null. */
function refusalFor(order: ChatOrderFacts, now: Date): string | null {
  const actionable = (chatActionableStatuses as readonly OrderStatus[]).includes(order.status) && order.cancellable;
  if (!actionable) return assistantCopy.cannotCancelStatus(order.orderNumber, lowerFirst(order.statusLabel));
  if (Date.parse(order.placedAt) < now.getTime() - CHAT_ORDER_DAYS * 86_400_000) return assistantCopy.tooOld(order.orderNumber);
  return null;
}

/** An order with whether a return may still be asked of it and whether it was refunded in part, and its status in words accordingly. */
function facts(order: ChatOrderRecord, left: Awaited<ReturnType<typeof returnsLeft>>): ChatOrderFacts {
  const partlyRefunded = left.partlyRefunded.has(order.id);
  return { ...order, returnable: left.returnable.has(order.id), partlyRefunded, statusLabel: orderStatusLabel(order.status, partlyRefunded) };
}

/**
 * The orders with whether a return may still be asked of each and whether it was refunded only in part
 * (the orders module's rules, as on the order pages), and their status in words: such an order reads
 * "Partially refunded". Reads only for orders delivered or after.
 */
async function withReturnable(db: Db, orders: ChatOrderRecord[]): Promise<ChatOrderFacts[]> {
  const left = await returnsLeft(db, orders);
  return orders.map((order) => facts(order, left));
}

const oneWithReturnable = async (db: Db, order: ChatOrderRecord | null): Promise<ChatOrderFacts | null> => (order ? (await withReturnable(db, [order]))[0]! : null);

/**
 * The customer's most recent order a return may still be asked of, of any age, or null: the orders whose
 * status takes a request, newest first, a page at a time, until the orders module's rule accepts one.
 */
async function lastReturnableOrder(db: Db, viewer: Viewer): Promise<ChatOrderFacts | null> {
  for (let offset = 0; ; offset += CHAT_ORDER_PAGE) {
    const page = await chatOrdersNewestFirst(db, { viewer, statuses: returnRequestStatuses, offset });
    const left = await returnsLeft(db, page);
    const order = page.find((candidate) => left.returnable.has(candidate.id));
    if (order) return facts(order, left);
    if (page.length < CHAT_ORDER_PAGE) return null;
  }
}

/** The customer's default address, and the warehouses and kitchens that deliver to it. */
async function placesDeliveringTo(db: Db, viewer: Viewer) {
  const address = await getDefaultAddress({ db, viewer });
  const places = await chatServicePlaces(db, address && { point: coordinatesOf(address), state: address.state });
  return { address, ...places };
}

/**
 * The assistant's tools, bound to the signed-in customer and their conversation. Ownership is checked
 * here, in the queries themselves: an order number of another customer is "not found", exactly like
 * one that does not exist. Proposals only record a pending action; nothing changes an order until the
 * customer confirms it.
 */
export function createChatTools(options: { db: Db; viewer: Viewer; conversationId: string; now?: () => Date }): ChatTools {
  const { db, viewer, conversationId } = options;
  const now = options.now ?? (() => new Date());

  async function propose(order: ChatOrderFacts, action: 'cancel_order' | 'request_refund', amount: number, description: string): Promise<ProposalOutcome> {
    const pending = await proposeAction(db, { conversationId, customerProfileId: viewer.profileId, order, action, amount, now: now() });
    return { ok: true, action: pending, description };
  }

  // Read once per message: an assistant may ask again (a proposal looks its order up after listing them).
  let open: Promise<ChatOrderFacts[]> | undefined;
  const found = new Map<string, Promise<ChatOrderFacts | null>>();
  let places: ReturnType<typeof placesDeliveringTo> | undefined;

  // The recent orders and those on their way in one read: "where is my order?" lists both.
  const openOrders = () =>
    (open ??= chatOrdersNewestFirst(db, {
      viewer,
      since: new Date(now().getTime() - CHAT_ORDER_DAYS * 86_400_000),
      statuses: [...chatActionableStatuses, ...chatOnTheWayStatuses],
    }).then((orders) => withReturnable(db, orders)));
  const inStatuses = (statuses: readonly OrderStatus[]) => () => openOrders().then((orders) => orders.filter((order) => statuses.includes(order.status)));
  const recentOrders = inStatuses(chatActionableStatuses);
  const ordersOnTheWay = inStatuses(chatOnTheWayStatuses);

  function findOrder(orderNumber: string): Promise<ChatOrderFacts | null> {
    const key = orderNumber.trim().toUpperCase();
    let order = found.get(key);
    if (!order) {
      order = findChatOrder(db, { viewer, orderNumber }).then((record) => oneWithReturnable(db, record));
      found.set(key, order);
    }
    return order;
  }

  return {
    recentOrders,

    ordersOnTheWay,

    findOrder,

    lastReturnableOrder: () => lastReturnableOrder(db, viewer),

    async proposeCancel(orderNumber) {
      const order = await findOrder(orderNumber);
      if (!order) return { ok: false, reason: assistantCopy.notFound(orderNumber.toUpperCase()) };
      const refusal = refusalFor(order, now());
      if (refusal) return { ok: false, reason: refusal };
      const refund = order.paymentMethod === 'card' ? order.refundableAmount : 0;
      const consequence =
        order.paymentMethod !== 'card'
          ? assistantCopy.cancelNothingPaid
          : refund > 0
            ? assistantCopy.cancelRefundsCard(formatMoney(refund))
            : assistantCopy.cancelNotCharged;
      return propose(order, 'cancel_order', refund, assistantCopy.proposeCancel(order.orderNumber, consequence));
    },

    async proposeRefund(orderNumber, amount) {
      const order = await findOrder(orderNumber);
      if (!order) return { ok: false, reason: assistantCopy.notFound(orderNumber.toUpperCase()) };
      if (hasArrived(order.status)) return { ok: false, reason: assistantCopy.refundAfterDelivery(order.orderNumber) };
      const refusal = refusalFor(order, now());
      if (refusal) return { ok: false, reason: refusal };
      // Before delivery money comes back only by cancelling (ADR 028).
      if (order.paymentMethod !== 'card') {
        return propose(order, 'cancel_order', 0, assistantCopy.refundNothingCharged(order.orderNumber));
      }
      const refundable = order.refundableAmount;
      if (refundable === 0) {
        return propose(order, 'cancel_order', 0, assistantCopy.proposeCancel(order.orderNumber, assistantCopy.cancelNotCharged));
      }
      if (amount !== undefined && amount > refundable) {
        return { ok: false, reason: assistantCopy.refundAboveShort(order.orderNumber, formatMoney(refundable)) };
      }
      const partial = amount !== undefined && amount < refundable ? ` ${assistantCopy.refundOnlyWhole}` : '';
      return propose(order, 'request_refund', refundable, assistantCopy.proposeRefund(order.orderNumber, formatMoney(refundable)) + partial);
    },

    async serviceFacts(): Promise<ServiceFacts> {
      const { address, warehouses, kitchens } = await (places ??= placesDeliveringTo(db, viewer));
      const at = now();
      return {
        serviceFeePercent: SERVICE_FEE_BP / 100,
        taxPercent: TAX_BP / 100,
        deliveryRangeMiles: DELIVERY_RANGE_MILES,
        warehouses,
        groceryDeliveryHours: formatHoursRange({ opens: clock(WAREHOUSE_DELIVERY_HOURS.opens), closes: clock(WAREHOUSE_DELIVERY_HOURS.closes) }),
        kitchens: kitchens.map((kitchen) => ({
          name: kitchen.name,
          city: kitchen.city,
          openNow: isOpenAt({ hours: kitchen.openingHours, timeZone: kitchen.timeZone, isOpen: kitchen.isOpen, now: at }),
          openingHours:
            [...kitchen.openingHours]
              .sort((a, b) => a.day - b.day)
              .map((slot) => `${dayNames[slot.day]} ${formatHoursRange(slot)}`)
              .join(', ') || assistantCopy.noHours,
        })),
        deliveringTo: address && { city: address.city, state: address.state },
        returnsPolicy: assistantCopy.returnsPolicy,
      };
    },

    async escalate(summary) {
      await escalateChat(db, { conversationId, summary });
    },
  };
}
