import { TZDate } from '@date-fns/tz';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import type { Order } from '@/shared/contracts/orders';
import { copy, dashboardNav } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { driverCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { driverFakes } from '@/web/test/fake-driver';
import { anOrder, aUser, georgetownId, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';

const text = driverCopy.completed;
const HOUR = 3_600_000;

let api: FakeApi;
let driver: FakeUser;
let customer: FakeUser;

/** An order `driver` delivered `ago` ms before now, with a tip; any other status walks it no further. */
function delivery(index: number, options: { ago?: number; tip?: number; by?: FakeUser; status?: Order['status'] } = {}) {
  const deliveredAt = Date.now() - (options.ago ?? HOUR);
  // anOrder walks an event every 10 minutes from when it was placed; delivered is the sixth.
  const order = anOrder(index, { status: options.status ?? 'delivered', placedAt: new Date(deliveredAt - 50 * 60_000).toISOString() });
  const by = options.by ?? driver;
  return orderFakes(api).add({ ...order, driver: { profileId: by.profile.id, firstName: by.profile.firstName ?? '' }, totals: { ...order.totals, tip: options.tip ?? 0 } }, customer);
}

const openPage = () => renderApp(routes, { api, path: '/driver/completed', user: driver });
const card = (orderNumber: string) => screen.findByRole('article', { name: orderNumber });
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('/driver/completed', () => {
  beforeEach(() => {
    sessionStorage.clear();
    api = createFakeApi();
    driver = api.signIn(aUser('driver', { warehouseIds: [georgetownId], firstName: 'Dee' }));
    customer = aUser('customer');
  });

  it("lists the driver's own deliveries, newest first, with the store, the city, when and the tip, but not the customer's address", async () => {
    const older = delivery(1, { ago: 5 * HOUR, tip: 250 });
    const newer = delivery(2, { ago: HOUR, tip: 400 });
    const noTip = delivery(3, { ago: 30 * HOUR });
    const stillOut = delivery(4, { status: 'out_for_delivery', tip: 900 });
    const someoneElses = delivery(5, { by: aUser('driver', { id: 'other-driver', firstName: 'Eli' }), tip: 700 });
    openPage();

    expect(await screen.findByRole('heading', { level: 1, name: text.title })).toBeInTheDocument();
    const newest = await card(newer.orderNumber);
    const list = within(screen.getByRole('region', { name: text.listHeading })).getAllByRole('article');
    expect(list.map((article) => article.getAttribute('aria-label'))).toEqual([newer.orderNumber, older.orderNumber, noTip.orderNumber]);
    expect(screen.queryByRole('article', { name: stillOut.orderNumber })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: someoneElses.orderNumber })).not.toBeInTheDocument();

    expect(within(newest).getByText('Georgetown')).toBeInTheDocument();
    expect(within(newest).getByText('Round Rock, TX')).toBeInTheDocument();
    expect(newest).toHaveTextContent(`${text.tip} ${formatMoney(400)}`);
    const delivered = newer.events.find((event) => event.status === 'delivered')!.at;
    expect(within(newest).getByText((_, element) => element?.tagName === 'TIME' && element.getAttribute('datetime') === delivered)).toBeInTheDocument();
    expect(within(await card(noTip.orderNumber)).getByText(text.noTip)).toBeInTheDocument();
    expect(screen.queryByText(/100 Oak St/)).not.toBeInTheDocument();

    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("sums today's and the last 7 days' deliveries and tips", async () => {
    delivery(1, { ago: 0, tip: 300 });
    delivery(2, { ago: 0 });
    // More than a day ago is before today's midnight, however late in the day it is now.
    delivery(3, { ago: 26 * HOUR, tip: 450 });
    delivery(4, { ago: 10 * 24 * HOUR, tip: 1000 });
    delivery(5, { ago: 0, tip: 5000, by: aUser('driver', { id: 'other-driver' }) });
    openPage();

    await screen.findByRole('heading', { name: text.summaryHeading });
    expect(within(tile(text.today)).getByText(formatMoney(300))).toBeInTheDocument();
    expect(within(tile(text.today)).getByText(text.tipsFrom(2))).toBeInTheDocument();
    expect(within(tile(text.lastSevenDays)).getByText(formatMoney(750))).toBeInTheDocument();
    expect(within(tile(text.lastSevenDays)).getByText(text.tipsFrom(3))).toBeInTheDocument();
    // The test device's clock is UTC.
    expect(screen.getByText(text.daysNote('UTC'))).toBeInTheDocument();
  });

  it("counts today in the device's own zone, and says which", async () => {
    process.env.TZ = 'America/New_York';
    try {
      // Half past midnight today in New York: today there, still yesterday in the business's Chicago.
      const newYork = new TZDate(Date.now(), 'America/New_York');
      const earlyToday = new TZDate(newYork.getFullYear(), newYork.getMonth(), newYork.getDate(), 0, 30, 0, 0, 'America/New_York');
      delivery(1, { ago: Date.now() - earlyToday.getTime(), tip: 300 });
      openPage();

      await screen.findByRole('heading', { name: text.summaryHeading });
      expect(api.requestsTo('GET /api/driver/completed-deliveries')[0]?.query.get('timeZone')).toBe('America/New_York');
      expect(within(tile(text.today)).getByText(text.tipsFrom(1))).toBeInTheDocument();
      expect(within(tile(text.today)).getByText(formatMoney(300))).toBeInTheDocument();
      expect(screen.getByText(text.daysNote('America/New_York'))).toBeInTheDocument();
    } finally {
      process.env.TZ = 'UTC';
    }
  });

  it("falls back to the business's days when the server does not know the device's zone, and says which", async () => {
    process.env.TZ = 'America/New_York';
    try {
      driverFakes(api).unknownZones.add('America/New_York');
      const made = delivery(1, { tip: 300 });
      openPage();

      expect(await card(made.orderNumber)).toBeInTheDocument();
      expect(screen.queryByText(text.error)).not.toBeInTheDocument();
      expect(api.requestsTo('GET /api/driver/completed-deliveries').map((request) => request.query.get('timeZone'))).toEqual(['America/New_York', null]);
      expect(screen.getByText(text.daysNote(BUSINESS_TIME_ZONE))).toBeInTheDocument();
    } finally {
      process.env.TZ = 'UTC';
    }
  });

  it('remembers for the session that the server does not know the device’s zone, so each later view costs one request', async () => {
    process.env.TZ = 'America/New_York';
    try {
      driverFakes(api).unknownZones.add('America/New_York');
      for (let index = 1; index <= 21; index += 1) delivery(index, { ago: index * HOUR, tip: 100 });
      const zonesAsked = () => api.requestsTo('GET /api/driver/completed-deliveries').map((request) => request.query.get('timeZone'));
      const { unmount } = openPage();
      await card(anOrder(1).orderNumber);
      expect(zonesAsked()).toEqual(['America/New_York', null]);

      // The next page.
      await userEvent.click(screen.getByRole('button', { name: new RegExp(copy.ui.nextPage) }));
      expect(await card(anOrder(21).orderNumber)).toBeInTheDocument();
      expect(zonesAsked()).toEqual(['America/New_York', null, null]);
      expect(screen.getByText(text.daysNote(BUSINESS_TIME_ZONE))).toBeInTheDocument();

      // The app opened again in the same session.
      unmount();
      openPage();
      await card(anOrder(1).orderNumber);
      expect(zonesAsked()).toEqual(['America/New_York', null, null, null]);
    } finally {
      process.env.TZ = 'UTC';
    }
  });

  it('asks in a zone the server knows after refusing another, as when the driver travels', async () => {
    sessionStorage.setItem('refusedTimeZone', 'America/Boise');
    process.env.TZ = 'America/New_York';
    try {
      delivery(1, { tip: 300 });
      openPage();
      await screen.findByRole('heading', { name: text.summaryHeading });
      expect(api.requestsTo('GET /api/driver/completed-deliveries').map((request) => request.query.get('timeZone'))).toEqual(['America/New_York']);
      expect(screen.getByText(text.daysNote('America/New_York'))).toBeInTheDocument();
    } finally {
      process.env.TZ = 'UTC';
    }
  });

  it('is in the driver navigation, and shows a delivery the driver has just made', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'out_for_delivery', driver: { profileId: driver.profile.id, firstName: 'Dee' } }), customer);
    openPage();
    expect(await screen.findByRole('heading', { name: text.empty })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: dashboardNav.driver.deliveries })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: driverCopy.assigned.deliver }));
    await userEvent.type(await screen.findByLabelText(driverCopy.deliver.code), order.deliveryCode!);
    await userEvent.click(screen.getByRole('button', { name: driverCopy.deliver.submit }));
    expect(await screen.findByText(driverCopy.deliver.done(order.orderNumber))).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('link', { name: dashboardNav.driver.completed })[0]!);
    expect(await card(order.orderNumber)).toBeInTheDocument();
    expect(within(tile(text.today)).getByText(text.tipsFrom(1))).toBeInTheDocument();
  });

  it('pages through older deliveries', async () => {
    for (let index = 1; index <= 21; index += 1) delivery(index, { ago: index * HOUR, tip: 100 });
    openPage();
    await card(anOrder(1).orderNumber);
    expect(screen.queryByRole('article', { name: anOrder(21).orderNumber })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: new RegExp(copy.ui.nextPage) }));
    expect(await card(anOrder(21).orderNumber)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: anOrder(1).orderNumber })).not.toBeInTheDocument();
  });

  it('shows placeholders while loading, then says when there is nothing yet', async () => {
    const held = api.holdNext('GET /api/driver/completed-deliveries');
    openPage();
    expect(await screen.findByLabelText(copy.ui.loadingList(text.what))).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('heading', { name: text.empty })).toBeInTheDocument();
    expect(within(tile(text.today)).getByText(formatMoney(0))).toBeInTheDocument();
  });

  it('says when the deliveries could not be loaded, and loads them on retry', async () => {
    const made = delivery(1, { tip: 200 });
    api.on('GET /api/driver/completed-deliveries', () => apiError(503, 'UNAVAILABLE', 'Try again shortly.'), { times: 1 });
    openPage();
    expect(await screen.findByText(text.error)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: copy.ui.retry }));
    await waitFor(() => expect(screen.queryByText(text.error)).not.toBeInTheDocument());
    expect(await card(made.orderNumber)).toBeInTheDocument();
  });
});
