import { addressCopy, orderCopy } from '@/shared/copy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, ReturnRequest } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/money';
import { routes } from '@/web/app/router';
import { RETURN_REVIEW_REFRESH_MS } from '@/web/features/orders/api/order-queries';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, anOrderLine, aUser, refundedBy, testId, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { chooseGeorgetown } from './orders.fixture';

let api: FakeApi;
let customer: FakeUser;

function open(order: Order) {
  return renderApp(routes, { api, path: `/orders/${order.id}`, user: customer });
}

function section(name: string) {
  return screen.getByRole('heading', { name }).closest('[data-slot="card"]') as HTMLElement;
}

describe('/orders/{id}', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseGeorgetown();
    api = createFakeApi();
    customer = aUser('customer');
  });

  it('shows the lines, totals with savings, address, payment with refunds, the timeline, the delivery code and requests', async () => {
    const order = orderFakes(api).add(
      anOrder(1, {
        status: 'processing',
        lines: [
          anOrderLine(3, { id: testId(31, 1), quantity: 2, unitPrice: 845, originalPrice: 939, substitution: 'contact' }),
          anOrderLine(2, { id: testId(31, 2), substitution: 'refund' }),
        ],
        driverNotes: 'Ring twice <b>please</b>',
        payment: { method: 'card', status: 'partially_refunded', refundedAmount: 599, clientSecret: null },
        refunds: [{ id: testId(33, 1), amount: 599, kind: 'goodwill', reason: 'Late delivery', status: 'succeeded', at: '2026-11-22T16:00:00.000Z' }],
        timeZone: 'America/Chicago',
      }),
      customer,
    );
    open(order);

    expect(await screen.findByRole('heading', { level: 1, name: order.orderNumber })).toBeInTheDocument();
    expect(document.title).toBe(`${order.orderNumber} — FreshCart`);
    // Times as the checkout showed them: in the store's time zone (placed 15:00 UTC, 9:00 in Texas).
    const header = screen.getByRole('heading', { level: 1, name: order.orderNumber }).closest('header')!;
    expect(within(header).getByText(/Nov 21, 2026, 9:00\sAM/, { selector: 'time' })).toHaveAttribute('dateTime', order.placedAt);
    const items = section('Items');
    expect(within(items).getByText('Chicken Breast')).toBeInTheDocument();
    expect(within(items).getByText('2 lb tray · Qty 2 × $8.45')).toBeInTheDocument();
    expect(within(items).getByText(orderCopy.detail.ifOutOfStock(orderCopy.substitutions.contact))).toBeInTheDocument();
    expect(within(items).getByText(orderCopy.detail.ifOutOfStock(orderCopy.substitutions.refund))).toBeInTheDocument();
    expect(within(items).getByText('$16.90')).toBeInTheDocument();

    const summary = section('Summary');
    // The subtotal already has the savings taken off: they read as included, never as a further deduction.
    expect(within(summary).getByText('Savings included').nextElementSibling).toHaveTextContent(/^\$1\.88$/);
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent(`$${(order.totals.totalAmount / 100).toFixed(2)}`);
    expect(within(summary).getByText('Delivery fee').nextElementSibling).toHaveTextContent('$2.99');

    const address = section('Delivery address');
    expect(within(address).getByText(/100 Oak St/)).toBeInTheDocument();
    // What the customer typed is shown as text, never as markup.
    expect(within(address).getByText('Ring twice <b>please</b>')).toBeInTheDocument();

    const payment = section('Payment');
    expect(within(payment).getByText('Card')).toBeInTheDocument();
    expect(within(payment).getByText('Partially refunded')).toBeInTheDocument();
    expect(within(payment).getByText('Refunded').nextElementSibling).toHaveTextContent('$5.99');
    expect(within(payment).getByText('Goodwill refund')).toBeInTheDocument();
    expect(within(payment).getByText('Late delivery')).toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: 'Status' });
    expect(within(timeline).getAllByRole('listitem').map((item) => item.querySelector('span.font-medium')?.textContent)).toEqual(['Placed', 'Confirmed', 'Preparing']);
    expect(within(timeline).getAllByRole('listitem')[0]!.querySelector('time')).toHaveAttribute('dateTime', order.events[0]!.at);

    expect(screen.getByText('4821')).toBeInTheDocument();
    expect(screen.getByText('Give this code to your driver when your order arrives.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return or refund' })).not.toBeInTheDocument();
  });

  it('gives a line picked short the units delivered as ordered at their price, and what came of the rest beside it', async () => {
    // Picking replaced 1 of 2 Spaghetti by a cheaper item and found neither Brie.
    const order = orderFakes(api).add(
      anOrder(1, {
        status: 'processing',
        lines: [
          anOrderLine(1, { id: testId(31, 1), quantity: 2, fulfilment: { status: 'substituted', quantity: 1, substitute: { name: 'Penne', unitPrice: 150 } } }),
          anOrderLine(2, { id: testId(31, 2), quantity: 2, fulfilment: { status: 'refunded', quantity: 2, substitute: null } }),
        ],
      }),
      customer,
    );
    open(order);
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    const [spaghetti, brie] = within(section('Items')).getAllByRole('listitem');
    expect(within(spaghetti!).getByText('16 oz · Qty 1 of 2 × $1.99')).toBeInTheDocument();
    expect(within(spaghetti!).getByText(orderCopy.fulfilment.substituted(1, 'Penne', '$1.50'))).toBeInTheDocument();
    expect(spaghetti).toHaveTextContent('$3.49');
    expect(within(brie!).getByText('8 oz · Qty 0 of 2 × $5.99')).toBeInTheDocument();
    expect(within(brie!).getByText(orderCopy.fulfilment.refunded(2))).toBeInTheDocument();
    expect(brie).toHaveTextContent('$0.00');
  });

  it("says the driver's location is not available once the live status tells there is none, not before", async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
    let connect = () => {};
    const connected = new Promise<void>((resolve) => (connect = resolve));
    api.on(
      'GET /api/tracking/orders/:id/stream',
      async (request) => {
        await connected;
        return api.respond(request);
      },
      { times: 1 },
    );
    open(order);

    const map = await screen.findByRole('img', { name: /^The driver is on the way from Georgetown/ });
    expect(await screen.findByText('Connecting…')).toBeInTheDocument();
    expect(screen.queryByText(orderCopy.map.noPosition)).not.toBeInTheDocument();
    connect();
    expect(await screen.findByText(orderCopy.map.noPosition)).toBeInTheDocument();
    expect(map.querySelector('[data-testid="map-destination"]')).not.toBeNull();

    orderFakes(api).moveDriver(order.id, { latitude: 30.52, longitude: -97.679 });
    await waitFor(() => expect(map.querySelector('[data-testid="map-driver"]')).not.toBeNull());
    expect(screen.queryByText(orderCopy.map.noPosition)).not.toBeInTheDocument();
  });

  it('says when a delivered order arrived, not when it was expected', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'delivered', timeZone: 'America/Chicago' }), customer);
    open(order);
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    // Delivered 50 minutes (five steps of ten) after it was placed at 15:00 UTC: 9:50 in Texas.
    expect(within(section('Delivery address')).getByText(/^Delivered: Nov 21, 2026, 9:50\sAM CST$/)).toBeInTheDocument();
    expect(within(section('Delivery address')).queryByText(/Estimated delivery/)).not.toBeInTheDocument();
  });

  it('names the day of an arrival that is not today, so an evening order for a morning window does not read as late', async () => {
    // 7:48 PM in Texas on Nov 21; the order is booked for 9:00 to 10:00 the next morning.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-22T01:48:00.000Z') });
    try {
      const window = { windowStart: '2026-11-22T15:00:00.000Z', windowEnd: '2026-11-22T16:00:00.000Z', estimatedAt: '2026-11-22T16:00:00.000Z' };
      const order = orderFakes(api).add(anOrder(1, { status: 'placed', placedAt: '2026-11-22T01:47:00.000Z', timeZone: 'America/Chicago', delivery: { kind: 'window', ...window } }), customer);
      open(order);
      expect(await screen.findByText(/^Tomorrow, by 10:00\sAM CST$/)).toBeInTheDocument();
      expect(screen.queryByText(/^Arriving by /)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says an order past its promised time is running late, rather than promising a time gone by', async () => {
    // 10:30 AM in Texas; the order was due by 9:45.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T16:30:00.000Z') });
    try {
      const order = orderFakes(api).add(anOrder(1, { status: 'processing', timeZone: 'America/Chicago' }), customer);
      open(order);
      expect(await screen.findByText(/^Running late: due by 9:45\sAM CST$/)).toBeInTheDocument();
      expect(screen.queryByText(/^Arriving by /)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('promises an arrival later today by its time alone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T15:05:00.000Z') });
    try {
      const order = orderFakes(api).add(anOrder(1, { status: 'placed', timeZone: 'America/Chicago' }), customer);
      open(order);
      expect(await screen.findByText(/^Arriving by 9:45\sAM CST$/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says how long ago the order was placed in calendar days of the store's time zone", async () => {
    // Placed at 6:30 PM on 21 November in Texas; seen at 6:00 AM on the 26th, under four and a half days later.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date('2026-11-26T12:00:00.000Z') });
    try {
      const order = orderFakes(api).add(anOrder(1, { status: 'delivered', placedAt: '2026-11-22T00:30:00.000Z', timeZone: 'America/Chicago' }), customer);
      open(order);
      const heading = await screen.findByRole('heading', { level: 1, name: order.orderNumber });
      expect(heading.closest('header')).toHaveTextContent('(5 days ago)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('promises no arrival and follows nothing live once a return is asked for on a delivered order', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'refund_requested', timeZone: 'America/Chicago' }), customer);
    open(order);
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    expect(screen.queryByText(/^Arriving by /)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(screen.queryByText('Give this code to your driver when your order arrives.')).not.toBeInTheDocument();
    expect(within(section('Delivery address')).getByText(/^Delivered: Nov 21, 2026, 9:50\sAM CST$/)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.includes('/stream'))).toEqual([]);
  });

  it("shows the unit and the address's delivery instructions copied onto the order", async () => {
    const base = anOrder(1);
    const order = orderFakes(api).add(anOrder(1, { address: { ...base.address, unit: 'Apt 4B', deliveryInstructions: 'Ring twice' } }), customer);
    open(order);
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    const address = section('Delivery address');
    expect(within(address).getByText(/100 Oak St, Apt 4B/)).toBeInTheDocument();
    expect(address).toHaveTextContent(`${addressCopy.deliveryInstructions}: Ring twice`);
  });

  it('promises no delivery time for a cancelled order', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'cancelled' }), customer);
    open(order);
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    expect(within(section('Delivery address')).queryByText(/Estimated delivery|Delivered:/)).not.toBeInTheDocument();
  });

  describe('declined by the kitchen', () => {
    const kitchenId = testId(77, 1);
    const kitchen = aUser('cloud_kitchen', { id: testId(9, 60), userId: testId(10, 60), email: 'kitchen@example.test', kitchenId, kitchenIds: [kitchenId] });

    async function declinedOrder(payment: Partial<Order['payment']>, input: { reason: string; details?: string }) {
      const placed = anOrder(1, { type: 'cloud_kitchen', cloudKitchenId: kitchenId, sourceName: 'Taco Town' });
      const order = orderFakes(api).add({ ...placed, payment: { ...placed.payment, ...payment } }, customer);
      api.signIn(kitchen);
      const response = await api.fetch(`/api/orders/${order.id}/decline`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
      expect(response.status).toBe(200);
      return order;
    }

    it('says the kitchen could not take it and why, and that the card payment is refunded', async () => {
      const order = await declinedOrder({ method: 'card', status: 'paid' }, { reason: 'out_of_ingredient', details: 'No brisket left today, sorry!' });
      open(order);

      const header = (await screen.findByRole('heading', { level: 1, name: order.orderNumber })).closest('header')!;
      expect(within(header).getByText('Cancelled')).toBeInTheDocument();
      expect(within(header).getByText('The kitchen could not take this order')).toBeVisible();
      expect(within(header).getByText(/^The kitchen ran out of an ingredient\.\s+No brisket left today, sorry!$/)).toBeVisible();
      expect(within(header).getByText(`${formatMoney(order.totalAmount)} is refunded to your card.`)).toBeVisible();
      expect(within(header).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

      const last = within(screen.getByRole('list', { name: 'Status' })).getAllByRole('listitem').at(-1)!;
      expect(last).toHaveTextContent('Cancelled');
      expect(last).toHaveTextContent('The kitchen');
      expect(last).toHaveTextContent('The kitchen ran out of an ingredient.');
      expect(within(screen.getByRole('list', { name: 'Refunds' })).getByText(formatMoney(order.totalAmount))).toBeInTheDocument();
    });

    it('says the card refund did not go through when the card provider refused it', async () => {
      const placed = anOrder(1, { type: 'cloud_kitchen', cloudKitchenId: kitchenId, sourceName: 'Taco Town' });
      const order = orderFakes(api).add(
        {
          ...placed,
          status: 'cancelled',
          payment: { ...placed.payment, method: 'card', status: 'paid', refundedAmount: 0 },
          events: [...placed.events, { id: '99', status: 'cancelled', at: placed.placedAt, actor: 'cloud_kitchen', note: 'The kitchen is too busy to take more orders right now.' }],
          refunds: [{ id: testId(78, 1), amount: placed.totalAmount, kind: 'full', reason: 'Order cancelled', status: 'failed', at: placed.placedAt }],
        },
        customer,
      );
      open(order);
      const header = (await screen.findByRole('heading', { level: 1, name: order.orderNumber })).closest('header')!;
      expect(within(header).getByText('The kitchen could not take this order')).toBeVisible();
      expect(within(header).getByText('Your card was charged and the refund did not go through. Contact support to get your money back.')).toBeVisible();
      expect(within(header).queryByText(/refunded to your card|was not charged/)).not.toBeInTheDocument();
    });

    it('says nothing is due for an order to be paid on delivery', async () => {
      const order = await declinedOrder({}, { reason: 'too_busy' });
      open(order);
      const header = (await screen.findByRole('heading', { level: 1, name: order.orderNumber })).closest('header')!;
      expect(within(header).getByText('The kitchen is too busy to take more orders right now.')).toBeVisible();
      expect(within(header).getByText('Nothing is due.')).toBeVisible();
    });

    it('says nothing of a kitchen for an order the customer cancelled', async () => {
      const order = orderFakes(api).add(anOrder(1, { status: 'cancelled', type: 'cloud_kitchen', cloudKitchenId: kitchenId }), customer);
      open(order);
      await screen.findByRole('heading', { level: 1, name: order.orderNumber });
      expect(screen.queryByText('The kitchen could not take this order')).not.toBeInTheDocument();
    });
  });

  it("answers another customer's order with the not-found state", async () => {
    const other = aUser('customer', { id: testId(9, 50), userId: testId(10, 50), email: 'other@example.test' });
    const theirs = orderFakes(api).add(anOrder(7), other);
    open(theirs);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText(theirs.orderNumber)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/orders');
    expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(1);
  });

  it('answers an address that holds no order id with the not-found state, asking nothing', async () => {
    renderApp(routes, { api, path: '/orders/not-an-order', user: customer });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(0);
  });

  it('cancels after the customer confirms, with the reason, and shows the order cancelled', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'confirmed' }), customer);
    open(order);

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/orders/:id/cancel')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Ordered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));

    expect(await screen.findByText('Your order was cancelled')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/orders/:id/cancel')[0]!.body).toEqual({ reason: 'Ordered twice' });
    const header = screen.getByRole('heading', { level: 1, name: order.orderNumber }).parentElement!;
    expect(within(header).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Status' })).getByText('Ordered twice')).toBeInTheDocument();
  });

  it('tells a customer whose card was charged that cancelling gives the money back, not that nothing is charged', async () => {
    const placed = anOrder(1, { status: 'confirmed' });
    const order = orderFakes(api).add({ ...placed, payment: { ...placed.payment, method: 'card', status: 'paid', refundedAmount: 0 } }, customer);
    open(order);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(orderCopy.cancel.descriptionPaid)).toBeInTheDocument();
    expect(within(dialog).queryByText(orderCopy.cancel.description)).not.toBeInTheDocument();
  });

  it('still says the order was cancelled when the live status arrives before the answer to the cancel', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'confirmed' }), customer);
    open(order);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));

    const answer = api.holdNext('POST /api/orders/:id/cancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(answer.answered()).toBeDefined());
    // The stream is faster than the response: the page shows the order cancelled, and its Cancel button goes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
    answer.release();

    expect(await screen.findByText('Your order was cancelled')).toBeInTheDocument();
  });

  it('reorders into the cart, names the lines that could not be added, and opens the cart', async () => {
    const gone = anOrderLine(9, { id: testId(31, 9), name: 'Discontinued Cheese', productId: testId(4, 99) });
    const order = orderFakes(api).add(anOrder(1, { status: 'delivered', lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3 }), gone] }), customer);
    open(order);

    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('Items added to your cart')).toBeInTheDocument();
    expect(screen.getByText('Not added: Discontinued Cheese')).toBeInTheDocument();
    const cart = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(cart).getByText('Spaghetti')).toBeInTheDocument();
    expect(api.cartOf(customer).items).toEqual([expect.objectContaining({ productId: testId(4, 1), quantity: 3 })]);
  });

  describe('a return or refund request', () => {
    /** The order's status badge, beside its number. */
    const badge = '[data-slot="badge"]';
    const delivered = () => anOrder(1, { status: 'delivered', lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3 }), anOrderLine(2, { id: testId(31, 2), refundedQuantity: 1 })] });

    afterEach(() => vi.restoreAllMocks());

    it('reads "Partially refunded" while units are left to return, and offers to return them; a fully refunded order offers nothing', async () => {
      const returned = { ...delivered(), id: testId(30, 7), status: 'refunded' as const, lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3, refundedQuantity: 3 }), anOrderLine(2, { id: testId(31, 2) })] };
      const partly = orderFakes(api).add(refundedBy(returned, 3 * returned.lines[0]!.unitPrice), customer);
      const { unmount } = open(partly);
      expect(await screen.findByText('Partially refunded', { selector: badge })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      expect(within(dialog).queryByRole('checkbox', { name: 'Return Spaghetti' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('checkbox', { name: 'Return Brie' })).toBeInTheDocument();
      unmount();

      const everything = { ...delivered(), id: testId(30, 8), status: 'refunded' as const, lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3, refundedQuantity: 3 }), anOrderLine(2, { id: testId(31, 2), refundedQuantity: 1 })] };
      const fully = orderFakes(api).add(refundedBy(everything, everything.totalAmount), customer);
      open(fully);
      expect(await screen.findByText('Refunded', { selector: badge })).toBeInTheDocument();
      expect(screen.queryByText('Partially refunded')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Request a return or refund' })).not.toBeInTheDocument();
    });

    it('asks for an item when none is ticked, and stops asking once one is', async () => {
      const order = orderFakes(api).add(delivered(), customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(await within(dialog).findByText(orderCopy.returns.pickOne)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      expect(within(dialog).queryByText(orderCopy.returns.pickOne)).not.toBeInTheDocument();
      expect(api.requestsTo('POST /api/orders/:id/returns')).toEqual([]);
    });

    it('asks for the reason at the field when it is left blank, and sends nothing', async () => {
      const order = orderFakes(api).add(delivered(), customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      const reason = within(dialog).getByLabelText('What went wrong?');
      await userEvent.type(reason, '   ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      // The words the server would answer with.
      expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
      expect(api.requestsTo('POST /api/orders/:id/returns')).toEqual([]);
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(reason).toHaveFocus();
    });

    it('picks lines and quantities within what is left, shows the amount, and sends it', async () => {
      const order = orderFakes(api).add(delivered(), customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });

      // Brie was already asked back in full: it cannot be picked again.
      expect(within(dialog).queryByRole('checkbox', { name: 'Return Brie' })).not.toBeInTheDocument();
      const quantity = within(dialog).getByRole('combobox', { name: 'How many Spaghetti' });
      expect(quantity).toBeDisabled();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      expect(within(quantity).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3']);
      // The items and their share of the order's tax ($0.99 on $11.96), as the server works it out.
      expect(within(dialog).getByRole('status', { name: 'Refund amount' })).toHaveTextContent('$6.46');
      expect(within(dialog).getByText('Includes $0.49 of tax on these items')).toBeVisible();
      await userEvent.selectOptions(quantity, '2');
      expect(within(dialog).getByRole('status', { name: 'Refund amount' })).toHaveTextContent('$4.30');

      // The reason is required: the form says so at the field, in the server's words.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('What went wrong?')).toHaveAttribute('aria-invalid', 'true');

      await userEvent.type(within(dialog).getByLabelText('What went wrong?'), 'Two packs were torn');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('Your request was sent')).toBeInTheDocument();
      expect(api.requestsTo('POST /api/orders/:id/returns').at(-1)!.body).toEqual({ lines: [{ orderLineId: testId(31, 1), quantity: 2 }], reason: 'Two packs were torn' });
      // One request at a time: where the action was, the page says why it is gone and when it comes back.
      expect(await screen.findByText(orderCopy.returns.underReview)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Request a return or refund' })).not.toBeInTheDocument();

      const requests = await screen.findByRole('heading', { name: 'Return and refund requests' });
      const listed = requests.closest('[data-slot="card"]') as HTMLElement;
      expect(within(listed).getByText('2 × Spaghetti')).toBeInTheDocument();
      expect(within(listed).getByText(/Under review/)).toBeInTheDocument();
      expect(within(listed).getByText('$4.30')).toBeInTheDocument();
    });

    /** A request to return two torn packs of Spaghetti, under review unless told. */
    const tornSpaghetti = (overrides: Partial<ReturnRequest> = {}): ReturnRequest => ({
      id: testId(32, 9),
      orderId: testId(30, 1),
      orderNumber: 'FC-20261123-AAAA',
      lines: [{ orderLineId: testId(31, 1), name: 'Spaghetti', quantity: 2, amount: 398 }],
      reason: 'Two packs were torn',
      photoUrl: null,
      amount: 398,
      status: 'requested',
      refundedAmount: null,
      decisionNote: '',
      createdAt: '2026-11-23T07:51:00.000Z',
      decidedAt: null,
      timeZone: 'America/Chicago',
      ...overrides,
    });

    it('shows a decided request with the time it was decided and the amount refunded', async () => {
      const order = orderFakes(api).add(
        {
          ...delivered(),
          status: 'refunded',
          returnRequests: [tornSpaghetti({ status: 'approved', refundedAmount: 300, decisionNote: 'One pack was fine', decidedAt: '2026-11-23T09:53:00.000Z' })],
        },
        customer,
      );
      open(order);
      const requests = await screen.findByRole('heading', { name: 'Return and refund requests' });
      const listed = requests.closest('[data-slot="card"]') as HTMLElement;
      expect(within(listed).getByText(/Approved/)).toHaveTextContent('3:53 AM');
      expect(within(listed).getByText(/Approved/)).not.toHaveTextContent('1:51 AM');
      expect(within(listed).getByText('$3.00')).toBeInTheDocument();
    });

    it('says nothing more can be asked about once approved when the request under review asks back every unit still left', async () => {
      // Both lines given back in full: the fake counts the open request's units as taken.
      const order = orderFakes(api).add(
        { ...delivered(), status: 'refund_requested', lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3, refundedQuantity: 3 }), anOrderLine(2, { id: testId(31, 2), refundedQuantity: 1 })] },
        customer,
      );
      open(order);
      expect(await screen.findByText(orderCopy.returns.underReviewCoversAll)).toBeInTheDocument();
      expect(screen.queryByText(orderCopy.returns.underReview)).not.toBeInTheDocument();
    });

    it('shows the customer the photo they sent with a request, opening it full size', async () => {
      const photoUrl = `/api/returns/${testId(32, 9)}/photo`;
      const order = orderFakes(api).add({ ...delivered(), status: 'refund_requested', returnRequests: [tornSpaghetti({ photoUrl })] }, customer);
      open(order);
      const requests = await screen.findByRole('heading', { name: 'Return and refund requests' });
      const listed = requests.closest('[data-slot="card"]') as HTMLElement;
      expect(within(listed).getByRole('img', { name: orderCopy.detail.returnPhoto })).toHaveAttribute('src', photoUrl);
      expect(within(listed).getByRole('link', { name: orderCopy.detail.returnPhoto })).toHaveAttribute('href', photoUrl);
    });

    it('shows no picture for a request sent without one', async () => {
      const order = orderFakes(api).add({ ...delivered(), status: 'refund_requested', returnRequests: [tornSpaghetti()] }, customer);
      open(order);
      const requests = await screen.findByRole('heading', { name: 'Return and refund requests' });
      const listed = requests.closest('[data-slot="card"]') as HTMLElement;
      expect(within(listed).getByText('Two packs were torn')).toBeInTheDocument();
      expect(within(listed).queryByRole('img')).not.toBeInTheDocument();
    });

    it("shows support's decision on a request under review without a reload", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const request = tornSpaghetti();
        const order = orderFakes(api).add({ ...delivered(), status: 'refund_requested', returnRequests: [request] }, customer);
        open(order);
        const requests = await screen.findByRole('heading', { name: 'Return and refund requests' });
        const listed = requests.closest('[data-slot="card"]') as HTMLElement;
        expect(within(listed).getByText(/Under review/)).toBeInTheDocument();

        // Support approves it in their own browser.
        const decided = tornSpaghetti({ status: 'approved', refundedAmount: 300, decisionNote: 'One pack was fine', decidedAt: '2026-11-23T09:53:00.000Z' });
        api.data.orders[api.data.orders.findIndex((candidate) => candidate.id === order.id)] = { ...order, status: 'refunded', returnRequests: [decided] };
        await vi.advanceTimersByTimeAsync(RETURN_REVIEW_REFRESH_MS);

        expect(await within(listed).findByText(/Approved/)).toHaveTextContent('3:53 AM');
        expect(within(listed).getByText('$3.00')).toBeInTheDocument();
      } finally {
        vi.useRealTimers();
      }
    });

    it('asks for a line first, and refuses more than can be refunded on the order', async () => {
      const order = orderFakes(api).add({ ...delivered(), refundableAmount: 300 }, customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.type(within(dialog).getByLabelText('What went wrong?'), 'Torn');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(within(dialog).getByText('Pick at least one item')).toBeInTheDocument();

      expect(within(dialog).getByText('Up to $3.00 can be refunded for the items of this order.')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      expect(within(dialog).getByText('This is more than can be refunded on this order.')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeDisabled();
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'How many Spaghetti' }), '1');
      expect(within(dialog).queryByText('This is more than can be refunded on this order.')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeEnabled();
      expect(api.requestsTo('POST /api/orders/:id/returns')).toHaveLength(0);
    });

    it('says at most what a return of every item comes to, as support is offered to approve: the fees stay', async () => {
      // One 49-cent item: a 1-cent service fee, 4 cents of tax and a $2.99 delivery fee, $3.53 paid.
      const order = orderFakes(api).add(anOrder(1, { status: 'delivered', lines: [anOrderLine(1, { id: testId(31, 1), unitPrice: 49, originalPrice: 49 })] }), customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      expect(within(dialog).getByRole('status', { name: 'Refund amount' })).toHaveTextContent('$0.53');
      expect(within(dialog).getByText('Up to $0.53 can be refunded for the items of this order.')).toBeVisible();
      expect(within(dialog).getByText(orderCopy.returns.feesStay)).toBeVisible();
      expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeEnabled();
    });

    it('reads "Partially refunded", as its Payment card does, once every item came back and the fees stayed', async () => {
      const returned = { ...delivered(), status: 'refunded' as const, lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3, refundedQuantity: 3 }), anOrderLine(2, { id: testId(31, 2), refundedQuantity: 1 })] };
      const fees = returned.totals.serviceFee + returned.totals.deliveryFee;
      const order = orderFakes(api).add(refundedBy(returned, returned.totalAmount - fees), customer);
      open(order);
      expect(await screen.findByText('Partially refunded', { selector: badge })).toBeInTheDocument();
      expect(within(section('Payment')).getByText('Partially refunded')).toBeInTheDocument();
      expect(screen.queryByText('Refunded', { selector: badge })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Request a return or refund' })).not.toBeInTheDocument();
    });

    it("offers only the units that were delivered, and prices a substitute's units at what was paid for them", async () => {
      // Picking replaced 2 of 3 Spaghetti by a 99-cent substitute and refunded 1 of 2 Brie.
      const picked = anOrder(1, {
        status: 'delivered',
        lines: [
          anOrderLine(1, { id: testId(31, 1), quantity: 3, fulfilment: { status: 'substituted', quantity: 2, substitute: { name: 'Penne', unitPrice: 99 } } }),
          anOrderLine(2, { id: testId(31, 2), quantity: 2, fulfilment: { status: 'refunded', quantity: 1, substitute: null } }),
        ],
      });
      const order = orderFakes(api).add(picked, customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Brie' }));
      expect(within(within(dialog).getByRole('combobox', { name: 'How many Brie' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['1']);
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Brie' }));

      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'How many Spaghetti' }), '1');
      // The substitute first, at 99 cents, with its share of the order's tax ($1.48 on $17.95).
      expect(within(dialog).getByRole('status', { name: 'Refund amount' })).toHaveTextContent('$1.07');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'How many Spaghetti' }), '3');
      expect(within(dialog).getByRole('status', { name: 'Refund amount' })).toHaveTextContent('$4.29');
    });

    /** The browser's picture decoding and canvas, which jsdom lacks: each try encodes to `sizes` characters in turn. */
    function stubCanvas(sizes: number[]) {
      const close = vi.fn();
      vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 4000, height: 3000, close })));
      const drawn: { width: number; height: number }[] = [];
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
        drawn.push({ width: this.width, height: this.height });
        return { fillRect: vi.fn(), drawImage: vi.fn(), fillStyle: '' } as unknown as CanvasRenderingContext2D;
      } as never);
      let call = 0;
      vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => `data:image/jpeg;base64,${'A'.repeat(sizes[Math.min(call++, sizes.length - 1)]!)}`);
      return { drawn, close };
    }

    it('makes a large photo smaller until it fits 600 KB, and sends it as a JPEG', async () => {
      // Too big at every quality of the first size; fits once drawn smaller.
      const { drawn, close } = stubCanvas([2_000_000, 1_500_000, 900_000, 700_000]);
      const order = orderFakes(api).add(delivered(), customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      await userEvent.type(within(dialog).getByLabelText('What went wrong?'), 'Torn');
      await userEvent.upload(within(dialog).getByLabelText('Photo (optional)'), new File([new Uint8Array(5_000_000)], 'torn.jpg', { type: 'image/jpeg' }));
      expect(await within(dialog).findByText('torn.jpg')).toBeInTheDocument();
      expect(drawn).toEqual([
        { width: 2048, height: 1536 },
        { width: 1434, height: 1075 },
      ]);
      expect(close).toHaveBeenCalled();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('Your request was sent')).toBeInTheDocument();
      const sent = api.requestsTo('POST /api/orders/:id/returns').at(-1)!.body as { photo: string };
      expect(sent.photo).toMatch(/^data:image\/jpeg;base64,A+$/);
      expect(sent.photo.length).toBe('data:image/jpeg;base64,'.length + 700_000);
    });

    it('says when a photo cannot be made small enough, and does not send it', async () => {
      stubCanvas([5_000_000]);
      const order = orderFakes(api).add(delivered(), customer);
      open(order);
      await userEvent.click(await screen.findByRole('button', { name: 'Request a return or refund' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request a return or refund' });
      await userEvent.upload(within(dialog).getByLabelText('Photo (optional)'), new File([new Uint8Array(10)], 'huge.png', { type: 'image/png' }));
      expect(await within(dialog).findByText('The photo must be at most 600 KB')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Photo (optional)')).toHaveAttribute('aria-invalid', 'true');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Return Spaghetti' }));
      await userEvent.type(within(dialog).getByLabelText('What went wrong?'), 'Torn');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(await screen.findByText('Your request was sent')).toBeInTheDocument();
      expect(api.requestsTo('POST /api/orders/:id/returns').at(-1)!.body).not.toHaveProperty('photo');
    });
  });

  describe('ratings', () => {
    it('rates a received line with stars and a comment, then edits it', async () => {
      const order = orderFakes(api).add(anOrder(1, { status: 'delivered', lines: [anOrderLine(1, { id: testId(31, 1) })] }), customer);
      open(order);

      await userEvent.click(await screen.findByRole('button', { name: 'Rate Spaghetti' }));
      let dialog = await screen.findByRole('dialog', { name: 'Rate Spaghetti' });
      const group = within(dialog).getByRole('radiogroup', { name: 'Your rating' });
      expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save rating' }));
      expect(within(dialog).getByText('Choose 1 to 5 stars')).toBeInTheDocument();

      await userEvent.click(within(group).getByRole('radio', { name: '4 stars' }));
      await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'Al dente every time');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save rating' }));
      expect(await screen.findByText('Thanks for your rating')).toBeInTheDocument();
      expect(api.requestsTo('PUT /api/ratings')[0]!.body).toEqual({ orderId: order.id, orderLineId: testId(31, 1), stars: 4, comment: 'Al dente every time' });
      expect(await screen.findByRole('img', { name: 'You rated 4 of 5' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Edit rating Spaghetti' }));
      dialog = await screen.findByRole('dialog', { name: 'Rate Spaghetti' });
      expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
      expect(within(dialog).getByLabelText('Comment (optional)')).toHaveValue('Al dente every time');
      await userEvent.click(within(dialog).getByRole('radio', { name: '2 stars' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save rating' }));
      expect(await screen.findByRole('img', { name: 'You rated 2 of 5' })).toBeInTheDocument();
      expect(orderFakes(api).ratings).toEqual([expect.objectContaining({ itemId: testId(4, 1), stars: 2, comment: 'Al dente every time' })]);
    });

    it('offers no rating before the order is received', async () => {
      const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
      open(order);
      expect(await screen.findByRole('heading', { level: 1, name: order.orderNumber })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Rate / })).not.toBeInTheDocument();
    });
  });
});
