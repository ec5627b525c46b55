import type { ChatAction, ConversationStatus } from '@/shared/contracts/support-chat';
import type { PaymentMethod } from '@/shared/contracts/orders';
import type { OrderStatus } from '@/shared/order-status';

/**
 * One conversation task, in the manner of τ-bench's retail domain: the database it starts from, a
 * scripted customer, the facts the replies must (and must not) contain, and the database's expected
 * end state, compared exactly.
 *
 * Text in `say`, `expect` and `reject` may name seeded orders: `{A}` is order A's number, `{A.total}`
 * its total as the customer reads it ('$11.03'), `{A.paid}` what was charged for it, and `{name}` the
 * customer's first name.
 */
export interface ChatTask {
  /** Stable and unique: `cancel-confirm-yes`. */
  id: string;
  /** What the task checks, in a sentence. */
  title: string;
  category: TaskCategory;
  /** The customer's first name (each run signs up a fresh customer). */
  customerName?: string;
  /** The orders the task starts from, the customer's own and, with `owner: 'other'`, another customer's. */
  orders?: OrderSeed[];
  steps: Step[];
  end: ExpectedEnd;
}

export type TaskCategory =
  | 'status'
  | 'recent-orders'
  | 'cancel'
  | 'refund'
  | 'not-allowed'
  | 'other-customer'
  | 'which-order'
  | 'escalation'
  | 'off-topic'
  | 'small-talk'
  | 'service-facts'
  | 'injection'
  | 'confirmation';

export interface OrderSeed {
  /** How steps and the end state name it: 'A'. */
  key: string;
  /** Whose it is; another customer's order must stay invisible and untouched. */
  owner?: 'customer' | 'other';
  /** Where it stands; `placed` when left out. */
  status?: OrderStatus;
  /** Placed this many hours ago; 1 when left out. */
  ageHours?: number;
  /** Pay on delivery when left out; a card order is paid in full at placement. */
  paymentMethod?: PaymentMethod;
  /** The price of its one line (two units), in cents; each order of a task gets a distinct one when left out. */
  unitPrice?: number;
  /** The customer's note for the driver (data the assistant may quote, never obey). */
  notes?: string;
  /** The delivery street address. */
  streetAddress?: string;
}

/** One thing the scripted customer does. */
export type Step = SayStep | ActionStep | ExpireStep;

/** The customer sends a message and reads the reply. */
export interface SayStep {
  kind?: 'say';
  /** What they write, or how they react to the previous reply. */
  say: string | ((context: ReplyContext) => string);
  /** Facts the reply must contain. */
  expect?: Fact[];
  /** Facts the reply must not contain. */
  reject?: string[];
}

/**
 * A fact a reply must contain, or several ways of writing the same fact of which one must appear
 * ('21:30' or '9:30 PM'). Compared without regard to case or spacing.
 */
export type Fact = string | string[];

/** The customer presses the confirm button of a proposed action (the endpoint's action form). */
export interface ActionStep {
  kind: 'action';
  action: ChatAction;
  order: string;
  /** How the action form must answer: 200 with `{message}`, or refused (a 4xx error with nothing changed). */
  status: 200 | 'refused';
  expect?: Fact[];
  reject?: string[];
}

/** Time passes: every pending action of the customer runs past its expiry. */
export interface ExpireStep {
  kind: 'expire-pending';
}

/** What a reacting customer knows: the last reply, and the seeded orders by key. */
export interface ReplyContext {
  reply: string;
  /** Whether the last reply names order `key` (by its number). */
  mentions(key: string): boolean;
  /** Order `key`'s number. */
  number(key: string): string;
}

/**
 * The database after the conversation. Every seeded order not listed in `orders` must keep its
 * starting status; every order not listed in `refunds` or `returnRequests` must have none.
 */
export interface ExpectedEnd {
  /** Orders whose status changed, and to what. */
  orders?: Record<string, OrderStatus>;
  /** Refunds recorded in the ledger, by order, in cents ('paid': everything charged), oldest first. */
  refunds?: Record<string, Amount[]>;
  /** Return requests opened, by order, in cents. */
  returnRequests?: Record<string, Amount[]>;
  /** Where the customer's conversation ends up; `assistant` when left out. */
  conversation?: ConversationStatus;
  /** Actions still waiting for the customer's confirmation (pending and not expired). */
  pending?: { order: string; action: ChatAction; amount: Amount }[];
}

/** Cents, or 'paid': what was charged for the order (its total on a card, 0 on delivery). */
export type Amount = number | 'paid';
