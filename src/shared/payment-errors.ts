import { paymentCopy, paymentErrorText } from './copy';

/**
 * What a payment error looks like, from Stripe.js (`{ type, code, decline_code, message }`), the
 * native SDKs (`{ code: 'Canceled' }`) or the network (a TypeError 'Failed to fetch').
 */
interface PaymentErrorLike {
  type?: unknown;
  code?: unknown;
  decline_code?: unknown;
  declineCode?: unknown;
  message?: unknown;
  name?: unknown;
  statusCode?: unknown;
}

const configurationCodes = new Set([
  'api_key_expired',
  'invalid_api_key',
  'secret_key_required',
  'platform_api_key_expired',
  'testmode_charges_only',
  'account_invalid',
  'publishable_key_required',
]);

const failedCodes = new Set([
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'invalid_cvc',
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'processing_error',
  'card_decline_rate_limit_exceeded',
  'payment_intent_authentication_failure',
  'payment_intent_payment_attempt_failed',
  'payment_method_provider_decline',
  'Failed',
]);

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The SPEC §8 message for a payment error, the one place provider errors are turned into words:
 * configuration or authentication problems, a declined or failed card, insufficient funds, the
 * network, and anything else as 'Payment Error' with its message. Null for a payment the customer
 * cancelled, which is not an error to show.
 */
export function paymentErrorMessage(error: unknown): string | null {
  const value: PaymentErrorLike = typeof error === 'object' && error !== null ? (error as PaymentErrorLike) : { message: asText(error) };
  const type = asText(value.type);
  const code = asText(value.code);
  const declineCode = asText(value.decline_code) ?? asText(value.declineCode);
  const message = asText(value.message);

  if (code === 'canceled' || code === 'Canceled' || type === 'canceled' || value.name === 'AbortError') return null;
  if (type === 'authentication_error' || (code && configurationCodes.has(code)) || value.statusCode === 401) return paymentCopy.configurationIssue;
  if (message && /authError|\b401\b/.test(message)) return paymentCopy.nativeUnavailable;
  if (declineCode === 'insufficient_funds' || code === 'insufficient_funds') return paymentCopy.insufficientFunds;
  if (type === 'card_error' || (code && failedCodes.has(code))) return paymentCopy.failed;
  if (type === 'api_connection_error' || (message && /Failed to fetch|Network/i.test(message))) return paymentCopy.network;
  return paymentErrorText(message);
}
