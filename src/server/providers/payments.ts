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
  | { id: string; type: 'refund_updated'; refundId: string; paymentIntentId: string; status: ProviderRefund['status']; created: number }
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
  refund(input: { paymentIntentId: string; amount: number; idempotencyKey: string }): Promise<ProviderRefund>;
  /** Verifies a webhook's signature and reads it; throws when the signature does not hold. */
  parseWebhook(input: { rawBody: string; signature: string | undefined }): PaymentWebhookEvent;
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

export function createPaymentProvider(_options: { logger: Logger }): PaymentProvider {
  return createPayOnDeliveryProvider();
}
