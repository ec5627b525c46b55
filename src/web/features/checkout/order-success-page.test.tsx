import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderSuccessCopy } from '@/shared/copy';
import type { CartItemInput } from '@/shared/contracts/cart';
import { IDEMPOTENCY_HEADER, type CheckoutQuote, type PlacedOrder, type PlaceOrderInput } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/money';
import { routes } from '@/web/app/router';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { checkoutFake } from '@/web/test/fake-checkout';
import { aUser, anAddress, georgetownId, testId, type FakeUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { OrderConfirmation } from './components/order-confirmation';

let api: FakeApi;
let customer: FakeUser;

/** Places an order through the fake API as the checkout page would, and answers it. */
async function placeOrder(items: CartItemInput[], choices: Partial<PlaceOrderInput> = {}): Promise<PlacedOrder> {
  api.fillCart(customer, items);
  api.signIn(customer);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.fetch(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  const delivery = choices.delivery ?? { kind: 'asap' };
  const quote = (await (await post('/api/checkout/quote', { addressId: anAddress(1).id, delivery, tip: 0 })).json()) as CheckoutQuote;
  const input: PlaceOrderInput = { addressId: anAddress(1).id, delivery, tip: 0, paymentMethod: 'cash_on_delivery', expectedTotal: quote.totals.totalAmount, ...choices };
  const answer = await post('/api/orders', input, { [IDEMPOTENCY_HEADER]: crypto.randomUUID() });
  expect(answer.status).toBe(201);
  return (await answer.json()) as PlacedOrder;
}

const brie: CartItemInput = { itemType: 'product', productId: testId(4, 2), warehouseId: georgetownId, quantity: 1 };

describe('the order confirmation page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    // 10:00 in Georgetown.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T16:00:00Z'));
    api = createFakeApi();
    customer = aUser('customer');
    api.data.users.push(customer);
    api.data.addresses[customer.id] = [anAddress(1)];
  });
  afterEach(() => vi.useRealTimers());

  it('shows the window, the payment and the next steps of a grocery order', async () => {
    const placed = await placeOrder([brie], { delivery: { kind: 'window', start: '2026-11-23T14:00:00.000Z' } });
    renderApp(routes, { api, path: `/order-success?order=${placed.orderId}`, user: customer });
    const facts = await screen.findByRole('region', { name: orderSuccessCopy.title });
    expect(document.title).toBe(`${orderSuccessCopy.title} — FreshCart`);
    expect(screen.getByText(orderSuccessCopy.thanks('Georgetown'))).toBeInTheDocument();
    expect(within(facts).getByText(orderSuccessCopy.window).nextElementSibling).toHaveTextContent('Tomorrow, 8:00 – 9:00 AM');
    expect(within(facts).getByText(orderSuccessCopy.total).nextElementSibling).toHaveTextContent(formatMoney(placed.totalAmount));
    expect(within(facts).getByText(orderSuccessCopy.payment).nextElementSibling).toHaveTextContent(orderSuccessCopy.methods.cash_on_delivery);
    expect(within(facts).queryByText(orderSuccessCopy.paymentPending)).not.toBeInTheDocument();
    const next = screen.getByRole('region', { name: orderSuccessCopy.next });
    expect(within(next).getAllByRole('listitem').map((step) => step.textContent)).toEqual(['1The store confirms your order', '2A picker gathers your items', '3A driver brings them to you', '4You give the driver your code']);
  });

  it('says what a kitchen does next', async () => {
    const placed = await placeOrder([{ itemType: 'cloud_kitchen', cloudKitchenProductId: testId(8, 101), quantity: 1 }]);
    renderApp(routes, { api, path: `/order-success?order=${placed.orderId}`, user: customer });
    expect(await screen.findByText(orderSuccessCopy.steps.cloud_kitchen[1])).toBeInTheDocument();
  });

  it('marks a card payment still to take and leaves its place to the card form', async () => {
    checkoutFake(api).cardEnabled = true;
    const placed = await placeOrder([brie], { paymentMethod: 'card' });
    renderApp(<OrderConfirmation orderId={placed.orderId} renderCardPayment={(slot) => <p>Card form for {slot.clientSecret}</p>} />, { api, path: '/order-success', user: customer });
    expect(await screen.findByText(orderSuccessCopy.paymentPending)).toBeInTheDocument();
    expect(screen.getByText(`Card form for ${placed.paymentClientSecret}`)).toBeInTheDocument();
  });

  it('shows a friendly not-found for a missing, malformed or unknown order', async () => {
    const { router } = renderApp(routes, { api, path: '/order-success', user: customer });
    expect(await screen.findByRole('heading', { name: orderSuccessCopy.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: orderSuccessCopy.toOrders })).toHaveAttribute('href', '/orders');
    expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(0);

    await router.navigate('/order-success?order=not-an-id');
    expect(await screen.findByRole('heading', { name: orderSuccessCopy.notFoundTitle })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(0);

    await router.navigate(`/order-success?order=${testId(13, 999)}`);
    await waitFor(() => expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: orderSuccessCopy.notFoundTitle })).toBeInTheDocument();
  });

  it("does not show another customer's order", async () => {
    const placed = await placeOrder([brie]);
    const other = aUser('customer', { id: testId(9, 77), userId: testId(10, 77), email: 'other@demo.test' });
    api.data.addresses[other.id] = [anAddress(5)];
    renderApp(routes, { api, path: `/order-success?order=${placed.orderId}`, user: other });
    expect(await screen.findByRole('heading', { name: orderSuccessCopy.notFoundTitle })).toBeInTheDocument();
    expect(screen.queryByText(placed.orderNumber)).not.toBeInTheDocument();
  });

  it('offers a retry when the order cannot be read', async () => {
    const placed = await placeOrder([brie]);
    api.on('GET /api/orders/:id', () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'The server had a problem.' } }), { status: 500, headers: { 'content-type': 'application/json' } }), { times: 1 });
    renderApp(routes, { api, path: `/order-success?order=${placed.orderId}`, user: customer });
    expect(await screen.findByText(orderSuccessCopy.loadFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent(placed.orderNumber);
  });
});
