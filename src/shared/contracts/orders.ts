import { z } from 'zod';
import { roles } from '../roles';
import { orderStatuses, orderTypes } from '../order-status';
import { cart, cartItemTypes, cartNotice } from './cart';
import { orderCopy, supportCopy } from '../copy';
import { cents, id, searchByEmail, text } from './common';
import { latitude, longitude } from './locations';

/** What the picker does when a grocery line is out of stock at picking time. */
export const substitutionPreferences = ['replace', 'contact', 'refund'] as const;
export type SubstitutionPreference = (typeof substitutionPreferences)[number];

/**
 * The preferences a grocery line can be given: only a single product can be replaced by another (a
 * bundle or a deal is refunded or talked over), so those lines are not offered a replacement.
 */
export function substitutionChoices(itemType: (typeof cartItemTypes)[number]): readonly SubstitutionPreference[] {
  return itemType === 'product' ? substitutionPreferences : substitutionPreferences.filter((preference) => preference !== 'replace');
}

/** The preference a grocery line gets when none is chosen: a replacement where one can be made, else a refund. */
export function defaultSubstitution(itemType: (typeof cartItemTypes)[number]): SubstitutionPreference {
  return itemType === 'product' ? 'replace' : 'refund';
}

export const paymentMethods = ['cash_on_delivery', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentStatuses = ['due_on_delivery', 'pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The most a customer may tip, in cents. */
export const MAX_TIP = 100_00;

const isoTime = z.iso.datetime({ offset: true, error: 'Must be a date and time' });

/** As soon as possible, or a delivery window named by its start. */
export const deliveryChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('asap') }),
  z.object({ kind: z.literal('window'), start: isoTime }),
]);
export type DeliveryChoice = z.infer<typeof deliveryChoice>;

const tip = z
  .number({ error: 'Tip must be a whole number of cents' })
  .int('Tip must be a whole number of cents')
  .min(0, 'Tip cannot be negative')
  .max(MAX_TIP, `Tip must be at most $${MAX_TIP / 100}`);

/** What the checkout page asks the server to price. */
export const checkoutQuoteInput = z.object({
  /** The saved address to deliver to; absent before the customer has one. */
  addressId: id.optional(),
  delivery: deliveryChoice.default({ kind: 'asap' }),
  tip: tip.default(0),
});
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteInput>;

/** The order a customer places: what they were shown, and how to deliver and pay. The key travels in the `Idempotency-Key` header. */
export const placeOrderInput = z.object({
  addressId: id,
  delivery: deliveryChoice,
  tip,
  paymentMethod: z.enum(paymentMethods, { error: 'Choose a payment method' }),
  driverNotes: text({ label: 'Notes for the driver', max: 500, multiline: true }).default(''),
  /** Per grocery cart line id; lines not named get 'replace'. */
  substitutions: z.record(id, z.enum(substitutionPreferences)).default({}),
  /** The total the customer saw; a different server total refuses the order and nothing is written. */
  expectedTotal: cents,
});
export type PlaceOrderInput = z.input<typeof placeOrderInput>;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const idempotencyKey = z
  .string({ error: 'An Idempotency-Key header is required' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _');

/** Savings against original prices, by where they come from. */
export const savings = z.object({
  /** Quantity discounts on products. */
  discounts: cents,
  bundles: cents,
  /** Buy-X-get-Y sets. */
  deals: cents,
  total: cents,
});
export type Savings = z.infer<typeof savings>;

export const orderTotals = z.object({
  subtotal: cents,
  savings,
  serviceFee: cents,
  deliveryFee: cents,
  taxAmount: cents,
  tip: cents,
  totalAmount: cents,
});
export type OrderTotals = z.infer<typeof orderTotals>;

export const checkoutLineStates = ['ok', 'repriced', 'out_of_stock', 'unavailable'] as const;
export type CheckoutLineState = (typeof checkoutLineStates)[number];

export const checkoutLine = z.object({
  /** The cart line's id (substitution preferences are keyed by it). */
  lineId: id,
  itemType: z.enum(cartItemTypes),
  name: z.string(),
  detail: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** The price now, for this quantity. */
  unitPrice: cents,
  originalPrice: cents,
  /** The price the line was added at. */
  addedUnitPrice: cents,
  state: z.enum(checkoutLineStates),
  /** How many the stock can give now (the cart's cap at most). */
  availableQuantity: z.number().int(),
});
export type CheckoutLine = z.infer<typeof checkoutLine>;

export const deliveryWindow = z.object({
  start: isoTime,
  end: isoTime,
  /** False when full or too soon. */
  available: z.boolean(),
  remaining: z.number().int(),
});
export type DeliveryWindow = z.infer<typeof deliveryWindow>;

export const orderSource = z.object({
  kind: z.enum(['warehouse', 'kitchen']),
  id,
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Its clock: delivery times are shown in it. */
  timeZone: z.string(),
});
export type OrderSource = z.infer<typeof orderSource>;

export const checkoutProblemCodes = ['EMPTY_CART', 'NO_ADDRESS', 'OUT_OF_AREA', 'KITCHEN_CLOSED', 'LINES_UNAVAILABLE', 'WINDOW_UNAVAILABLE'] as const;

export const checkoutQuote = z.object({
  kind: z.enum(orderTypes).nullable(),
  lines: z.array(checkoutLine),
  source: orderSource.extend({ distanceMiles: z.number().nullable() }).nullable(),
  address: z
    .object({
      id,
      label: z.string(),
      streetAddress: z.string(),
      unit: z.string(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
      deliveryInstructions: z.string(),
    })
    .nullable(),
  /** The address is within the source's delivery range. */
  serviceable: z.boolean(),
  delivery: z.object({
    asap: z.object({
      available: z.boolean(),
      /** Preparation or picking plus travel. */
      minutes: z.number().int().nullable(),
      estimatedAt: isoTime.nullable(),
    }),
    /** Today's and tomorrow's windows, in order. */
    windows: z.array(deliveryWindow),
    timeZone: z.string(),
  }),
  totals: orderTotals,
  paymentMethods: z.array(z.enum(paymentMethods)),
  /** Why the order cannot be placed as it stands; empty when it can. */
  problems: z.array(z.object({ code: z.enum(checkoutProblemCodes), message: z.string() })),
});
export type CheckoutQuote = z.infer<typeof checkoutQuote>;

export const orderSummary = z.object({
  id,
  orderNumber: z.string(),
  type: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  totalAmount: cents,
  placedAt: isoTime,
  itemCount: z.number().int(),
  sourceName: z.string(),
  /** The source's IANA time zone: an order's times show in its store's clock, in the list as on the order. */
  timeZone: z.string(),
  /** Units remain that a return may still ask back: a delivered or refunded order, with paid money left to refund. */
  returnable: z.boolean(),
  /**
   * Refunded, and its payment only in part (items left to return, or the fees kept when every item came
   * back): it reads "Partially refunded", as its Payment card does. False in any other status.
   */
  partlyRefunded: z.boolean(),
  /**
   * Under review (refund_requested): units and paid money will still be left to ask back once support
   * approves the open request, which the order and returns pages say. False in any other status.
   */
  returnableAfterReview: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderList = z.object({
  orders: z.array(orderSummary),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type OrderList = z.infer<typeof orderList>;

export const orderListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Only orders still on their way (placed to out for delivery). */
  active: z.enum(['true', 'false']).optional(),
});

/** What picking found of a line: all there, or some units replaced by a substitute or refunded. */
export const lineFulfilments = ['as_ordered', 'substituted', 'refunded'] as const;
export type LineFulfilment = (typeof lineFulfilments)[number];

export const orderLine = z.object({
  id,
  itemType: z.enum(cartItemTypes),
  productId: id.nullable(),
  bundleId: id.nullable(),
  bogoOfferId: id.nullable(),
  cloudKitchenProductId: id.nullable(),
  name: z.string(),
  detail: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: cents,
  originalPrice: cents,
  substitution: z.enum(substitutionPreferences).nullable(),
  /** Units already refunded or asked back in an open request. */
  refundedQuantity: z.number().int(),
  /** Units that were not on the shelf, and whether they were replaced (by `substitute`) or refunded. */
  fulfilment: z.object({
    status: z.enum(lineFulfilments),
    quantity: z.number().int(),
    substitute: z.object({ name: z.string(), unitPrice: cents }).nullable(),
  }),
  /** The customer's own rating of this item, when they gave one. */
  rating: z.object({ stars: z.number().int(), comment: z.string() }).nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const actorKinds = [...roles, 'system'] as const;

export const orderEvent = z.object({
  /** Monotonic across all orders; the stream's event id. */
  id: z.string(),
  status: z.enum(orderStatuses),
  at: isoTime,
  actor: z.enum(actorKinds),
  /** The first name of the driver who made the change, on an order read; live events leave it out. */
  actorName: z.string().optional(),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

export const refundKinds = ['full', 'partial', 'line', 'goodwill'] as const;
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

export const refundEntry = z.object({
  id,
  amount: cents,
  kind: z.enum(refundKinds),
  reason: z.string(),
  status: z.enum(refundStatuses),
  at: isoTime,
});
export type RefundEntry = z.infer<typeof refundEntry>;

export const returnRequestStatuses = ['requested', 'approved', 'rejected'] as const;

export const returnRequest = z.object({
  id,
  orderId: id,
  orderNumber: z.string(),
  lines: z.array(z.object({ orderLineId: id, name: z.string(), quantity: z.number().int(), amount: cents })),
  reason: z.string(),
  /** Where the customer's photo can be fetched, when they sent one. */
  photoUrl: z.string().nullable(),
  amount: cents,
  status: z.enum(returnRequestStatuses),
  /** What support refunded when approving: the amount asked, or less. Null until approved. */
  refundedAmount: cents.nullable(),
  decisionNote: z.string(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  /** The order's source time zone, so the request's times show as the order page shows them. */
  timeZone: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequest>;

/** GET /api/returns/mine: the customer's own requests, newest first. */
export const myReturnRequests = z.object({ returns: z.array(returnRequest) });
export type MyReturnRequests = z.infer<typeof myReturnRequests>;

export const order = orderSummary.extend({
  cloudKitchenId: id.nullable(),
  warehouseId: id,
  source: orderSource,
  address: z.object({
    label: z.string(),
    streetAddress: z.string(),
    unit: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    /** Copied from the saved address when the order was placed. */
    deliveryInstructions: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  delivery: z.object({
    kind: z.enum(['asap', 'window']),
    windowStart: isoTime.nullable(),
    windowEnd: isoTime.nullable(),
    estimatedAt: isoTime,
  }),
  totals: orderTotals,
  payment: z.object({
    method: z.enum(paymentMethods),
    status: z.enum(paymentStatuses),
    refundedAmount: cents,
    /** For a card payment not yet confirmed: what Stripe's element needs to take it. */
    clientSecret: z.string().nullable(),
  }),
  driverNotes: z.string(),
  /** The 4-digit code the customer gives the driver; only the customer sees it. */
  deliveryCode: z.string().nullable(),
  proofOfDeliveryNote: z.string(),
  driver: z.object({ profileId: id, firstName: z.string() }).nullable(),
  lines: z.array(orderLine),
  events: z.array(orderEvent),
  refunds: z.array(refundEntry),
  returnRequests: z.array(returnRequest),
  /** The most a further refund may be: what was paid less what was refunded or is asked back. */
  refundableAmount: cents,
  /** What this viewer may do now; the server refuses everything else. */
  actions: z.object({
    cancel: z.boolean(),
    reorder: z.boolean(),
    requestReturn: z.boolean(),
    rate: z.boolean(),
    transitions: z.array(z.enum(orderStatuses)),
    assignDriver: z.boolean(),
  }),
  /** The source's IANA time zone (as `source.timeZone`), so times show as the checkout showed them. */
  timeZone: z.string(),
});
export type Order = z.infer<typeof order>;

/** What placing an order answers; the order page reads the rest from GET /api/orders/{id}. */
export const placedOrder = z.object({
  orderId: id,
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  totalAmount: cents,
  estimatedAt: isoTime,
  paymentMethod: z.enum(paymentMethods),
  /** For a card payment: what Stripe's element needs to take the card; null otherwise. */
  paymentClientSecret: z.string().nullable(),
  /** True when this request repeated an earlier one with the same key. */
  replayed: z.boolean(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

export const paymentConfig = z.object({
  card: z.boolean(),
  /** The key Stripe's element is loaded with; null without card payments. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

/** Why a kitchen turns down a new order; the customer reads the reason and any words the kitchen adds. */
export const declineReasons = ['out_of_ingredient', 'too_busy', 'closing_soon'] as const;
export type DeclineReason = (typeof declineReasons)[number];

const kitchenDetails = text({ label: 'Details', max: 200, multiline: true }).default('');

export const declineOrderInput = z.object({
  reason: z.enum(declineReasons, { error: 'Pick a reason' }),
  details: kitchenDetails,
});
export type DeclineOrderInput = z.infer<typeof declineOrderInput>;

/**
 * A customer or support give their own words, if any. The order's kitchen gives one of `declineReasons`
 * and may add details, exactly as when it declines: the customer reads why.
 */
export const cancelOrderInput = z.object({
  reason: text({ label: 'Reason', max: 500, multiline: true })
    .default('')
    .meta({ description: `Free text; from the order's kitchen, one of: ${declineReasons.join(', ')}.` }),
  details: kitchenDetails.meta({ description: "The kitchen's own words after its reason; read only from the order's kitchen." }),
});
/** As sent: what is left out is empty. */
export type CancelOrderInput = z.input<typeof cancelOrderInput>;

export const changeStatusInput = z.object({
  status: z.enum(orderStatuses, { error: 'Unknown status' }),
  note: text({ label: 'Note', max: 500, multiline: true }).default(''),
  /** Required to mark an order delivered: the customer's 4-digit code. */
  deliveryCode: z
    .string()
    .regex(/^\d{4}$/, 'The delivery code is 4 digits')
    .optional(),
});

export const assignDriverInput = z.object({ driverProfileId: id });

export const driverPositionInput = z.object({ latitude, longitude });

export const returnRequestInput = z.object({
  lines: z
    .array(z.object({ orderLineId: id, quantity: z.number().int().min(1, 'Quantity must be at least 1') }))
    .min(1, 'Pick at least one item'),
  reason: text({ label: 'Reason', max: 1000, required: true, multiline: true }),
  /** An optional photo as a data URL (JPEG, PNG or WebP, 600 KB at most). */
  photo: z
    .string()
    .max(820_000, 'The photo must be at most 600 KB')
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, 'The photo must be a JPEG, PNG or WebP image')
    .optional(),
});
export type ReturnRequestInput = z.input<typeof returnRequestInput>;

export const returnDecisionInput = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Approve or reject' }),
    /** What to refund when approving, at most what was asked; the amount asked when absent. */
    amount: cents.min(1, 'The amount must be at least $0.01').optional(),
    /** Shown to the customer on their order; required to reject, so they learn why. */
    note: text({ label: 'Note', max: 1000, multiline: true }).default(''),
  })
  .refine((input) => input.decision === 'approve' || input.note.length > 0, { path: ['note'], message: supportCopy.refusals.reasonRequired })
  .refine((input) => input.decision === 'approve' || input.amount === undefined, { path: ['amount'], message: supportCopy.refusals.amountOnlyOnApproval });
export type ReturnDecisionInput = z.input<typeof returnDecisionInput>;

const refundReason = text({ label: 'Reason', max: 500, required: true, multiline: true });

/**
 * POST /api/orders/{id}/refunds (support, admin): everything still refundable, picked lines and
 * quantities (the server prices them), or a goodwill amount; always with a reason.
 */
export const refundInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('full'), reason: refundReason }),
    z.object({
      kind: z.literal('line'),
      lines: z
        .array(z.object({ orderLineId: id, quantity: z.number({ error: 'Quantity must be a number' }).int().min(1, 'At least 1') }))
        .min(1, 'Pick at least one item')
        .max(100),
      reason: refundReason,
    }),
    z.object({ kind: z.literal('goodwill'), amount: cents.min(1, 'The amount must be at least $0.01'), reason: refundReason }),
  ],
  { error: 'Choose full, line or goodwill' },
);
export type RefundInput = z.input<typeof refundInput>;

export const ratingInput = z.object({
  orderId: id,
  orderLineId: id,
  stars: z.number().int(orderCopy.ratings.chooseStars).min(1, orderCopy.ratings.chooseStars).max(5, orderCopy.ratings.chooseStars),
  comment: text({ label: 'Comment', max: 1000, multiline: true }).default(''),
});
export type RatingInput = z.input<typeof ratingInput>;

export const ratingSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  recent: z.array(z.object({ stars: z.number().int(), comment: z.string(), author: z.string(), at: isoTime })),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/** What a tracking stream sends: a snapshot first, then changes. */
export const trackedOrder = z.object({
  id,
  orderNumber: z.string(),
  type: z.enum(orderTypes),
  status: z.enum(orderStatuses),
  estimatedAt: isoTime,
  source: orderSource,
  destination: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  events: z.array(orderEvent),
  /** A return may still be asked of it, as on the order's page. */
  returnable: z.boolean(),
  /** Refunded only in part, as on the order's page: it reads "Partially refunded". */
  partlyRefunded: z.boolean(),
});
export type TrackedOrder = z.infer<typeof trackedOrder>;

export const driverPosition = z.object({ latitude: z.number(), longitude: z.number(), at: isoTime });
export type DriverPosition = z.infer<typeof driverPosition>;

/**
 * The driver's last position as a snapshot carries it, with its age as the server counts it when the
 * snapshot is read: the viewer's clock may not match the server's, and a driver who stopped sharing
 * leaves an old one behind.
 */
export const trackedPosition = driverPosition.extend({ ageSeconds: z.number().int().nonnegative() });
export type TrackedPosition = z.infer<typeof trackedPosition>;

export const trackingSnapshot = z.object({ order: trackedOrder, position: trackedPosition.nullable() });
export type TrackingSnapshot = z.infer<typeof trackingSnapshot>;

export const trackingLookupInput = z.object({
  orderNumber: z.string().trim().toUpperCase().regex(/^FC-\d{8}-[A-Z0-9]{4,8}$/, 'Enter an order number like FC-20261122-4F7Q'),
  email: z.email('Enter the email of the account that placed the order'),
});

/** Statuses of an order that reached its customer: its lines may be rated. */
export const receivedStatuses = ['delivered', 'refund_requested', 'refunded', 'refund_rejected'] as const satisfies readonly (typeof orderStatuses)[number][];

/** The statuses staff set through POST /api/orders/{id}/status; cancelling and refunds have their own endpoints. */
export const staffStatuses = ['confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered'] as const satisfies readonly (typeof orderStatuses)[number][];

/** What reordering answers: the cart with the order's items back in it, and the lines it could not take, with why. */
export const reorderResult = z.object({ cart, skipped: z.array(cartNotice) });
export type ReorderResult = z.infer<typeof reorderResult>;

export const returnQueueQuery = z.object({
  status: z.enum(returnRequestStatuses, { error: 'Unknown status' }).optional(),
  /** An order number or a part of it, or the customer's email or name. */
  q: searchByEmail().optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be at least 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(25),
});
export type ReturnQueueQuery = z.input<typeof returnQueueQuery>;

/** A return request as support's queue shows it: who asked, and the most an approval may refund now. */
export const returnQueueEntry = returnRequest.extend({
  customer: z.object({ profileId: id, name: z.string(), email: z.string() }),
  /** The amount asked, or less when earlier refunds left less of the payment to give back. */
  maxRefund: cents,
});
export type ReturnQueueEntry = z.infer<typeof returnQueueEntry>;

export const returnQueuePage = z.object({
  returns: z.array(returnQueueEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReturnQueuePage = z.infer<typeof returnQueuePage>;

/** A status event of a tracking stream: the event and its order. */
export const trackingStatusEvent = orderEvent.extend({ orderId: id });
export type TrackingStatusEvent = z.infer<typeof trackingStatusEvent>;

/** The customer's orders still on their way, newest first. */
export const activeTracking = z.array(trackingSnapshot);

/**
 * A lookup by order number and email: the order as anyone holding both may see it (no address, no
 * notes) and a short-lived token for its stream (`?token=`).
 */
export const trackingLookup = z.object({ snapshot: trackingSnapshot, token: z.string(), expiresAt: isoTime });
export type TrackingLookup = z.infer<typeof trackingLookup>;

export const trackingStreamQuery = z.object({
  /** From a lookup; instead of a session. */
  token: z.string().max(512).optional(),
  /** For clients that cannot set the Last-Event-ID header. */
  lastEventId: z.string().regex(/^\d{1,18}$/, 'Must be an event id').optional(),
});
