import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/web/app/router';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, anOrderLine, aUser, testId, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { chooseGeorgetown } from './orders.fixture';

let api: FakeApi;
let customer: FakeUser;

function listedNumbers() {
  return within(screen.getByRole('list', { name: 'My Orders' }))
    .getAllByRole('link')
    .map((link) => within(link).getByText(/^FC-/).textContent);
}

describe('/orders', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseGeorgetown();
    api = createFakeApi();
    customer = aUser('customer');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists the customer's orders newest first with number, status, total, placed time, item count and source", async () => {
    const older = orderFakes(api).add(anOrder(2, { status: 'delivered' }), customer);
    const newer = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery', placedAt: '2026-11-21T18:30:00.000Z' }), customer);
    // Someone else's order is never listed.
    orderFakes(api).add(anOrder(3), aUser('customer', { id: testId(9, 50), userId: testId(10, 50), email: 'other@example.test' }));
    renderApp(routes, { api, path: '/orders', user: customer });

    await screen.findByRole('list', { name: 'My Orders' });
    expect(listedNumbers()).toEqual([newer.orderNumber, older.orderNumber]);
    const row = screen.getByRole('link', { name: new RegExp(newer.orderNumber) });
    expect(row).toHaveAttribute('href', `/orders/${newer.id}`);
    expect(within(row).getByText('Out for delivery')).toBeInTheDocument();
    expect(within(row).getByText('Georgetown · 3 items')).toBeInTheDocument();
    // 2 × $1.99 + $5.99 = $9.97; fee 20 c, tax 82 c, delivery $2.99.
    expect(within(row).getByText('$13.98')).toBeInTheDocument();
    const placed = within(row).getByText((_text, element) => element?.tagName === 'TIME');
    expect(placed).toHaveAttribute('dateTime', '2026-11-21T18:30:00.000Z');
    expect(placed.textContent).toMatch(/ago|yesterday|today|now/);
    // In the store's clock (Georgetown, Texas), as the order page and the checkout show it, whatever the device's.
    expect(row).toHaveTextContent('Nov 21, 2026, 12:30 PM');
    expect(within(screen.getByRole('link', { name: new RegExp(older.orderNumber) })).getByText('Delivered')).toBeInTheDocument();
  });

  it("counts how long ago an order was placed in calendar days of the store's time zone, not in 24-hour spans", async () => {
    // 6:00 AM on Thursday 26 November in Texas (noon UTC, the device's zone in these runs).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:00:00Z'), shouldAdvanceTime: true });
    // 6:30 PM on Saturday 21 November in Texas (already the 22nd in UTC): under four and a half days ago.
    const evening = orderFakes(api).add(anOrder(1, { placedAt: '2026-11-22T00:30:00.000Z', timeZone: 'America/Chicago' }), customer);
    // 11:00 PM on Wednesday 25 November in Texas: seven hours ago, but yesterday.
    const lateLastNight = orderFakes(api).add(anOrder(2, { placedAt: '2026-11-26T05:00:00.000Z', timeZone: 'America/Chicago' }), customer);
    // 1:00 AM today in Texas: the same day, so counted by the clock.
    const earlyToday = orderFakes(api).add(anOrder(3, { placedAt: '2026-11-26T07:00:00.000Z', timeZone: 'America/Chicago' }), customer);
    renderApp(routes, { api, path: '/orders', user: customer });

    await screen.findByRole('list', { name: 'My Orders' });
    const placed = (order: { orderNumber: string }) =>
      within(screen.getByRole('link', { name: new RegExp(order.orderNumber) })).getByText((_text, element) => element?.tagName === 'TIME').textContent;
    expect(placed(evening)).toBe('5 days ago');
    expect(placed(lateLastNight)).toBe('yesterday');
    expect(placed(earlyToday)).toBe('5 hours ago');
  });

  it('loads the next page with "Load more" until there is none', async () => {
    for (let index = 1; index <= 12; index++) orderFakes(api).add(anOrder(index), customer);
    renderApp(routes, { api, path: '/orders', user: customer });

    await screen.findByRole('list', { name: 'My Orders' });
    expect(listedNumbers()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listedNumbers()).toHaveLength(12));
    expect(listedNumbers().at(-1)).toBe('FC-20261122-0012');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const pages = api.requestsTo('GET /api/orders');
    expect(pages[1]!.query.get('cursor')).toBe(testId(30, 10));
  });

  it('has an empty state that leads to the shop', async () => {
    renderApp(routes, { api, path: '/orders', user: customer });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/products');
  });

  it('says when the orders cannot be loaded and tries again', async () => {
    orderFakes(api).add(anOrder(1, { lines: [anOrderLine(3)] }), customer);
    api.on('GET /api/orders', () => apiError(503, 'UNAVAILABLE', 'The service is busy.'), { times: 1 });
    renderApp(routes, { api, path: '/orders', user: customer });
    expect(await screen.findByText('Your orders could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The service is busy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Georgetown · 1 item')).toBeInTheDocument();
  });

  it('is reached from the header\'s "Recent" and the account menu\'s "My Orders"', async () => {
    const { router } = renderApp(routes, { api, path: '/', user: customer });
    // The header shows its links twice: in the bar, and in the menu of narrow screens.
    const recent = await screen.findAllByRole('link', { name: 'Recent' });
    expect(recent.every((link) => link.getAttribute('href') === '/orders')).toBe(true);
    await userEvent.click(recent[0]!);
    expect(router.state.location.pathname).toBe('/orders');

    await router.navigate('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'My Orders' }));
    expect(router.state.location.pathname).toBe('/orders');
  });
});
