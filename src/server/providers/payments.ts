import Stripe from 'stripe';
import type { Logger } from '../lib/logger';

export interface CardPaymentIntent {
  /** The provider's id for the payment (a Stripe PaymentIntent id). */
  id: string;
  /** What the provider's own card element needs in the browser to take the card. */
  clientSecret: string;
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** A provider event the server acts on, already verified as coming from the provider. */
export type PaymentWebhookEvent =
  | { id: string; type: 'payment_succeeded'; paymentIntentId: string; amount: number; created: number }
  | { id: string; type: 'payment_failed'; paymentIntentId: string; message: string; created: number }
  | { id: string; type: 'payment_canceled'; paymentIntentId: string; created: number }
  | {
      id: string;
      type: 'refund_updated';
      refundId: string;
      paymentIntentId: string;
      status: ProviderRefund['status'];
      /** Our ledger row's id, sent with the refund, for an update that arrives before the refund's answer was recorded. */
      ledgerRefundId: string | null;
      created: number;
    }
  | { id: string; type: 'ignored'; providerType: string; created: number };

/**
 * How card payments are taken. Pay on delivery needs no provider; card payments need one that is
 * configured. No card data ever reaches our server: the provider's element in the browser takes it.
 */
export interface PaymentProvider {
  readonly name: 'none' | 'stripe';
  /** Whether customers may pay by card. */
  readonly cardEnabled: boolean;
  /** The key the browser's card element is loaded with; null without card payments. */
  readonly publishableKey: string | null;
  createIntent(input: { amount: number; orderId: string; orderNumber: string; idempotencyKey: string }): Promise<CardPaymentIntent>;
  cancelIntent(input: { paymentIntentId: string }): Promise<void>;
  /**
   * `ledgerRefundId` is our refund row's id, kept with the provider's refund. Throws
   * ProviderRefusedError when the provider refuses it; any other error leaves the outcome unknown.
   */
  refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string; ledgerRefundId?: string }): Promise<ProviderRefund>;
  /**
   * Verifies a webhook's signature over the body exactly as received and reads it; throws
   * WebhookSignatureError when the signature does not hold.
   */
  parseWebhook(input: { rawBody: string | Buffer; signature: string | undefined }): PaymentWebhookEvent;
  /** Proves the provider answers, for diagnostics; returns a one-line description. */
  verify(): Promise<string>;
}

export class PaymentsUnavailableError extends Error {
  constructor() {
    super('Card payments are not configured');
  }
}

/** The default: pay on delivery only. Every card operation is refused. */
export function createPayOnDeliveryProvider(): PaymentProvider {
  const refuse = () => Promise.reject(new PaymentsUnavailableError());
  return {
    name: 'none',
    cardEnabled: false,
    publishableKey: null,
    createIntent: refuse,
    cancelIntent: refuse,
    refund: refuse,
    parseWebhook() {
      throw new PaymentsUnavailableError();
    },
    async verify() {
      return 'Pay on delivery only (card payments are not configured)';
    },
  };
}

/**
 * The provider answered and refused (a 4xx other than a conflict or a rate limit): nothing happened
 * there. Any other failure (the network, a timeout, a 5xx) may or may not have happened.
 */
export class ProviderRefusedError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'ProviderRefusedError';
  }
}

function refusedOrAsIs(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    if (status >= 400 && status < 500 && status !== 409 && status !== 429) return new ProviderRefusedError(error.message, error);
  }
  return error;
}

/** A webhook that did not come from the provider, or was changed on the way. */
export class WebhookSignatureError extends Error {
  constructor(cause?: unknown) {
    super('The webhook signature does not match', { cause });
    this.name = 'WebhookSignatureError';
  }
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Another host for the API (a proxy, or a local stand-in in tests); Stripe's own by default. */
  apiUrl: string | null;
}

function hostOptions(apiUrl: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function refundStatus(status: string | null | undefined): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? ''));

/** Stripe's event, read into the few kinds the server acts on. */
export function readStripeEvent(event: Stripe.Event): PaymentWebhookEvent {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ...base, type: 'payment_succeeded', paymentIntentId: event.data.object.id, amount: event.data.object.amount_received };
    case 'payment_intent.payment_failed':
      return { ...base, type: 'payment_failed', paymentIntentId: event.data.object.id, message: event.data.object.last_payment_error?.message ?? '' };
    case 'payment_intent.canceled':
      return { ...base, type: 'payment_canceled', paymentIntentId: event.data.object.id };
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      return {
        ...base,
        type: 'refund_updated',
        refundId: refund.id,
        paymentIntentId: idOf(refund.payment_intent),
        status: refundStatus(refund.status),
        ledgerRefundId: refund.metadata?.refund_id ?? null,
      };
    }
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

/**
 * Card payments through Stripe: a PaymentIntent per order for the server's total (USD cents), the
 * card taken by Stripe's own element in the browser, confirmed by signed webhooks. Every write carries
 * an idempotency key, so the SDK's retries and ours never charge, cancel or refund twice.
 */
export function createStripeProvider(options: StripeOptions & { logger: Logger }): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'FreshCart' },
  });
  const mode = options.secretKey.includes('_live_') ? 'live' : 'test';
  return {
    name: 'stripe',
    cardEnabled: true,
    publishableKey: options.publishableKey,
    async createIntent({ amount, orderId, orderNumber, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          description: `FreshCart order ${orderNumber}`,
          metadata: { order_id: orderId, order_number: orderNumber },
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async cancelIntent({ paymentIntentId }) {
      try {
        await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `cancel-${paymentIntentId}` });
      } catch (error) {
        // Cancelled already (by us earlier, or by Stripe): what was asked for holds.
        if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state' && error.payment_intent?.status === 'canceled') return;
        throw error;
      }
    },
    async refund({ paymentIntentId, amount, idempotencyKey, ledgerRefundId }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount, ...(ledgerRefundId ? { metadata: { refund_id: ledgerRefundId } } : {}) },
          { idempotencyKey },
        );
        return { id: refund.id, status: refundStatus(refund.status) };
      } catch (error) {
        throw refusedOrAsIs(error);
      }
    },
    parseWebhook({ rawBody, signature }) {
      if (!signature) throw new WebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error);
      }
      return readStripeEvent(event);
    },
    async verify() {
      await stripe.paymentIntents.list({ limit: 1 });
      return `Stripe API reachable (${mode} mode)`;
    },
  };
}

export function createPaymentProvider(options: { stripe: StripeOptions | null; logger: Logger }): PaymentProvider {
  return options.stripe ? createStripeProvider({ ...options.stripe, logger: options.logger }) : createPayOnDeliveryProvider();
}

