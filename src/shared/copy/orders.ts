import { formatMoney } from '../money';
import { paymentCopy } from './payments';

/**
 * Orders' words: refusals, payment, tracking, the confirmation e-mail and the order pages.
 * Imported through the catalogue (`@/shared/copy`, ./index.ts), like every area.
 */

/** Why an order cannot be placed or changed, where the specification has no wording. */
export const orderRefusals = {
  emptyCart: 'Your cart is empty.',
  noAddress: 'Add a delivery address to continue.',
  outsideServiceArea: 'Delivery not available to this area.',
  linesUnavailable: 'Some items are out of stock or no longer sold. Remove them to continue.',
  totalChanged: 'Prices changed since you reviewed your order. Please check the new total.',
  windowFull: 'This delivery window is full. Please choose another.',
  windowPast: 'This delivery window is no longer available. Please choose another.',
  kitchenClosed: 'This kitchen is closed right now. Choose a delivery window in its opening hours.',
  idempotencyReused: 'This request key was already used for a different order.',
  onlyProductsReplaced: 'Only a single product can be replaced; choose a refund or to be contacted for a bundle or deal.',
  notFound: 'Order not found.',
  statusNotAllowed: "This order can't be changed that way now.",
  notDeclinable: 'Only a new order can be declined: this one was already accepted, or has ended.',
  refundTooLarge: 'The amount is more than what was paid and not yet refunded.',
  notReceived: 'You can rate only items you have received.',
  cardUnavailable: 'Card payments are not available. Please choose pay on delivery.',
  forbidden: 'You do not have access to this.',
  badCursor: 'This page link is no longer valid. Start again from the first page.',
  customersOnly: 'Only customers have orders.',
  staffOnly: 'Only staff have order queues.',
  offeredForDrivers: 'Only drivers are offered deliveries.',
  deliveryCodeRequired: 'Enter the 4-digit delivery code from the customer.',
  deliveryCodeWrong: "This delivery code doesn't match the order.",
  driverRequired: 'Assign a driver first.',
  paymentPending: "The card payment hasn't gone through yet. Confirm the order once it's paid.",
  notADriver: 'Choose a driver who works at this warehouse.',
  returnLineUnknown: 'This item is not part of the order.',
  returnQuantityTooHigh: 'More than you received, or already refunded or requested.',
  returnAlreadyDecided: 'This request has already been decided.',
  returnNotFound: 'Return request not found.',
  photoInvalid: 'The photo must be a JPEG, PNG or WebP image',
  nothingToRefund: 'These items were free, so there is nothing to refund.',
  photoTooLarge: 'The photo must be at most 600 KB',
  bundleNotRatable: 'Bundles cannot be rated; rate the items in them instead.',
  numberingFailed: 'The order could not be numbered. Please try again.',
  nothingLeftToRefund: 'Nothing is left to refund on this order.',
  refundQuantityTooHigh: 'More than was ordered, or already refunded or asked back.',
} as const;

/** Notes the server writes on orders and refunds, shown on the order page. */
export const orderNotes = {
  cancelledRefund: 'Order cancelled',
  returnApproved: 'Return approved',
  driverAssigned: (firstName: string) => `Driver assigned: ${firstName}`,
  lineSubstituted: (quantity: number, name: string, substitute: string) => `${quantity} × ${name} unavailable, replaced by ${substitute}`,
  lineRefunded: (quantity: number, name: string) => `${quantity} × ${name} unavailable, refunded`,
} as const;

/** Card payment, around the SPEC §8 messages of `paymentCopy`. */
export const cardPayment = {
  title: 'Pay by card',
  loading: 'Loading the card form...',
  loadFailed: 'The card form could not be loaded. Please try again.',
  waiting: 'Waiting for the payment to be confirmed...',
  timedOut: 'Your payment has not been confirmed yet. Your order is saved: check its status in your orders in a few minutes.',
  paid: 'Payment received',
  notPayable: 'This order has no card payment to take.',
  /** The order's timeline note when an abandoned card payment cancels it. */
  unpaidCancelNote: 'The card payment was not completed.',
  /** The refund's reason when a card payment succeeds after its order was cancelled. */
  paidAfterCancelReason: 'The card payment went through after the order was cancelled.',
} as const;

export function payButtonLabel(formattedAmount: string): string {
  return `Pay ${formattedAmount}`;
}

/** 'Payment Error' with the provider's message (SPEC §8). */
export function paymentErrorText(message: string | undefined): string {
  return message ? `${paymentCopy.error}: ${message}` : paymentCopy.error;
}

/** What live tracking answers when it cannot. */
export const trackingRefusals = {
  /** The same for an unknown number and for a known number with another email, so neither can be probed. */
  lookupNotFound: 'No order matches this order number and email.',
  linkExpired: 'This tracking link has expired. Look the order up again.',
  notOutForDelivery: 'A position can be shared only while the order is out for delivery.',
  positionTooSoon: 'Positions are accepted at most once every 3 seconds.',
  tooManyLookups: 'Too many attempts. Please wait a minute and try again.',
  signInToTrack: 'Please sign in to continue.',
} as const;

/** The confirmation email a placed order sends (through the mail provider; the server log by default). */
export function orderConfirmationEmail(order: {
  orderNumber: string;
  lines: { name: string; quantity: number; amount: number }[];
  totalAmount: number;
  /** When it arrives, already written for the reader: 'Mon, Nov 23, 3:26 PM CST' or a window. */
  estimate: string;
  address: string;
  paymentMethod: 'cash_on_delivery' | 'card';
}): { subject: string; text: string } {
  const lines = order.lines.map((line) => `  ${line.quantity} × ${line.name}: ${formatMoney(line.amount)}`);
  const payment = order.paymentMethod === 'card' ? 'Paid by card' : 'Pay on delivery';
  return {
    subject: `Your FreshCart order ${order.orderNumber}`,
    text: [
      `Thank you for your order ${order.orderNumber}.`,
      '',
      ...lines,
      '',
      `Total: ${formatMoney(order.totalAmount)} (${payment})`,
      `Estimated delivery: ${order.estimate}`,
      `Delivering to: ${order.address}`,
      '',
      'Track it any time from My Orders.',
    ].join('\n'),
  };
}

/** The customer's orders, their detail, returns, ratings and live tracking. */
/** Why a kitchen declined an order, as its customer reads it. */
const declineReasonWords = {
  out_of_ingredient: 'The kitchen ran out of an ingredient.',
  too_busy: 'The kitchen is too busy to take more orders right now.',
  closing_soon: 'The kitchen is closing soon.',
} as const;

export const orderCopy = {
  loading: {
    orders: 'Loading your orders',
  },
  onTheirWay: 'Orders on their way',
  recentComments: 'Recent comments',
  orderNumberExample: 'FC-20261122-4F7Q',
  statuses: {
    placed: 'Placed',
    confirmed: 'Confirmed',
    processing: 'Preparing',
    ready: 'Ready for pickup',
    out_for_delivery: 'Out for delivery',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refund_requested: 'Refund requested',
    refunded: 'Refunded',
    refund_rejected: 'Refund declined',
  },
  /** A refunded order whose payment was refunded only in part, as its Payment card says. */
  partiallyRefunded: 'Partially refunded',
  paymentMethods: { cash_on_delivery: 'Pay on delivery', card: 'Card' },
  paymentStatuses: {
    due_on_delivery: 'Due on delivery',
    pending: 'Pending',
    paid: 'Paid',
    failed: 'Failed',
    refunded: 'Refunded',
    partially_refunded: 'Partially refunded',
    cancelled: 'Cancelled',
  },
  substitutions: { replace: 'Replace with a similar item', contact: 'Contact me', refund: 'Refund it' },
  refundKinds: { full: 'Full refund', partial: 'Partial refund', line: 'Items refunded', goodwill: 'Goodwill refund' },
  refundStatuses: { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' },
  returnStatuses: { requested: 'Under review', approved: 'Approved', rejected: 'Declined' },
  actors: { customer: 'You', admin: 'FreshCart', manager: 'The store', driver: 'Your driver', cloud_kitchen: 'The kitchen', support: 'Customer support', system: 'FreshCart' },
  list: {
    title: 'My Orders',
    description: 'Your recent and past orders.',
    emptyTitle: 'No orders yet',
    emptyBody: 'Orders you place appear here.',
    shop: 'Start shopping',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    loadError: 'Your orders could not be loaded',
  },
  detail: {
    title: 'Order details',
    notFoundTitle: 'Order not found',
    notFoundBody: 'We could not find this order on your account.',
    backToOrders: 'Back to my orders',
    loadError: 'This order could not be loaded',
    items: 'Items',
    summary: 'Summary',
    subtotal: 'Subtotal',
    /** Already taken off the subtotal: shown as included, not as a further deduction. */
    savings: 'Savings included',
    serviceFee: 'Service fee',
    deliveryFee: 'Delivery fee',
    free: 'Free',
    tax: 'Tax',
    tip: 'Tip',
    total: 'Total',
    deliverTo: 'Delivery address',
    payment: 'Payment',
    refunded: 'Refunded',
    timeline: 'Status',
    deliveryCode: 'Delivery code',
    deliveryCodeHint: 'Give this code to your driver when your order arrives.',
    driverNotes: 'Notes for the driver',
    refunds: 'Refunds',
    returnRequests: 'Return and refund requests',
    /** The picture the customer sent with a return request, shown back to them; it opens full size. */
    returnPhoto: 'Your photo (opens full size)',
    quantity: (quantity: number) => `Qty ${quantity}`,
    /** A line picked short: the units that came as ordered, of those ordered. */
    quantityOfOrdered: (picked: number, ordered: number) => `Qty ${picked} of ${ordered}`,
    itemCount: (count: number) => (count === 1 ? '1 item' : `${count} items`),
    estimate: 'Estimated delivery',
    window: 'Delivery window',
    deliveredAt: 'Delivered',
    loading: 'Loading the order',
    ifOutOfStock: (choice: string) => `If out of stock: ${choice}`,
    returnedQuantity: (quantity: number) => `${quantity} returned or asked back`,
  },
  /** A kitchen turned the order down: what the customer reads on the order's page and timeline. */
  declined: {
    title: 'The kitchen could not take this order',
    reasons: declineReasonWords,
    /** The note of the kitchen's cancellation: the reason in the customer's words, then the kitchen's own, if any. */
    note: (reason: keyof typeof declineReasonWords, details: string) => [declineReasonWords[reason], details].filter(Boolean).join('\n'),
    refunded: (amount: string) => `${amount} is refunded to your card.`,
    notCharged: 'Your card was not charged.',
    refundFailed: 'Your card was charged and the refund did not go through. Contact support to get your money back.',
    nothingDue: 'Nothing is due.',
  },
  cancel: {
    action: 'Cancel order',
    title: 'Cancel this order?',
    description: 'The order is cancelled and nothing is charged. This cannot be undone.',
    /** An order whose card was charged already: the money goes back, it is not "not charged". */
    descriptionPaid: 'The order is cancelled and what you paid goes back to your card. This cannot be undone.',
    reason: 'Reason (optional)',
    confirm: 'Yes, cancel order',
    keep: 'Keep order',
    done: 'Your order was cancelled',
    failed: 'The order could not be cancelled',
  },
  reorder: {
    action: 'Reorder',
    done: 'Items added to your cart',
    skipped: (names: string[]) => `Not added: ${names.join(', ')}`,
    failed: 'The items could not be added to your cart',
  },
  returns: {
    action: 'Request a return or refund',
    title: 'Request a return or refund',
    description: 'Choose the items and how many, and tell us what went wrong. Customer support reviews every request.',
    item: (name: string) => `Return ${name}`,
    quantityOf: (name: string) => `How many ${name}`,
    reason: 'What went wrong?',
    photo: 'Photo (optional)',
    photoHint: 'JPEG, PNG or WebP. Large photos are made smaller.',
    photoTooBig: 'The photo must be at most 600 KB',
    photoUnreadable: 'This file could not be read as a picture.',
    removePhoto: 'Remove photo',
    amount: 'Refund amount',
    includesTax: (amount: string) => `Includes ${amount} of tax on these items`,
    taxOnItems: 'Tax on these items',
    /** The most a return of every item left comes to (`mostReturnable`), as support's approval and the server count it. */
    refundable: (amount: string) => `Up to ${amount} can be refunded for the items of this order.`,
    /** Why that is less than the order's total (ADR 067). */
    feesStay: 'Fees and any tip paid for the delivery are not refunded with items.',
    tooMuch: 'This is more than can be refunded on this order.',
    pickOne: 'Pick at least one item',
    submit: 'Send request',
    close: 'Cancel',
    done: 'Your request was sent',
    failed: 'The request could not be sent',
    /**
     * One request at a time: an order under review takes no other until support approves it (a declined one
     * takes none), and only units neither refunded nor asked back can be asked for then.
     */
    underReview: 'Your return request is being reviewed. Once support approves it, you can ask about any items of this order still left to return.',
    /** Under review, when the request asks back every unit still left to return. */
    underReviewCoversAll: 'Your return request is being reviewed. It covers every item of this order still left to return, so nothing more can be asked about once support approves it.',
  },
  ratings: {
    rate: 'Rate',
    edit: 'Edit rating',
    title: (name: string) => `Rate ${name}`,
    stars: (count: number) => (count === 1 ? '1 star' : `${count} stars`),
    starsLabel: 'Your rating',
    chooseStars: 'Choose 1 to 5 stars',
    comment: 'Comment (optional)',
    save: 'Save rating',
    saved: 'Thanks for your rating',
    failed: 'The rating could not be saved',
    yours: (count: number) => `You rated ${count} of 5`,
    average: (average: number, count: number) => `Rated ${average.toFixed(1)} out of 5 from ${count === 1 ? '1 rating' : `${count} ratings`}`,
    none: 'No ratings yet',
    unavailable: 'Ratings are not available right now.',
    heading: 'Ratings and comments',
    count: (count: number) => (count === 1 ? '1 rating' : `${count} ratings`),
  },
  tracking: {
    title: 'Track Order',
    description: 'Follow your delivery as it happens.',
    noneTitle: 'No order on its way',
    noneBody: 'Orders on their way appear here with live status.',
    lookupTitle: 'Find an order',
    lookupBody: 'Enter the order number and the email of the account that placed it.',
    orderNumber: 'Order number',
    email: 'Email',
    find: 'Track order',
    another: 'Track another order',
    loadError: 'Tracking could not be loaded',
    live: 'Live',
    reconnecting: 'Reconnecting…',
    connecting: 'Connecting…',
    progress: 'Order progress',
    arrivesBy: (time: string) => `Arriving by ${time}`,
    /** An arrival on another day than today: the day is named, as the order confirmation names it. */
    arrivesOn: (day: string, time: string) => `${day}, by ${time}`,
    /** Past its promised time and not delivered yet: said plainly rather than promising a time gone by. */
    runningLate: (time: string) => `Running late: due by ${time}`,
    arrivedAt: (time: string) => `Delivered at ${time}`,
    details: 'Order details',
  },
  map: {
    label: 'Delivery map',
    description: (from: string, miles: string | null, eta: string) =>
      `The driver is on the way from ${from}${miles ? `, ${miles} away` : ''}; arriving by ${eta}.`,
    from: 'From',
    you: 'You',
    driver: 'Driver',
    milesLeft: (miles: string) => `${miles} left`,
    miles: (miles: string) => `${miles} mi`,
    /** Out for delivery, but the driver's app has not shared where they are (or not for a while). */
    noPosition: 'The driver’s location isn’t available right now. The map will show it as soon as it is.',
    lastSeen: (time: string) => `The driver’s location isn’t current: last seen at ${time}. The map will update as soon as a new one arrives.`,
    unavailable: 'The map is not available for this address.',
  },
  /** What picking found of a line, on the customer's order page. */
  fulfilment: {
    substituted: (quantity: number, name: string, price: string) => `${quantity} unavailable, replaced by ${name} at ${price} each`,
    refunded: (quantity: number) => `${quantity} unavailable, refunded`,
  },
} as const;

/**
 * An order's status in words. A refunded order whose payment was refunded only in part (`partlyRefunded`,
 * worked out on the server: items still to return, or fees kept with every item returned) reads so wherever
 * it is shown, as its Payment card does: order pages, tracking, the chat (ADR 047).
 */
export function orderStatusLabel(status: keyof typeof orderCopy.statuses, partlyRefunded: boolean): string {
  return status === 'refunded' && partlyRefunded ? orderCopy.partiallyRefunded : orderCopy.statuses[status];
}

/** The checkout page's steps and summary. */
export const checkoutCopy = {
  loading: {
    checkout: 'Loading checkout',
    addresses: 'Loading addresses',
    summary: 'Loading the order summary',
    deliveryTimes: 'Loading delivery times',
  },
  title: 'Checkout',
  description: 'Review your order, choose when it arrives and how to pay.',
  loadFailed: "Couldn't load your checkout.",
  address: 'Delivery address',
  addAddress: 'Add a new address',
  noAddress: 'Add the address your order should go to.',
  from: 'From',
  milesAway: (miles: number) => `${miles.toFixed(1)} mi away`,
  deliveryTime: 'Delivery time',
  asap: 'As soon as possible',
  asapUnavailable: 'Not available right now',
  chooseWindow: 'Or choose a delivery window',
  windowFull: 'Full',
  windowTooSoon: 'Unavailable',
  noWindows: 'No delivery windows today or tomorrow.',
  timesNeedServedAddress: 'Delivery times show once you choose an address we deliver to.',
  timesIn: (zone: string) => `Times in ${zone}`,
  items: 'Items',
  quantity: (quantity: number) => `Qty ${quantity}`,
  repriced: (was: string, now: string) => `was ${was}, now ${now}`,
  lineStates: { ok: 'Available', repriced: 'Price changed', out_of_stock: 'Out of stock', unavailable: 'No longer available' },
  unavailableTitle: 'Some items are out of stock or no longer sold',
  removeUnavailable: 'Remove unavailable items',
  substitution: 'If out of stock',
  substitutions: { replace: 'Replace with a similar item', contact: 'Contact me', refund: 'Refund it' },
  driverNotes: 'Notes for the driver',
  driverNotesHint: 'Gate code, where to leave the bag…',
  characters: (count: number, max: number) => `${count}/${max}`,
  tip: 'Tip for your driver',
  tipNone: 'None',
  tipPercent: (percent: string) => `${percent} %`,
  tipCustom: 'Custom',
  tipCustomAmount: 'Custom tip in dollars',
  tipInvalid: 'Enter an amount in dollars, like 5.00',
  tipTooHigh: (max: string) => `Tip must be at most ${max}`,
  paymentMethod: 'Payment method',
  payOnDelivery: 'Pay on delivery',
  payOnDeliveryHint: 'Pay the driver when your order arrives.',
  card: 'Card',
  cardHint: 'Pay now with a credit or debit card.',
  summary: 'Order summary',
  subtotal: 'Subtotal',
  /** Already taken off the subtotal: shown as included, not as a further deduction. */
  savings: { discounts: 'Discounts included', bundles: 'Bundle savings included', deals: 'Deal savings included' },
  serviceFee: 'Service fee',
  deliveryFee: 'Delivery fee',
  free: 'Free',
  tax: 'Tax',
  tipLine: 'Tip',
  total: 'Total',
  updating: 'Updating…',
  placeOrder: 'Place order',
  placing: 'Placing order…',
  placeFailed: "Couldn't place your order",
  /** Under the connection message when a placement got no answer: the order may have gone through. */
  unanswered: 'Your order may already have gone through. Place order again to find out: it is never placed twice.',
  continueShopping: 'Continue shopping',
  emptyHint: 'Add products to your cart before checking out.',
  /** 'in about 35 min, by 6:40 PM'; 'in about 2 h', 'in about 1 h 45 min' from 90 minutes. */
  asapEstimate: (minutes: number, time: string) =>
    `in about ${minutes < 90 ? `${minutes} min` : minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`}, by ${time}`,
} as const;

/** The page a placed order lands on. */
export const orderSuccessCopy = {
  loading: 'Loading your order',
  title: 'Order placed',
  arrivesBy: (day: string, time: string) => `${day}, by ${time}`,
  thanks: (source: string) => `Thank you! Your order has gone to ${source}.`,
  orderNumber: 'Order number',
  arrives: 'Estimated delivery',
  window: 'Delivery window',
  total: 'Total',
  payment: 'Payment',
  paymentPending: 'Payment pending',
  methods: { cash_on_delivery: 'Pay on delivery', card: 'Card' },
  deliveryCode: 'Delivery code',
  deliveryCodeNote: 'Give this code to your driver',
  next: 'What happens next',
  steps: {
    grocery: ['The store confirms your order', 'A picker gathers your items', 'A driver brings them to you', 'You give the driver your code'],
    cloud_kitchen: ['The kitchen confirms your order', 'The kitchen prepares it', 'A driver brings it to you', 'You give the driver your code'],
  },
  track: 'Track order',
  continueShopping: 'Continue shopping',
  notFoundTitle: 'We could not find that order',
  notFoundBody: 'It may belong to another account, or the link is incomplete. Your orders are all listed on your orders page.',
  toOrders: 'Go to my orders',
  loadFailed: "Couldn't load your order.",
} as const;
