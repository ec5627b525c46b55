import type { ChatOrder } from '@/shared/contracts/support-chat';
import { assistantCopy } from '@/shared/copy';
import { formatMoney, parseMoney } from '@/shared/money';
import { newestFirst, type AssistantReply, type AssistantRequest, type ChatAssistant, type ChatOrderFacts, type ChatTools, type ProposalOutcome, type ServiceFacts } from './ai';

/**
 * The built-in assistant: intent rules over the customer's own data through ChatTools, so the chat
 * works with no AI provider. Deterministic: the same message over the same data gives the same reply.
 * It reads only the customer's words for intent; what it finds in data (order notes, addresses) it
 * may quote but never obeys, and every fact it states comes from a tool.
 */

const orderNumberPattern = /\bFC-\d{8}-[A-Z0-9]+\b/i;
const amountPattern = /\$\s?(\d{1,6}(?:\.\d{1,2})?)\b/;

const intents = {
  human: /\b(human|person|agent|representative|real (?:person|people)|someone|somebody|operator|staff member)\b/i,
  cancel: /\bcancel(?!l?ed\b)/i,
  refund: /\b(refund|money back|reimburse)/i,
  policy: /\b(return|returns|returning)\b.*\bpolic|\bpolic\w*\b.*\b(return|refund)|\breturn (an?|my|the)\b|\bhow (do|can) i return\b|\breturns?\b\s*\??$/i,
  ownOrder: /\bmy\b.*\b(order|delivery|groceries|food)\b/i,
  whereabouts: /\b(where(?:'s| is| are) my|order status|status|track|orders?\b.*\b(?:arriv|come|coming)|when will|arriv|estimate|eta)\b/i,
  orders: /\b(my orders?|recent orders?|(?:what|which|any) orders?|orders? (?:do|did|have) i)\b/i,
  fees: /\b(fees?|service charge|tax(?:es)?|delivery charge|how much .*deliver|cost of delivery|charges?)\b/i,
  area: /\b(deliver(?:y|ies)? (?:area|range|zone)|do you deliver|deliver to|service area|how far|miles?|range|which (?:cities|areas)|where do you deliver|warehouses?)\b/i,
  details: /\b(note|notes|instructions?|address|deliver(?:ing|ed)? to where)\b/i,
  hours: /\b(hours|opening|open(?: now)?|close[sd]?|closing)\b/i,
  greeting: /^\s*(hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|greetings)\b/i,
  thanks: /\b(thanks|thank you|thx|cheers|much appreciated)\b/i,
  offTopic:
    /\b(weather|joke|poem|story|song|lyrics|movie|film|sports?|football|soccer|basketball|politic\w*|president|election|stock market|stocks|crypto\w*|bitcoin|capital of|homework|essay|translate|code|program(?:ming)?|python|javascript|recipe|math|calculate|meaning of life|who (?:is|was)|tell me about|write (?:me )?an?)\b/i,
};

/** In the store's clock, named ('Nov 24, 9:00 AM CST'), as the order cards beside the answer show times. */
function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

function asChatOrder(order: ChatOrderFacts): ChatOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    type: order.type,
    totalAmount: order.totalAmount,
    placedAt: order.placedAt,
    itemCount: order.itemCount,
    timeZone: order.timeZone,
    returnable: order.returnable,
    partlyRefunded: order.partlyRefunded,
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function orderLines(orders: ChatOrderFacts[]): string {
  return orders
    .map((order) => `- ${assistantCopy.orderLine(order.orderNumber, lowerFirst(order.statusLabel), formatMoney(order.totalAmount), formatTime(order.placedAt, order.timeZone))}`)
    .join('\n');
}

interface Answer {
  text: string;
  orders?: ChatOrder[];
  helped: boolean;
}

function proposalText(outcome: ProposalOutcome): string {
  return outcome.ok ? `${outcome.description} ${assistantCopy.confirmPrompt}` : outcome.reason;
}

async function answerStatus(tools: ChatTools, orderNumber: string): Promise<Answer> {
  const order = await tools.findOrder(orderNumber);
  if (!order) return { text: assistantCopy.notFound(orderNumber.toUpperCase()), helped: true };
  const lines = [assistantCopy.orderStatus(order.orderNumber, lowerFirst(order.statusLabel), order.source)];
  if (order.estimatedDeliveryAt) lines.push(assistantCopy.estimate(formatTime(order.estimatedDeliveryAt, order.timeZone)));
  if (order.deliveredAt) lines.push(assistantCopy.deliveredAt(formatTime(order.deliveredAt, order.timeZone)));
  return { text: lines.join(' '), orders: [asChatOrder(order)], helped: true };
}

/** The order's note and address, quoted as data: never read for instructions. */
async function answerDetails(tools: ChatTools, orderNumber: string): Promise<Answer> {
  const order = await tools.findOrder(orderNumber);
  if (!order) return { text: assistantCopy.notFound(orderNumber.toUpperCase()), helped: true };
  const note = order.notes.trim() ? assistantCopy.noteQuote(order.notes.trim()) : assistantCopy.noNote;
  return { text: `${note} ${assistantCopy.addressQuote(order.deliveryAddress)}`, orders: [asChatOrder(order)], helped: true };
}

/**
 * The recent orders (SPEC §7: the last 3 days, placed, confirmed or processing); with none, the orders
 * of those days that are on their way. With `onTheWayToo` ("where is my order?"), those on their way
 * are listed beside the recent ones, newest first: they are what the customer is waiting for.
 */
async function answerOrders(tools: ChatTools, options: { onTheWayToo: boolean }): Promise<Answer> {
  const recent = await tools.recentOrders();
  const onTheWay = recent.length === 0 || options.onTheWayToo ? await tools.ordersOnTheWay() : [];
  const orders = [...recent, ...onTheWay].sort(newestFirst);
  if (orders.length === 0) return { text: assistantCopy.noRecentOrders, helped: true };
  const heading = recent.length > 0 ? assistantCopy.recentOrders : assistantCopy.ordersOnTheWay;
  return { text: `${heading}\n${orderLines(orders)}`, orders: orders.map(asChatOrder), helped: true };
}

/** A delivered order's money comes back through a return request, which the customer makes on its page. */
function answerReturnable(order: ChatOrderFacts): Answer {
  return { text: assistantCopy.refundAfterDelivery(order.orderNumber), orders: [asChatOrder(order)], helped: true };
}

/**
 * Cancel or refund: of the named order, or of the only recent one; with several, ask which and act on
 * none. A refund is of the customer's most recent order, so when that is a delivered one it is pointed
 * to a return request for it, never to an older order that could still be cancelled. With none to act
 * on, a refund is answered with how returns and refunds work, never with what could be cancelled.
 */
async function answerAction(tools: ChatTools, message: string, kind: 'cancel' | 'refund'): Promise<Answer> {
  const named = message.match(orderNumberPattern)?.[0];
  const amountText = message.match(amountPattern)?.[1];
  const amount = amountText === undefined ? undefined : (parseMoney(amountText) ?? undefined);
  const act = (orderNumber: string) => (kind === 'cancel' ? tools.proposeCancel(orderNumber) : tools.proposeRefund(orderNumber, amount));
  if (named) return { text: proposalText(await act(named)), helped: true };
  const orders = await tools.recentOrders();
  if (kind === 'refund') {
    const delivered = await tools.lastReturnableOrder();
    if (delivered && (orders.length === 0 || Date.parse(delivered.placedAt) > Date.parse(orders[0]!.placedAt))) return answerReturnable(delivered);
  }
  if (orders.length === 0) {
    return { text: kind === 'cancel' ? assistantCopy.noActionableOrder : (await tools.serviceFacts()).returnsPolicy, helped: true };
  }
  if (orders.length === 1) return { text: proposalText(await act(orders[0]!.orderNumber)), orders: orders.map(asChatOrder), helped: true };
  return { text: `${assistantCopy.whichOrder}\n${orderLines(orders)}`, orders: orders.map(asChatOrder), helped: true };
}

const feeText = (fee: number) => (fee === 0 ? assistantCopy.free : formatMoney(fee));

/** A heading over a list of places; for a customer with no saved address, that these are only a few. */
function placesText(facts: ServiceFacts, heading: string, lines: string[]): string {
  const few = !facts.deliveringTo && lines.length > 0 ? [assistantCopy.noAddress] : [];
  return [heading, ...lines.map((line) => `- ${line}`), ...few].join('\n');
}

async function answerFees(tools: ChatTools): Promise<Answer> {
  const facts = await tools.serviceFacts();
  const fees = facts.warehouses.map((warehouse) => assistantCopy.deliveryFee(warehouse.name, feeText(warehouse.deliveryFee)));
  return { text: placesText(facts, assistantCopy.fees(`${facts.serviceFeePercent} %`, `${facts.taxPercent} %`), fees), helped: true };
}

async function answerArea(tools: ChatTools): Promise<Answer> {
  const facts = await tools.serviceFacts();
  const miles = String(facts.deliveryRangeMiles);
  const place = facts.deliveringTo;
  if (facts.warehouses.length === 0) return { text: place ? assistantCopy.outsideArea(miles, place.city, place.state) : assistantCopy.noWarehouses, helped: true };
  const lines = facts.warehouses.map((w) => assistantCopy.areaLine(w.name, w.city, w.state, String(w.deliveryRadiusMiles), feeText(w.deliveryFee)));
  const heading = place ? assistantCopy.areaNear(miles, place.city, place.state) : assistantCopy.area(miles);
  return { text: placesText(facts, heading, lines), helped: true };
}

async function answerHours(tools: ChatTools): Promise<Answer> {
  const facts = await tools.serviceFacts();
  const place = facts.deliveringTo;
  const groceries = assistantCopy.groceryHours(facts.groceryDeliveryHours);
  if (facts.kitchens.length === 0) return { text: `${groceries}\n${place ? assistantCopy.noKitchensNear(place.city, place.state) : assistantCopy.noKitchens}`, helped: true };
  const lines = facts.kitchens.map((k) => assistantCopy.hoursLine(k.name, k.city, k.openingHours, k.openNow));
  const heading = place ? assistantCopy.hoursNear(place.city, place.state) : assistantCopy.hours;
  return { text: `${groceries}\n${placesText(facts, heading, lines)}`, helped: true };
}

/**
 * When the assistant's last reply asked which order the customer meant, the request it asked about
 * (cancel or refund, and the customer's words for it), so that naming an order answers that question.
 */
function requestAwaitingOrder(turns: AssistantRequest['turns']): { kind: 'cancel' | 'refund'; words: string } | null {
  const before = turns.slice(0, -1);
  const asked = before.at(-1);
  if (asked?.role !== 'assistant' || !asked.content.startsWith(assistantCopy.whichOrder)) return null;
  const words = [...before].reverse().find((turn) => turn.role === 'user')?.content ?? '';
  if (intents.cancel.test(words)) return { kind: 'cancel', words };
  if (intents.refund.test(words) && !intents.policy.test(words)) return { kind: 'refund', words };
  return null;
}

/** Decides the reply to the customer's latest message. Exported for the unit tests of the intents. */
export async function answer(request: Pick<AssistantRequest, 'turns' | 'customerName' | 'tools' | 'dropped'>): Promise<Answer> {
  const { tools } = request;
  const message = [...request.turns].reverse().find((turn) => turn.role === 'user')?.content ?? '';
  const named = message.match(orderNumberPattern)?.[0];
  const droppedNote = request.dropped ? assistantCopy.dropped(request.dropped.orderNumber) : '';
  const withDropped = (reply: Answer): Answer => (droppedNote ? { ...reply, text: `${droppedNote} ${reply.text}` } : reply);

  if (intents.human.test(message)) {
    await tools.escalate(assistantCopy.escalationSummary(message.slice(0, 300)));
    return withDropped({ text: assistantCopy.escalated, helped: true });
  }
  if (intents.cancel.test(message)) return withDropped(await answerAction(tools, message, 'cancel'));
  // "Which order do you mean?" answered with an order number: the request it was about goes on, for that order.
  const awaiting = named && !intents.refund.test(message) ? requestAwaitingOrder(request.turns) : null;
  if (awaiting) return withDropped(await answerAction(tools, `${message} ${awaiting.words}`, awaiting.kind));
  if (intents.refund.test(message) && !intents.policy.test(message)) return withDropped(await answerAction(tools, message, 'refund'));
  if (intents.policy.test(message)) {
    // "Return my order" asks about their last delivered order; a question about the policy gets the policy.
    const returnable = intents.ownOrder.test(message) ? await tools.lastReturnableOrder() : null;
    return withDropped(returnable ? answerReturnable(returnable) : { text: (await tools.serviceFacts()).returnsPolicy, helped: true });
  }
  if (named && intents.details.test(message)) return withDropped(await answerDetails(tools, named));
  if (named) return withDropped(await answerStatus(tools, named));
  if (intents.whereabouts.test(message)) return withDropped(await answerOrders(tools, { onTheWayToo: true }));
  if (intents.orders.test(message)) return withDropped(await answerOrders(tools, { onTheWayToo: false }));
  if (intents.fees.test(message)) return withDropped(await answerFees(tools));
  if (intents.area.test(message)) return withDropped(await answerArea(tools));
  if (intents.hours.test(message)) return withDropped(await answerHours(tools));
  if (intents.thanks.test(message)) return withDropped({ text: assistantCopy.thanks, helped: true });
  if (intents.greeting.test(message)) return withDropped({ text: assistantCopy.greeting(request.customerName || 'there'), helped: true });
  // A "no" that only declined the pending action needs nothing more.
  if (droppedNote && /^\s*(no|nope|no thanks|never ?mind|don'?t|stop|keep it)\b/i.test(message)) return { text: droppedNote, helped: true };
  if (intents.offTopic.test(message)) return withDropped({ text: assistantCopy.offTopic, helped: true });
  return withDropped({ text: assistantCopy.capabilities, helped: false });
}

async function* piecesOf(text: string, signal: AbortSignal): AsyncGenerator<string> {
  for (const match of text.matchAll(/\s*\S+\s*/g)) {
    if (signal.aborted) return;
    yield match[0];
  }
}

export function createBuiltInAssistant(): ChatAssistant {
  return {
    name: 'built-in',
    async reply(request): Promise<AssistantReply> {
      const reply = await answer(request);
      return {
        text: piecesOf(reply.text, request.signal),
        outcome: () => ({ ...(reply.orders && reply.orders.length > 0 ? { orders: reply.orders } : {}), helped: reply.helped }),
      };
    },
    async verify() {
      return 'Built-in assistant (no AI provider configured)';
    },
  };
}
