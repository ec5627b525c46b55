import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderCopy } from '@/shared/copy';
import { routes } from '@/web/app/router';
import { formatTime } from '@/web/lib/format-time';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aUser, refundedOrders, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { chooseGeorgetown } from './orders.fixture';

let api: FakeApi;
let customer: FakeUser;

function currentStep(card: HTMLElement) {
  const steps = within(card).getByRole('list', { name: 'Order progress' });
  return steps.querySelector('[aria-current="step"]')?.textContent?.replace(/ \(current\)$/, '');
}

function timelineStatuses() {
  return within(screen.getByRole('list', { name: 'Status' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span.font-medium')?.textContent);
}

describe('/track-order', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseGeorgetown();
    api = createFakeApi();
    customer = aUser('customer');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("follows each of the customer's active orders live, without reloading", async () => {
    // Placed just now, at midday in the store's time zone: due later today, so it promises its time
    // (late in the evening it would be due tomorrow and say so).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T18:00:00Z'), shouldAdvanceTime: true });
    const first = orderFakes(api).add(anOrder(1, { status: 'placed', placedAt: new Date().toISOString() }), customer);
    const second = orderFakes(api).add(anOrder(2, { status: 'processing' }), customer);
    orderFakes(api).add(anOrder(3, { status: 'delivered' }), customer);
    renderApp(routes, { api, path: '/track-order', user: customer });

    const card = await screen.findByRole('region', { name: first.orderNumber });
    expect(screen.getByRole('region', { name: second.orderNumber })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'FC-20261122-0003' })).not.toBeInTheDocument();
    expect(currentStep(card)).toBe('Placed');
    expect(within(card).getByText(/^Arriving by /)).toBeInTheDocument();
    await waitFor(() => expect(orderFakes(api).openStreams(first.id)).toBe(1));
    expect(await within(card).findByText('Live')).toBeInTheDocument();

    orderFakes(api).changeStatus(first.id, 'confirmed');
    await waitFor(() => expect(currentStep(card)).toBe('Confirmed'));
    orderFakes(api).changeStatus(first.id, 'processing');
    await waitFor(() => expect(currentStep(card)).toBe('Preparing'));
    expect(within(card).getByText('Preparing', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/tracking/active')).toHaveLength(1);
  });

  it('resumes after a dropped connection with Last-Event-ID and shows what was missed once', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'confirmed' }), customer);
    renderApp(routes, { api, path: `/orders/${order.id}`, user: customer });
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
    const seen = orderFakes(api).changeStatus(order.id, 'processing');
    await waitFor(() => expect(timelineStatuses()).toEqual(['Placed', 'Confirmed', 'Preparing']));

    // The page reads the order again after each new status (for what may be done now): held from here on,
    // so what shows next comes from the stream alone.
    await waitFor(() => expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(2));
    const reread = api.holdNext('GET /api/orders/:id');
    orderFakes(api).drop(order.id);
    // While the connection is down the order moves on; nobody hears it.
    orderFakes(api).changeStatus(order.id, 'out_for_delivery');
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();

    await waitFor(() => expect(timelineStatuses()).toEqual(['Placed', 'Confirmed', 'Preparing', 'Out for delivery']), { timeout: 5000 });
    await waitFor(() => expect(api.requestsTo('GET /api/orders/:id')).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(timelineStatuses()).toEqual(['Placed', 'Confirmed', 'Preparing', 'Out for delivery']);
    reread.release();
    const streams = api.requestsTo('GET /api/tracking/orders/:id/stream');
    expect(streams).toHaveLength(2);
    expect(streams[0]!.headers.get('last-event-id')).toBeNull();
    expect(streams[1]!.headers.get('last-event-id')).toBe(seen.id);
    // The snapshot and the replay both carry the missed event: it shows once.
    expect(screen.getAllByText('Out for delivery', { selector: 'span.font-medium' })).toHaveLength(1);
  }, 10_000);

  it('keeps the order page and the order list current from status events', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'processing' }), customer);
    const { router } = renderApp(routes, { api, path: '/orders', user: customer });
    const row = await screen.findByRole('link', { name: new RegExp(order.orderNumber) });
    expect(within(row).getByText('Preparing')).toBeInTheDocument();

    await router.navigate(`/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: order.orderNumber });
    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
    orderFakes(api).changeStatus(order.id, 'out_for_delivery', 'Dana is on her way');
    expect(await screen.findByText('Dana is on her way')).toBeInTheDocument();
    // Once out for delivery the customer can no longer cancel: the page asked the server again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());

    await router.navigate('/orders');
    const updated = await screen.findByRole('link', { name: new RegExp(order.orderNumber) });
    expect(within(updated).getByText('Out for delivery')).toBeInTheDocument();
  });

  it('stops following an order once it is delivered', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
    renderApp(routes, { api, path: '/track-order', user: customer });
    const card = await screen.findByRole('region', { name: order.orderNumber });
    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
    orderFakes(api).changeStatus(order.id, 'delivered');
    expect(await within(card).findByText(/^Delivered at /)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.requestsTo('GET /api/tracking/orders/:id/stream')).toHaveLength(1);
  });

  it('moves the driver on the schematic map as positions arrive', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
    orderFakes(api).moveDriver(order.id, { latitude: 30.6, longitude: -97.68 });
    renderApp(routes, { api, path: '/track-order', user: customer });

    const card = await screen.findByRole('region', { name: order.orderNumber });
    const map = await within(card).findByRole('img', { name: /The driver is on the way from Georgetown, [\d.]+ mi away; arriving by / });
    const driver = () => map.querySelector('[data-testid="map-driver"]')!.getAttribute('transform');
    const before = driver();
    const label = map.getAttribute('aria-label')!;
    expect(within(card).getByText(/^[\d.]+ mi left$/)).toBeInTheDocument();
    await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));

    orderFakes(api).moveDriver(order.id, { latitude: 30.52, longitude: -97.679 });
    await waitFor(() => expect(driver()).not.toBe(before));
    expect(map.getAttribute('aria-label')).not.toBe(label);
    expect(within(card).getByText('0.8 mi left')).toBeInTheDocument();
  });

  describe("when the driver's location is not available", () => {
    const driverMark = (card: HTMLElement) => within(card).getByRole('img', { name: /^The driver is on the way from Georgetown/ }).querySelector('[data-testid="map-driver"]');
    const destinationMark = (card: HTMLElement) => within(card).getByRole('img', { name: /^The driver is on the way from Georgetown/ }).querySelector('[data-testid="map-destination"]');

    it('says so plainly, keeps the status, the estimate and the destination, and shows the driver as soon as a position arrives', async () => {
      const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery' }), customer);
      renderApp(routes, { api, path: '/track-order', user: customer });

      const card = await screen.findByRole('region', { name: order.orderNumber });
      // Told as a status, so a screen reader hears it, and hears it go.
      expect(within(card).getByText(orderCopy.map.noPosition)).toHaveAttribute('role', 'status');
      expect(currentStep(card)).toBe('Out for delivery');
      expect(within(card).getByText(/^(Arriving by|Running late)/)).toBeInTheDocument();
      expect(destinationMark(card)).not.toBeNull();
      expect(driverMark(card)).toBeNull();

      await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
      orderFakes(api).moveDriver(order.id, { latitude: 30.52, longitude: -97.679 });
      await waitFor(() => expect(driverMark(card)).not.toBeNull());
      expect(within(card).getByText('0.8 mi left')).toBeInTheDocument();
      expect(within(card).queryByText(orderCopy.map.noPosition)).not.toBeInTheDocument();
    });

    it('says when the driver was last seen once the last position is more than two minutes old, by the age the server tells', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T18:00:00Z'), shouldAdvanceTime: true });
      const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery', timeZone: 'America/Chicago' }), customer);
      // The driver's phone sent its last position at noon in Texas, then nothing for five minutes.
      orderFakes(api).moveDriver(order.id, { latitude: 30.6, longitude: -97.68 });
      vi.setSystemTime(new Date('2026-11-22T18:05:00Z'));
      renderApp(routes, { api, path: '/track-order', user: customer });

      const card = await screen.findByRole('region', { name: order.orderNumber });
      expect(await within(card).findByText(orderCopy.map.lastSeen(formatTime('2026-11-22T18:00:00Z', 'America/Chicago')))).toBeVisible();
      expect(within(card).getByText(/12:00\sPM/)).toBeInTheDocument();
      // Where the driver was is not shown as where they are.
      expect(driverMark(card)).toBeNull();
      expect(within(card).queryByText(/mi left$/)).not.toBeInTheDocument();
      expect(destinationMark(card)).not.toBeNull();
      expect(currentStep(card)).toBe('Out for delivery');

      await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
      orderFakes(api).moveDriver(order.id, { latitude: 30.52, longitude: -97.679 });
      await waitFor(() => expect(driverMark(card)).not.toBeNull());
      expect(within(card).getByText('0.8 mi left')).toBeInTheDocument();
      expect(within(card).queryByText(/^The driver’s location isn’t current/)).not.toBeInTheDocument();
    });

    it('says the location is not current once positions stop coming, without waiting for another event', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-11-22T18:00:00Z'), shouldAdvanceTime: true });
      const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery', timeZone: 'America/Chicago' }), customer);
      orderFakes(api).moveDriver(order.id, { latitude: 30.6, longitude: -97.68 });
      renderApp(routes, { api, path: '/track-order', user: customer });
      const card = await screen.findByRole('region', { name: order.orderNumber });
      await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
      expect(driverMark(card)).not.toBeNull();

      // Still current at a minute and a half.
      act(() => vi.advanceTimersByTime(90_000));
      expect(driverMark(card)).not.toBeNull();
      expect(within(card).queryByText(/^The driver’s location isn’t current/)).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(60_000));
      expect(await within(card).findByText(orderCopy.map.lastSeen(formatTime('2026-11-22T18:00:00Z', 'America/Chicago')))).toBeVisible();
      expect(driverMark(card)).toBeNull();
    });
  });

  describe('an order found by number and email', () => {
    it('checks the fields, shows the server refusal at the field, then follows the order with its token', async () => {
      const order = orderFakes(api).add(anOrder(1, { status: 'processing' }), customer);
      renderApp(routes, { api, path: '/track-order' });

      const form = await screen.findByRole('form', { name: 'Find an order' });
      await userEvent.click(within(form).getByRole('button', { name: 'Track order' }));
      expect(await within(form).findByText('Enter an order number like FC-20261122-4F7Q')).toBeInTheDocument();
      expect(within(form).getByText('Enter the email of the account that placed the order')).toBeInTheDocument();
      expect(api.requestsTo('POST /api/tracking/lookup')).toHaveLength(0);

      await userEvent.type(within(form).getByLabelText('Order number'), order.orderNumber.toLowerCase());
      await userEvent.type(within(form).getByLabelText('Email'), 'someone@example.test');
      await userEvent.click(within(form).getByRole('button', { name: 'Track order' }));
      expect(await within(form).findByText('No order matches this order number and email.')).toBeInTheDocument();
      expect(within(form).getByLabelText('Order number')).toHaveAttribute('aria-invalid', 'true');
      expect(api.requestsTo('POST /api/tracking/lookup')[0]!.body).toEqual({ orderNumber: order.orderNumber, email: 'someone@example.test' });

      await userEvent.clear(within(form).getByLabelText('Email'));
      await userEvent.type(within(form).getByLabelText('Email'), customer.email);
      await userEvent.click(within(form).getByRole('button', { name: 'Track order' }));
      const card = await screen.findByRole('region', { name: order.orderNumber });
      expect(currentStep(card)).toBe('Preparing');
      await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(1));
      expect(api.requestsTo('GET /api/tracking/orders/:id/stream')[0]!.query.get('token')).toBe(`token-${order.id}`);

      orderFakes(api).changeStatus(order.id, 'out_for_delivery');
      await waitFor(() => expect(currentStep(card)).toBe('Out for delivery'));
      await userEvent.click(screen.getByRole('button', { name: 'Track another order' }));
      expect(await screen.findByRole('form', { name: 'Find an order' })).toBeInTheDocument();
      await waitFor(() => expect(orderFakes(api).openStreams(order.id)).toBe(0));
    });

    it('says when an order asked back since arrived, and follows it no more', async () => {
      const order = orderFakes(api).add(anOrder(1, { status: 'refund_requested', timeZone: 'America/Chicago' }), customer);
      renderApp(routes, { api, path: '/track-order' });
      const form = await screen.findByRole('form', { name: 'Find an order' });
      await userEvent.type(within(form).getByLabelText('Order number'), order.orderNumber);
      await userEvent.type(within(form).getByLabelText('Email'), customer.email);
      await userEvent.click(within(form).getByRole('button', { name: 'Track order' }));
      const card = await screen.findByRole('region', { name: order.orderNumber });
      // Delivered 50 minutes (five steps of ten) after it was placed at 15:00 UTC: 9:50 in Texas.
      expect(within(card).getByText(/^Delivered at 9:50\sAM/)).toBeInTheDocument();
      expect(within(card).queryByText(/^Arriving by /)).not.toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(api.requestsTo('GET /api/tracking/orders/:id/stream')).toHaveLength(0);
    });

    it('reads "Partially refunded" for an order refunded in part, as its order page does, and "Refunded" once nothing is left', async () => {
      const find = async (orderNumber: string) => {
        const form = await screen.findByRole('form', { name: 'Find an order' });
        await userEvent.type(within(form).getByLabelText('Order number'), orderNumber);
        await userEvent.type(within(form).getByLabelText('Email'), customer.email);
        await userEvent.click(within(form).getByRole('button', { name: 'Track order' }));
        return screen.findByRole('region', { name: orderNumber });
      };
      const refunded = refundedOrders(1);
      const partly = orderFakes(api).add(refunded.partly, customer);
      const fully = orderFakes(api).add(refunded.fully, customer);
      renderApp(routes, { api, path: '/track-order' });

      const partlyCard = await find(partly.orderNumber);
      expect(within(partlyCard).getByText('Partially refunded', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
      expect(within(partlyCard).queryByText('Refunded', { selector: '[data-slot="badge"]' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Track another order' }));
      const fullyCard = await find(fully.orderNumber);
      expect(within(fullyCard).getByText('Refunded', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
      expect(within(fullyCard).queryByText('Partially refunded')).not.toBeInTheDocument();
    });

    it('tells a signed-in customer with nothing on its way so, and still offers the search', async () => {
      renderApp(routes, { api, path: '/track-order', user: customer });
      expect(await screen.findByRole('heading', { name: 'No order on its way' })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Find an order' })).toBeInTheDocument();
    });
  });
});
