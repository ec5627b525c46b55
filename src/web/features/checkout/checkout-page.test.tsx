import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressCopy, checkoutCopy, copy, orderRefusals, orderSuccessCopy } from '@/shared/copy';
import type { CartItemInput } from '@/shared/contracts/cart';
import type { Address } from '@/shared/contracts/locations';
import { IDEMPOTENCY_HEADER, type CheckoutQuoteInput, type PlaceOrderInput } from '@/shared/contracts/orders';
import { formatMoney, parseMoney } from '@/shared/money';
import { routes } from '@/web/app/router';
import { CheckoutPage } from '@/web/app/routes/shop/checkout';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { checkoutFake } from '@/web/test/fake-checkout';
import { aBundle, aUser, anAddress, georgetownId, testId, type FakeUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';

const brie: CartItemInput = { itemType: 'product', productId: testId(4, 2), warehouseId: georgetownId, quantity: 2 };
const chicken: CartItemInput = { itemType: 'product', productId: testId(4, 3), warehouseId: georgetownId, quantity: 2 };
// Brie 2 × $5.99 and chicken 2 × $8.45 (10 % off from two): the server's subtotal.
const subtotal = 2 * 599 + 2 * 845;

const home = anAddress(1);
const work = anAddress(2, { label: 'Work', streetAddress: '2 Elm St', city: 'Georgetown', zipCode: '78626', latitude: 30.64, longitude: -97.68 });
const farAway = anAddress(3, { label: 'Cabin', streetAddress: '3 Pine Rd', city: 'Jersey City', state: 'NJ', zipCode: '07302', latitude: 40.7178, longitude: -74.0431, isDefault: true });

let api: FakeApi;
let customer: FakeUser;

function openCheckout({ items = [brie, chicken], addresses = [home, work] }: { items?: CartItemInput[]; addresses?: Address[] } = {}) {
  api.data.addresses[customer.id] = addresses;
  api.fillCart(customer, items);
  return renderApp(routes, { api, path: '/checkout', user: customer });
}

const lineId = (index: number) => api.cartOf(customer).items[index]!.id;
const quotes = () => api.requestsTo('POST /api/checkout/quote').map((request) => request.body as CheckoutQuoteInput);
const placements = () => api.requestsTo('POST /api/orders');
const placeButton = () => screen.getByRole('button', { name: checkoutCopy.placeOrder });
const total = () => screen.getByTestId('checkout-total').textContent;
const summaryRow = (label: string) => {
  const term = within(screen.getByRole('region', { name: checkoutCopy.summary })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

async function readyToPlace() {
  await waitFor(() => expect(placeButton()).toBeEnabled());
}

/** Adds an address in Georgetown from the checkout's own form, and answers that form. */
async function addAddressInGeorgetown(street: string) {
  await userEvent.click(screen.getByRole('button', { name: checkoutCopy.addAddress }));
  const form = screen.getByRole('form', { name: 'New address' });
  await userEvent.type(within(form).getByLabelText('Street address'), street);
  await userEvent.type(within(form).getByLabelText('City'), 'Georgetown');
  await userEvent.selectOptions(within(form).getByLabelText('State'), 'TX');
  await userEvent.type(within(form).getByLabelText('ZIP code'), '78626');
  await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
  return form;
}

/** The next order is placed (and its cart emptied), but its answer never arrives. */
function loseTheNextOrdersAnswer() {
  api.on(
    'POST /api/orders',
    async (request) => {
      await api.respond(request);
      throw new TypeError('Failed to fetch');
    },
    { times: 1 },
  );
}

/**
 * Places the order again after its answer was lost: the retry carries the same idempotency key and
 * answers the order the lost answer had placed, so there is one order and the confirmation shows it.
 */
async function retryAndFindThePlacedOrder(router: { state: { location: { pathname: string; search: string } } }) {
  await readyToPlace();
  await userEvent.click(placeButton());
  await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
  const [first, retry] = placements();
  expect(retry!.headers.get(IDEMPOTENCY_HEADER)).toBe(first!.headers.get(IDEMPOTENCY_HEADER));
  expect(api.data.orders).toHaveLength(1);
  expect(router.state.location.search).toBe(`?order=${api.data.orders[0]!.id}`);
}

// Each test drives the whole app through several server round trips.
describe('the checkout page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    // 10:00 in Georgetown (Central time): today's windows from 11:00 are open, the 10:00 one is gone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T16:00:00Z'));
    api = createFakeApi();
    customer = aUser('customer');
    api.data.users.push(customer);
  });
  afterEach(() => vi.useRealTimers());

  it('places an order with pay on delivery and shows its confirmation', async () => {
    const { router, queryClient } = openCheckout();
    expect(await screen.findByRole('radio', { name: 'Home' })).toBeChecked();
    expect(await screen.findByTestId('order-source')).toHaveTextContent('From Georgetown · 8.6 mi away');
    expect(screen.getByRole('radio', { name: checkoutCopy.asap })).toBeChecked();
    expect(screen.getByRole('radio', { name: checkoutCopy.asap })).toHaveAccessibleDescription('in about 46 min, by 10:46 AM CST');
    const items = screen.getByRole('list', { name: checkoutCopy.items });
    expect(within(items).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Brie', 'Chicken Breast']);
    await readyToPlace();
    const shownTotal = total();
    expect(summaryRow(checkoutCopy.subtotal)).toBe(formatMoney(subtotal));
    // The subtotal already has the discounts taken off: they are shown as included, and the rows add up to the total.
    expect(summaryRow(checkoutCopy.savings.discounts)).toBe(formatMoney(2 * (939 - 845)));
    const added = [checkoutCopy.subtotal, checkoutCopy.serviceFee, checkoutCopy.deliveryFee, checkoutCopy.tax, checkoutCopy.tipLine].map((label) => (summaryRow(label) === checkoutCopy.free ? 0 : parseMoney(summaryRow(label) ?? '')));
    expect(formatMoney(added.reduce<number>((sum, cents) => sum + (cents ?? Number.NaN), 0))).toBe(shownTotal);
    expect(screen.queryByText(checkoutCopy.savings.bundles)).not.toBeInTheDocument();
    expect(summaryRow(checkoutCopy.deliveryFee)).toBe('$2.99');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: `${checkoutCopy.substitution}: Brie` }), checkoutCopy.substitutions.refund);
    await userEvent.type(screen.getByRole('textbox', { name: checkoutCopy.driverNotes }), 'Ring twice');
    expect(screen.getByText('10/500')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: checkoutCopy.payOnDelivery })).toBeChecked();
    const [brieLine, chickenLine] = [lineId(0), lineId(1)];
    await userEvent.click(placeButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    const [placement] = placements();
    const placed = api.data.orders[0]!;
    expect(router.state.location.search).toBe(`?order=${placed.id}`);
    expect(placement!.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(placement!.body).toEqual({
      addressId: home.id,
      delivery: { kind: 'asap' },
      tip: 0,
      paymentMethod: 'cash_on_delivery',
      driverNotes: 'Ring twice',
      substitutions: { [brieLine]: 'refund', [chickenLine]: 'replace' },
      expectedTotal: placed.totals.totalAmount,
    } satisfies PlaceOrderInput);
    expect(formatMoney(placed.totals.totalAmount)).toBe(shownTotal);

    expect(await screen.findByRole('heading', { name: orderSuccessCopy.title })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(placed.orderNumber);
    expect(screen.getByText(shownTotal!)).toBeInTheDocument();
    expect(screen.getByTestId('delivery-code')).toHaveTextContent(placed.deliveryCode!);
    expect(screen.getByText(orderSuccessCopy.deliveryCodeNote)).toBeInTheDocument();
    expect(screen.getByText('Today, by 10:46 AM CST')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: orderSuccessCopy.track })).toHaveAttribute('href', `/orders/${placed.id}`);
    expect(screen.getByRole('link', { name: orderSuccessCopy.continueShopping })).toHaveAttribute('href', '/products');
    // The cart the header shows is re-read: the order emptied it.
    await waitFor(() => expect(queryClient.getQueryData<{ items: unknown[] }>(['cart'])?.items).toEqual([]));
  });

  it('sends the substitution chosen for each grocery line', async () => {
    openCheckout();
    await readyToPlace();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: `${checkoutCopy.substitution}: Chicken Breast` }), checkoutCopy.substitutions.contact);
    const brieLine = lineId(0);
    const chickenLine = lineId(1);
    await userEvent.click(placeButton());
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect((placements()[0]!.body as PlaceOrderInput).substitutions).toEqual({ [brieLine]: 'replace', [chickenLine]: 'contact' });
  });

  it('offers a bundle only what can be done for it, a refund unless asked to be contacted', async () => {
    const bundle = aBundle(90, { name: 'Taco Night Kit' });
    api.data.bundles.push(bundle);
    openCheckout({ items: [brie, { itemType: 'bundle', bundleId: bundle.id, warehouseId: georgetownId, quantity: 1 }] });
    await readyToPlace();
    const choices = (name: string) => within(screen.getByRole('combobox', { name: `${checkoutCopy.substitution}: ${name}` })).getAllByRole('option').map((option) => option.textContent);
    expect(choices('Brie')).toEqual([checkoutCopy.substitutions.replace, checkoutCopy.substitutions.contact, checkoutCopy.substitutions.refund]);
    // Only a single product can be replaced by another.
    expect(choices('Taco Night Kit')).toEqual([checkoutCopy.substitutions.contact, checkoutCopy.substitutions.refund]);
    expect(screen.getByRole('combobox', { name: `${checkoutCopy.substitution}: Taco Night Kit` })).toHaveDisplayValue(checkoutCopy.substitutions.refund);
    const [brieLine, bundleLine] = [lineId(0), lineId(1)];
    await userEvent.click(placeButton());
    await waitFor(() => expect(placements()).toHaveLength(1));
    expect((placements()[0]!.body as PlaceOrderInput).substitutions).toEqual({ [brieLine]: 'replace', [bundleLine]: 'refund' });
  });

  it('re-prices through the server whenever the address, the delivery time or the tip changes', async () => {
    openCheckout();
    await readyToPlace();
    expect(quotes().at(-1)).toEqual({ addressId: home.id, delivery: { kind: 'asap' }, tip: 0 });

    await userEvent.click(screen.getByRole('radio', { name: 'Work' }));
    await waitFor(() => expect(quotes().at(-1)).toEqual({ addressId: work.id, delivery: { kind: 'asap' }, tip: 0 }));
    await waitFor(() => expect(screen.getByTestId('order-source')).toHaveTextContent('From Georgetown · 0.5 mi away'));

    const today = screen.getByRole('group', { name: 'Today' });
    await userEvent.click(within(today).getByRole('radio', { name: '1:00 – 2:00 PM' }));
    await waitFor(() => expect(quotes().at(-1)).toEqual({ addressId: work.id, delivery: { kind: 'window', start: '2026-11-22T19:00:00.000Z' }, tip: 0 }));

    const before = total();
    await userEvent.click(screen.getByRole('radio', { name: '15 %' }));
    await waitFor(() => expect(quotes().at(-1)).toEqual({ addressId: work.id, delivery: { kind: 'window', start: '2026-11-22T19:00:00.000Z' }, tip: 433 }));
    await waitFor(() => expect(summaryRow(checkoutCopy.tipLine)).toBe('$4.33'));
    expect(total()).not.toBe(before);
  });

  it('keeps showing the last summary while the next quote loads', async () => {
    openCheckout();
    await readyToPlace();
    const held = api.holdNext('POST /api/checkout/quote');
    await userEvent.click(screen.getByRole('radio', { name: '10 %' }));
    await waitFor(() => expect(screen.getByRole('region', { name: checkoutCopy.summary })).toHaveAttribute('aria-busy', 'true'));
    expect(summaryRow(checkoutCopy.tipLine)).toBe('$0.00');
    expect(placeButton()).toBeDisabled();
    held.release();
    await waitFor(() => expect(summaryRow(checkoutCopy.tipLine)).toBe('$2.89'));
    await readyToPlace();
  });

  it('says which lines were repriced, names the unavailable ones and removes them through the cart', async () => {
    openCheckout();
    checkoutFake(api).addedPrices.set(lineId(0), 550);
    checkoutFake(api).withdrawn.add(lineId(1));
    await screen.findByRole('list', { name: checkoutCopy.items });

    expect(await screen.findByText('was $5.50, now $5.99')).toBeInTheDocument();
    const alert = (await screen.findByText(checkoutCopy.unavailableTitle)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Chicken Breast: No longer available');
    // Unavailable lines are left out of the server's totals.
    expect(summaryRow(checkoutCopy.subtotal)).toBe(formatMoney(2 * 599));
    expect(placeButton()).toBeDisabled();

    const chickenLine = lineId(1);
    await userEvent.click(within(alert).getByRole('button', { name: checkoutCopy.removeUnavailable }));
    await waitFor(() => expect(api.requestsTo('DELETE /api/cart/items/:id').map((request) => request.path)).toEqual([`/api/cart/items/${chickenLine}`]));
    await waitFor(() => expect(screen.queryByText(checkoutCopy.unavailableTitle)).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: checkoutCopy.items })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Brie']);
    await readyToPlace();
  });

  it('names lines out of stock since they were added', async () => {
    openCheckout();
    api.data.products.find((product) => product.id === brie.productId)!.stockQuantity = 1;
    expect(await screen.findByText('Brie: Out of stock')).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
  });

  it('refuses an address outside the delivery range at the address and cannot place', async () => {
    openCheckout({ addresses: [farAway, { ...home, isDefault: false }] });
    expect(await screen.findByRole('radio', { name: 'Cabin' })).toBeChecked();
    const fieldset = screen.getByRole('group', { name: checkoutCopy.address });
    expect(await within(fieldset).findByText(copy.cart.outsideServiceArea)).toBeInTheDocument();
    expect(fieldset).toHaveAccessibleDescription(copy.cart.outsideServiceArea);
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toBeInTheDocument());
    expect(placeButton()).toBeDisabled();
    // No estimate or window is offered for a trip no store here makes.
    const times = screen.getByRole('region', { name: checkoutCopy.deliveryTime });
    expect(within(times).getByText(checkoutCopy.timesNeedServedAddress)).toBeInTheDocument();
    expect(within(times).queryAllByRole('radio')).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Home' }));
    await readyToPlace();
    expect(within(fieldset).queryByText(copy.cart.outsideServiceArea)).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: checkoutCopy.deliveryTime })).getByRole('radio', { name: new RegExp(checkoutCopy.asap) })).toBeInTheDocument();
  });

  it('shows a full window disabled with "Full" and a past one disabled', async () => {
    checkoutFake(api).fullWindows.add('2026-11-22T20:00:00.000Z');
    openCheckout();
    const today = await screen.findByRole('group', { name: 'Today' });
    const full = within(today).getByRole('radio', { name: '2:00 – 3:00 PM' });
    expect(full).toBeDisabled();
    expect(full).toHaveAccessibleDescription(checkoutCopy.windowFull);
    const tooSoon = within(today).getByRole('radio', { name: '10:00 – 11:00 AM' });
    expect(tooSoon).toBeDisabled();
    expect(tooSoon).toHaveAccessibleDescription(checkoutCopy.windowTooSoon);
    expect(within(today).getByRole('radio', { name: '1:00 – 2:00 PM' })).toBeEnabled();
    const tomorrow = screen.getByRole('group', { name: 'Tomorrow' });
    expect(within(tomorrow).getByRole('radio', { name: '8:00 – 9:00 AM' })).toBeEnabled();
  });

  it('takes no ASAP order from a closed kitchen but offers windows in its hours', async () => {
    // Lone Star BBQ is closed now.
    openCheckout({ items: [{ itemType: 'cloud_kitchen', cloudKitchenProductId: testId(8, 201), quantity: 1 }] });
    const asap = await screen.findByRole('radio', { name: checkoutCopy.asap });
    await waitFor(() => expect(asap).toBeDisabled());
    expect(asap).toHaveAccessibleDescription(orderRefusals.kitchenClosed);
    expect(screen.getAllByText(orderRefusals.kitchenClosed)).toHaveLength(1);
    expect(screen.getByTestId('order-source')).toHaveTextContent('From Lone Star BBQ');
    // The first window the kitchen can cook for is chosen, and the order can be placed for it.
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Today' })).getByRole('radio', { name: '12:00 – 1:00 PM' })).toBeChecked());
    await waitFor(() => expect(placeButton()).toBeEnabled());
    // Dishes have no substitutions.
    expect(screen.queryByRole('combobox', { name: /If out of stock/ })).not.toBeInTheDocument();

    const today = screen.getByRole('group', { name: 'Today' });
    const title = (radio: HTMLElement) => document.getElementById(radio.getAttribute('aria-labelledby')!)?.textContent;
    // 50 minutes to cook and the drive: 11:00 is too soon.
    expect(within(today).getByRole('radio', { name: '11:00 AM – 12:00 PM' })).toBeDisabled();
    expect(within(today).getAllByRole('radio').map(title)).toEqual([
      '11:00 AM – 12:00 PM',
      '12:00 – 1:00 PM',
      '1:00 – 2:00 PM',
      '2:00 – 3:00 PM',
      '3:00 – 4:00 PM',
      '4:00 – 5:00 PM',
      '5:00 – 6:00 PM',
      '6:00 – 7:00 PM',
      '7:00 – 8:00 PM',
      '8:00 – 9:00 PM',
    ]);
    await userEvent.click(within(today).getByRole('radio', { name: '6:00 – 7:00 PM' }));
    await readyToPlace();
  });

  it('prices the tip presets on the subtotal and takes a custom amount in dollars', async () => {
    openCheckout();
    await readyToPlace();
    for (const [label, cents] of [['10 %', 289], ['20 %', 578]] as const) {
      await userEvent.click(screen.getByRole('radio', { name: label }));
      await waitFor(() => expect(summaryRow(checkoutCopy.tipLine)).toBe(formatMoney(cents)));
      expect(quotes().at(-1)?.tip).toBe(cents);
    }
    await userEvent.click(screen.getByRole('radio', { name: checkoutCopy.tipCustom }));
    const amount = screen.getByRole('textbox', { name: checkoutCopy.tipCustomAmount });
    await userEvent.type(amount, 'abc');
    expect(await screen.findByText(checkoutCopy.tipInvalid)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(checkoutCopy.tipInvalid);
    expect(placeButton()).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    expect(await screen.findByText('Tip must be at most $100.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '7.5');
    await waitFor(() => expect(summaryRow(checkoutCopy.tipLine)).toBe('$7.50'));
    expect(quotes().at(-1)?.tip).toBe(750);
    await readyToPlace();
    await userEvent.click(placeButton());
    await waitFor(() => expect((placements()[0]?.body as PlaceOrderInput | undefined)?.tip).toBe(750));
  });

  it('offers a card only when card payments are configured', async () => {
    openCheckout();
    await readyToPlace();
    expect(screen.getByRole('radio', { name: checkoutCopy.payOnDelivery })).toBeChecked();
    expect(screen.queryByRole('radio', { name: checkoutCopy.card })).not.toBeInTheDocument();
  });

  it('places a card order when card payments are configured', async () => {
    checkoutFake(api).cardEnabled = true;
    const { router } = openCheckout();
    await userEvent.click(await screen.findByRole('radio', { name: checkoutCopy.card }));
    await readyToPlace();
    await userEvent.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect((placements()[0]!.body as PlaceOrderInput).paymentMethod).toBe('card');
    expect(await screen.findByText(orderSuccessCopy.paymentPending)).toBeInTheDocument();
  });

  it('sends one request for a double click and shows progress', async () => {
    const { router } = openCheckout();
    await readyToPlace();
    const held = api.holdNext('POST /api/orders');
    await userEvent.dblClick(placeButton());
    const progress = await screen.findByRole('button', { name: checkoutCopy.placing });
    expect(progress).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(progress);
    held.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(placements()).toHaveLength(1);
    expect(api.data.orders).toHaveLength(1);
  });

  it('keeps keyboard focus on the button while the order is placed', async () => {
    const { router } = openCheckout();
    await readyToPlace();
    const held = api.holdNext('POST /api/orders');
    placeButton().focus();
    await userEvent.keyboard('{Enter}');
    const progress = await screen.findByRole('button', { name: checkoutCopy.placing });
    expect(progress).toHaveAttribute('aria-busy', 'true');
    expect(document.activeElement).toBe(progress);
    await userEvent.keyboard('{Enter}');
    held.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(placements()).toHaveLength(1);
  });

  it('retries after a network error with the same idempotency key', async () => {
    const { router } = openCheckout();
    await readyToPlace();
    loseTheNextOrdersAnswer();
    await userEvent.click(placeButton());
    expect(await screen.findByText(copy.app.connectionIssue)).toBeInTheDocument();
    await retryAndFindThePlacedOrder(router);
  });

  it('after a lost answer keeps the order on screen when the emptied cart is read again, and its retry finds the placed order', async () => {
    const { router, queryClient } = openCheckout();
    await readyToPlace();
    const shownTotal = total();
    loseTheNextOrdersAnswer();
    await userEvent.click(placeButton());
    expect(await screen.findByText(copy.app.connectionIssue)).toBeInTheDocument();
    expect(screen.getByText(checkoutCopy.unanswered)).toBeInTheDocument();
    // The connection comes back: the page reads the cart and its price again, and finds them empty.
    const cartReads = api.requestsTo('GET /api/cart').length;
    await queryClient.refetchQueries();
    await waitFor(() => expect(api.requestsTo('GET /api/cart').length).toBeGreaterThan(cartReads));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(copy.cart.empty)).not.toBeInTheDocument();
    expect(screen.queryByText(copy.cart.outsideServiceArea)).not.toBeInTheDocument();
    expect(total()).toBe(shownTotal);
    // Nothing can be changed before the customer knows whether the order went through.
    expect(screen.getByRole('radio', { name: 'Work' })).toBeDisabled();
    await retryAndFindThePlacedOrder(router);
  });

  it('re-quotes and says so when the total changed, then places with a new key', async () => {
    const { router } = openCheckout();
    await readyToPlace();
    const before = total();
    api.data.products.find((product) => product.id === brie.productId)!.price = 649;
    await userEvent.click(placeButton());

    expect(await screen.findByText(orderRefusals.totalChanged)).toBeInTheDocument();
    await waitFor(() => expect(total()).not.toBe(before));
    expect(api.data.orders).toHaveLength(0);
    await readyToPlace();
    await userEvent.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    const [refused, placed] = placements();
    expect(placed!.headers.get(IDEMPOTENCY_HEADER)).not.toBe(refused!.headers.get(IDEMPOTENCY_HEADER));
    expect((placed!.body as PlaceOrderInput).expectedTotal).toBe(api.data.orders[0]!.totalAmount);
  });

  it('asks for another window when the chosen one filled up meanwhile', async () => {
    openCheckout();
    const today = await screen.findByRole('group', { name: 'Today' });
    await userEvent.click(within(today).getByRole('radio', { name: '1:00 – 2:00 PM' }));
    await readyToPlace();
    checkoutFake(api).fullWindows.add('2026-11-22T19:00:00.000Z');
    await userEvent.click(placeButton());

    expect(await screen.findByText(orderRefusals.windowFull)).toBeInTheDocument();
    await waitFor(() => expect(within(today).getByRole('radio', { name: '1:00 – 2:00 PM' })).toBeDisabled());
    expect(within(today).getByRole('radio', { name: '1:00 – 2:00 PM' })).toHaveAccessibleDescription(checkoutCopy.windowFull);
    expect(placeButton()).toBeDisabled();
    await userEvent.click(within(today).getByRole('radio', { name: '2:00 – 3:00 PM' }));
    expect(screen.queryByText(orderRefusals.windowFull)).not.toBeInTheDocument();
    await readyToPlace();
  });

  it('shows the lines that ran out while placing and lets the customer go on without them', async () => {
    openCheckout();
    await readyToPlace();
    api.data.products.find((product) => product.id === chicken.productId)!.stockQuantity = 0;
    await userEvent.click(placeButton());
    expect(await screen.findByText('Chicken Breast: Out of stock')).toBeInTheDocument();
    expect(api.data.orders).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: checkoutCopy.removeUnavailable }));
    await readyToPlace();
  });

  it('shows the server’s field errors at the field', async () => {
    openCheckout();
    await readyToPlace();
    api.on('POST /api/orders', () => new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Invalid input', fields: { driverNotes: 'Notes for the driver must not contain control characters' } } }), { status: 400, headers: { 'content-type': 'application/json' } }), { times: 1 });
    await userEvent.type(screen.getByRole('textbox', { name: checkoutCopy.driverNotes }), 'Hi');
    await userEvent.click(placeButton());
    const notes = screen.getByRole('textbox', { name: checkoutCopy.driverNotes });
    await waitFor(() => expect(notes).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Notes for the driver must not contain control characters')).toBeInTheDocument();
  });

  it('adds a new address inline and delivers there', async () => {
    // The page alone: the app's own prompt for a customer without an address is another feature's.
    api.fillCart(customer, [brie]);
    renderApp(<CheckoutPage />, { api, path: '/checkout', user: customer });
    const form = await screen.findByRole('form', { name: 'New address' });
    await userEvent.type(within(form).getByLabelText('Label'), 'Studio');
    await userEvent.type(within(form).getByLabelText('Street address'), '9 Mill St');
    await userEvent.type(within(form).getByLabelText('City'), 'Georgetown');
    await userEvent.selectOptions(within(form).getByLabelText('State'), 'TX');
    await userEvent.type(within(form).getByLabelText('ZIP code'), '78626');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));

    // The new address is listed once the address book is read again, and chosen when its save answers.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Studio' })).toBeChecked());
    const saved = api.data.addresses[customer.id]![0]!;
    await waitFor(() => expect(quotes().at(-1)?.addressId).toBe(saved.id));
    await readyToPlace();
  });

  it('chooses an address added inline over the saved ones', async () => {
    openCheckout();
    await readyToPlace();
    await addAddressInGeorgetown('9 Mill St');
    expect(await screen.findByRole('radio', { name: '9 Mill St' })).toBeChecked();
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });

  it('refuses to add an address already saved, at the street address, keeping the list as it was', async () => {
    openCheckout();
    await readyToPlace();
    const form = await addAddressInGeorgetown('2 elm st');
    await waitFor(() => expect(within(form).getByLabelText('Street address')).toHaveAccessibleDescription(addressCopy.alreadySaved));
    expect(api.data.addresses[customer.id]).toHaveLength(2);
    expect(screen.getAllByRole('radio', { name: /Home|Work/ })).toHaveLength(2);
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
  });

  it('sends a guest to sign in and back to checkout', async () => {
    const { router } = renderApp(routes, { api, path: '/checkout' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/checkout');
  });

  it('shows the empty state with a way to shop for an empty cart', async () => {
    openCheckout({ items: [] });
    expect(await screen.findByRole('heading', { name: copy.cart.empty })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: checkoutCopy.continueShopping })).toHaveAttribute('href', '/products');
    expect(quotes()).toHaveLength(0);
  });

  it('shows an error with a retry when the quote fails', async () => {
    api.on('POST /api/checkout/quote', () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'The server had a problem.' } }), { status: 500, headers: { 'content-type': 'application/json' } }), { times: 1 });
    openCheckout();
    expect(await screen.findByText(checkoutCopy.loadFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await readyToPlace();
  });
});
