/**
 * What payment says, on the web, in the native app and from the server (SPEC §8). Read by every page
 * through the native platform module, and by the orders' words.
 * Imported through the catalogue (`@/shared/copy`, ./index.ts), like every area.
 */
export const paymentCopy = {
  configurationIssue: 'Payment Configuration Issue',
  failed: 'Payment Failed: Your payment could not be processed. Please check your payment method and try again.',
  insufficientFunds: 'Insufficient Funds: try a different payment method',
  network: 'Network Error: Please check your internet connection and try again.',
  error: 'Payment Error',
  nativeUnavailable: 'Payment Configuration Issue: Payment system temporarily unavailable. Please try again later.',
} as const;
