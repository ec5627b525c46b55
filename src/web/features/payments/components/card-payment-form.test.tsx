import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatus } from '@/shared/contracts/orders';
import { cardPayment, orderRefusals, paymentCopy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';
import { CardPaymentForm } from './card-payment-form';

// Stripe's modules are replaced at their boundary: Stripe.js and its React bindings, nothing of ours.
const stripeJs = vi.hoisted(() => {
  const elements = { kind: 'elements' };
  const stripe = { confirmPayment: vi.fn() };
  return { elements, stripe, loadStripe: vi.fn(async (_key: string) => stripe) };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options, stripe }: { children: ReactNode; options: { clientSecret: string }; stripe: unknown }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret} data-stripe={stripe === stripeJs.stripe ? 'loaded' : 'other'}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => stripeJs.stripe,
  useElements: () => stripeJs.elements,
}));

const orderId = '00000000-0000-4000-8000-00000000a001';
const clientSecret = 'pi_123_secret_abc';

/** The order as GET /api/orders/:id answers it, as far as the payment form reads it. */
function orderAnswer(status: PaymentStatus) {
  return { id: orderId, totalAmount: 2345, payment: { method: 'card', status, refundedAmount: 0, clientSecret } };
}

function fakeApi(options: { statuses?: PaymentStatus[]; card?: boolean } = {}): FakeApi {
  const api = createFakeApi();
  const card = options.card ?? true;
  api.on('GET /api/payments/config', () => ({ card, publishableKey: card ? 'pk_test_fake' : null }));
  const statuses = [...(options.statuses ?? ['pending'])];
  api.on('GET /api/orders/:id', ({ params }) => {
    expect(params.id).toBe(orderId);
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    return orderAnswer(status);
  });
  return api;
}

function renderForm(api: FakeApi, onPaid = vi.fn()) {
  renderApp(<CardPaymentForm clientSecret={clientSecret} orderId={orderId} onPaid={onPaid} pollIntervalMs={20} pollTimeoutMs={400} />, { api, user: 'customer' });
  return onPaid;
}

async function pay() {
  await userEvent.click(await screen.findByRole('button', { name: 'Pay $23.45' }));
}

describe('CardPaymentForm', () => {
  beforeEach(() => {
    stripeJs.stripe.confirmPayment.mockReset();
    stripeJs.loadStripe.mockClear();
  });
  afterEach(() => vi.clearAllMocks());

  it("takes the card in Stripe's element, confirms without leaving the page, and waits for the webhook", async () => {
    const api = fakeApi({ statuses: ['pending', 'pending', 'paid'] });
    stripeJs.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const onPaid = renderForm(api);

    expect(await screen.findByRole('heading', { name: cardPayment.title })).toBeInTheDocument();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_fake');
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', clientSecret);
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-stripe', 'loaded');
    await pay();
    expect(stripeJs.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripeJs.elements,
      confirmParams: { return_url: `${window.location.origin}/order-success?order=${orderId}` },
      redirect: 'if_required',
    });
    // Confirmed in the browser is not paid: the order is asked until the server says so.
    expect(await screen.findByText(cardPayment.paid)).toBeInTheDocument();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(api.requestsTo('GET /api/orders/:id').length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it.each([
    ['a declined card', { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }, paymentCopy.failed],
    ['insufficient funds', { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }, paymentCopy.insufficientFunds],
    ['a configuration problem', { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Invalid API Key provided' }, paymentCopy.configurationIssue],
    ['the network', { type: 'api_connection_error', message: 'There was an error connecting to Stripe.' }, paymentCopy.network],
    ['anything else', { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' }, 'Payment Error: Your card number is incomplete.'],
  ])('shows %s as a toast and beside the form, and lets the customer try again', async (_case, error, message) => {
    const api = fakeApi();
    stripeJs.stripe.confirmPayment.mockResolvedValue({ error });
    const onPaid = renderForm(api);
    await pay();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const toaster = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toaster).findByText(message)).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $23.45' })).toBeEnabled();
  });

  it('says nothing when the customer cancels', async () => {
    const api = fakeApi();
    stripeJs.stripe.confirmPayment.mockResolvedValue({ error: { type: 'validation_error', code: 'canceled', message: 'The payment was canceled.' } });
    renderForm(api);
    await pay();
    await waitFor(() => expect(stripeJs.stripe.confirmPayment).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $23.45' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/The payment was canceled/)).toBeNull();
  });

  it('shows the failure when Stripe declines after confirming, and offers the form again', async () => {
    const api = fakeApi({ statuses: ['pending', 'failed'] });
    stripeJs.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'processing' } });
    const onPaid = renderForm(api);
    await pay();
    expect(await screen.findByRole('alert')).toHaveTextContent(paymentCopy.failed);
    const toaster = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toaster).findByText(paymentCopy.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $23.45' })).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('says so clearly when the confirmation does not arrive in time', async () => {
    const api = fakeApi({ statuses: ['pending'] });
    stripeJs.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'processing' } });
    const onPaid = renderForm(api);
    await pay();
    expect(await screen.findByText(cardPayment.waiting)).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(cardPayment.timedOut);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('does not load Stripe at all when card payments are not configured', async () => {
    renderForm(fakeApi({ card: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent(orderRefusals.cardUnavailable);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('calls onPaid at once for an order already paid, without loading Stripe', async () => {
    const onPaid = renderForm(fakeApi({ statuses: ['paid'] }));
    expect(await screen.findByText(cardPayment.paid)).toBeInTheDocument();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
