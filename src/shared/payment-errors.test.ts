import { describe, expect, it } from 'vitest';
import { paymentCopy } from './copy';
import { paymentErrorMessage } from './payment-errors';

describe('paymentErrorMessage', () => {
  it('says the SPEC §8 words exactly', () => {
    expect(paymentCopy).toMatchObject({
      configurationIssue: 'Payment Configuration Issue',
      failed: 'Payment Failed: Your payment could not be processed. Please check your payment method and try again.',
      insufficientFunds: 'Insufficient Funds: try a different payment method',
      network: 'Network Error: Please check your internet connection and try again.',
      error: 'Payment Error',
      nativeUnavailable: 'Payment Configuration Issue: Payment system temporarily unavailable. Please try again later.',
    });
  });

  it.each([
    ['an authentication error', { type: 'authentication_error', message: 'Invalid API Key provided: pk_test_***' }],
    ['an invalid key', { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Invalid API Key provided' }],
    ['an expired key', { type: 'invalid_request_error', code: 'api_key_expired', message: 'Expired API Key provided' }],
    ['a 401 from the API', { statusCode: 401, message: 'Unauthorized' }],
  ])('names a configuration issue for %s', (_case, error) => {
    expect(paymentErrorMessage(error)).toBe(paymentCopy.configurationIssue);
  });

  it('names the payment system unavailable for a global error mentioning authError or 401', () => {
    expect(paymentErrorMessage(new Error('authError: session expired'))).toBe(paymentCopy.nativeUnavailable);
    expect(paymentErrorMessage(new Error('Request failed with status 401'))).toBe(paymentCopy.nativeUnavailable);
  });

  it.each([
    ['a declined card', { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }],
    ['an expired card', { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }],
    ['a wrong CVC', { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
    ['a failed authentication', { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' }],
    ['a native failure', { code: 'Failed', message: 'The payment failed' }],
  ])('says the payment failed for %s', (_case, error) => {
    expect(paymentErrorMessage(error)).toBe(paymentCopy.failed);
  });

  it('says insufficient funds before a plain decline', () => {
    expect(paymentErrorMessage({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' })).toBe(
      paymentCopy.insufficientFunds,
    );
    expect(paymentErrorMessage({ code: 'insufficient_funds' })).toBe(paymentCopy.insufficientFunds);
  });

  it.each([
    ['a Stripe.js connection error', { type: 'api_connection_error', message: 'There was an error connecting to Stripe.' }],
    ['a failed fetch', new TypeError('Failed to fetch')],
    ['a network error', new Error('Network request failed')],
  ])('names the network for %s', (_case, error) => {
    expect(paymentErrorMessage(error)).toBe(paymentCopy.network);
  });

  it.each([
    ['Stripe.js', { type: 'validation_error', code: 'canceled', message: 'The payment was canceled.' }],
    ['the native SDKs', { code: 'Canceled', message: 'The payment has been canceled' }],
    ['an aborted request', Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' })],
  ])('ignores a payment the customer cancelled (%s)', (_case, error) => {
    expect(paymentErrorMessage(error)).toBeNull();
  });

  it("says 'Payment Error' with the message for anything else", () => {
    expect(paymentErrorMessage({ type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' })).toBe(
      'Payment Error: Your card number is incomplete.',
    );
    expect(paymentErrorMessage({ type: 'api_error', message: 'Something went wrong on our end.' })).toBe('Payment Error: Something went wrong on our end.');
    expect(paymentErrorMessage({})).toBe('Payment Error');
    expect(paymentErrorMessage('Unexpected answer')).toBe('Payment Error: Unexpected answer');
  });
});
