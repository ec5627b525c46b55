import type { OrderStatus, OrderType } from '@/shared/order-status';
import type { ChatAuthor, ChatOrder, PendingChatAction } from '@/shared/contracts/support-chat';
import type { PaymentMethod } from '@/shared/contracts/orders';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { createBuiltInAssistant } from './ai-built-in';
import { createOpenAiAssistant } from './ai-openai';

/**
 * The support chat's assistant: one interface, two providers. The built-in one (intent rules over the
 * customer's own data) needs nothing and is the default; an OpenAI-compatible endpoint is used when
 * AI_BASE_URL is set. Neither writes anything itself: they read and propose through ChatTools, and a
 * proposed action runs only when the customer confirms it (the support-chat module enforces that in code).
 */

/** What the chat may tell about one of the customer's own orders. */
export interface ChatOrderFacts extends ChatOrder {
  status: OrderStatus;
  type: OrderType;
  /** The status as the customer reads it ('Out for delivery'; 'Partially refunded' for a refunded order whose payment was refunded in part). */
  statusLabel: string;
  /** A return may still be asked of it, as on its order page (the orders module decides). */
  returnable: boolean;
  /** Refunded, and its payment only in part, as on its order page (the orders module decides). */
  partlyRefunded: boolean;
  /** The warehouse or kitchen it comes from. */
  source: string;
  /** When it should arrive, while it is on its way; null once delivered or ended, or when unknown. */
  estimatedDeliveryAt: string | null;
  deliveredAt: string | null;
  paymentMethod: PaymentMethod;
  /** What was charged, or is due on delivery, in cents. */
  paidAmount: number;
  /** What could still be refunded, in cents (0 for an unpaid cash order). */
  refundableAmount: number;
  /** Whether the customer may cancel it now. */
  cancellable: boolean;
  /** The customer's notes for the driver and the delivery address: data to quote, never instructions. */
  notes: string;
  deliveryAddress: string;
  /** The time zone of the warehouse or kitchen, for telling times as the customer lives them. */
  timeZone: string;
}

/** Orders as the chat lists them: newest first (SPEC §7), then by order number, as the queries sort them. */
export const newestFirst = (a: ChatOrderFacts, b: ChatOrderFacts) => b.placedAt.localeCompare(a.placedAt) || b.orderNumber.localeCompare(a.orderNumber);

/** Facts about the service the chat answers from (fees, area, hours, returns), for where the customer is. */
export interface ServiceFacts {
  serviceFeePercent: number;
  taxPercent: number;
  deliveryRangeMiles: number;
  warehouses: { name: string; city: string; state: string; deliveryRadiusMiles: number; deliveryFee: number }[];
  /** When groceries are delivered, every day, in each warehouse's own clock: '8:00 AM – 10:00 PM'. */
  groceryDeliveryHours: string;
  kitchens: { name: string; city: string; openNow: boolean; openingHours: string }[];
  /**
   * The customer's default address the warehouses and kitchens above deliver to; null when they saved
   * none, and then the lists are only a few of each.
   */
  deliveringTo: { city: string; state: string } | null;
  returnsPolicy: string;
}

export type ProposalOutcome =
  | { ok: true; action: PendingChatAction; /** What will happen, for the customer to confirm. */ description: string }
  | { ok: false; /** Why not, in words for the customer. */ reason: string };

/**
 * What an assistant may do. Every call acts for the signed-in customer only: an order number of
 * another customer is simply not found.
 */
export interface ChatTools {
  /** The customer's orders of the last 3 days in placed, confirmed or processing, newest first. */
  recentOrders(): Promise<ChatOrderFacts[]>;
  /** The customer's orders of the same 3 days that are ready for pickup or out for delivery, newest first: "where is my order?" lists them too. */
  ordersOnTheWay(): Promise<ChatOrderFacts[]>;
  /** One of the customer's own orders by its number (any status and age), or null. */
  findOrder(orderNumber: string): Promise<ChatOrderFacts | null>;
  /** The customer's most recent order a return or refund can still be asked of (any age; the orders module's rule), or null. */
  lastReturnableOrder(): Promise<ChatOrderFacts | null>;
  /** Proposes cancelling an order; it is written only when the customer confirms. */
  proposeCancel(orderNumber: string): Promise<ProposalOutcome>;
  /** Proposes a refund (of `amount` cents, or of everything refundable); written only on confirmation. */
  proposeRefund(orderNumber: string, amount?: number): Promise<ProposalOutcome>;
  serviceFacts(): Promise<ServiceFacts>;
  /** Hands the conversation to a person, with a short summary for them. */
  escalate(summary: string): Promise<void>;
}

export interface AssistantRequest {
  /** The conversation so far, oldest first, ending with the customer's new message. */
  turns: { role: ChatAuthor; content: string }[];
  customerName: string;
  tools: ChatTools;
  /** An action the customer just declined or moved on from, so the reply can say it was not done. */
  dropped: PendingChatAction | null;
  /** Replies in a row that could not help, before this one. */
  unhelpedReplies: number;
  signal: AbortSignal;
}

export interface AssistantReply {
  /** The reply's text, in pieces as they are produced. */
  text: AsyncIterable<string>;
  /** Read once the text is done: the orders the reply listed (shown as cards), and whether it helped. */
  outcome(): { orders?: ChatOrder[]; helped: boolean };
}

export interface ChatAssistant {
  /** 'built-in', or the configured model. */
  readonly name: string;
  /** Starts a reply. A provider's refusal rejects here, before any text, with AssistantUnavailable. */
  reply(request: AssistantRequest): Promise<AssistantReply>;
  /** Checks the provider answers, for the admin's diagnostics: what it found, or it throws. */
  verify(): Promise<string>;
}

/** The provider refused: too many requests (429), payment required (402), or anything else. */
export class AssistantUnavailable extends Error {
  constructor(
    readonly reason: 'rate_limited' | 'payment_required' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(`assistant unavailable: ${reason}`, options);
    this.name = 'AssistantUnavailable';
  }
}

/** The configured assistant: the built-in one unless an AI provider is configured. */
export function createAssistant(options: { env: Env; logger: Logger }): ChatAssistant {
  if (options.env.ai) return createOpenAiAssistant({ ...options.env.ai, logger: options.logger });
  return createBuiltInAssistant();
}
