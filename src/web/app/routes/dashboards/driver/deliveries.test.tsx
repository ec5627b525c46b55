import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressCopy, orderRefusals } from '@/shared/copy';
import { POSITION_CURRENT_MS } from '@/shared/locations';
import { formatMoney } from '@/shared/money';
import { driverCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aUser, georgetownId, type FakeUser } from '@/web/test/fake-data';
import { SHARE_INTERVAL_MS, STILL_HERE_MS } from '@/web/features/driver/hooks/use-share-position';
import { driverFakes } from '@/web/test/fake-driver';
import { orderFakes } from '@/web/test/fake-orders';
import { staffFakes } from '@/web/test/fake-staff';
import { renderApp } from '@/web/test/render-app';

let api: FakeApi;
let driver: FakeUser;
let customer: FakeUser;

/** A stand-in for the browser's geolocation: the test decides when a position (or a refusal) comes. */
function fakeGeolocation() {
  const watchers = new Map<number, { success: PositionCallback; failure?: PositionErrorCallback | null }>();
  let nextId = 1;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      const id = nextId++;
      watchers.set(id, { success, failure });
      return id;
    }),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
    getCurrentPosition: vi.fn((_success: PositionCallback, failure?: PositionErrorCallback | null) =>
      failure?.({ code: 2, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'no fix' } as GeolocationPositionError),
    ),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    watching: () => watchers.size,
    move(latitude: number, longitude: number) {
      for (const watcher of watchers.values()) watcher.success({ coords: { latitude, longitude }, timestamp: Date.now() } as GeolocationPosition);
    },
    deny() {
      for (const watcher of watchers.values()) watcher.failure?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
    },
  };
}

const offer = (index: number, overrides: Parameters<typeof anOrder>[1] = {}) =>
  orderFakes(api).add(anOrder(index, { status: 'ready', driverNotes: 'Ring twice, dog is friendly', ...overrides }), customer);

const mine = (index: number, status: 'processing' | 'ready' | 'out_for_delivery', overrides: Parameters<typeof anOrder>[1] = {}) =>
  orderFakes(api).add(anOrder(index, { status, driver: { profileId: driver.profile.id, firstName: driver.profile.firstName ?? '' }, ...overrides }), customer);

const openDashboard = () => renderApp(routes, { api, path: '/driver', user: driver });
const card = (orderNumber: string) => screen.findByRole('article', { name: orderNumber });
const yourDeliveriesHeading = () => screen.getByRole('heading', { name: driverCopy.assigned.heading });
/** The live feed cannot connect (a proxy without event streams): the lists are read only when the page asks. */
const withoutLiveFeed = () => api.on('GET /api/staff/orders/stream', () => apiError(502, 'BAD_GATEWAY', 'Bad gateway'));
/** The driver picks up one delivery, after which the page reads their lists again. */
const pickUp = async (orderNumber: string) =>
  userEvent.click(within(await card(orderNumber)).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${orderNumber}` }));
/** The manager gives the delivery to someone else; this driver's live feed does not hear of it. */
const giveToAnotherDriver = (orderId: string) => {
  api.data.orders.find((candidate) => candidate.id === orderId)!.driver = { profileId: 'someone-else', firstName: 'Eli' };
};

describe('/driver', () => {
  beforeEach(() => {
    api = createFakeApi();
    driver = api.signIn(aUser('driver', { warehouseIds: [georgetownId], firstName: 'Dee' }));
    customer = aUser('customer');
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('offers nothing off shift, and the offers of their warehouse once the driver goes on shift', async () => {
    const offered = offer(1);
    openDashboard();
    expect(await screen.findByText(driverCopy.offers.offShift)).toBeInTheDocument();
    const shift = await screen.findByRole('switch', { name: driverCopy.shift.label });
    expect(shift).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(shift);
    await waitFor(() => expect(shift).toHaveAttribute('aria-checked', 'true'));
    expect(driverFakes(api).isOnShift(driver.profile.id)).toBe(true);
    const row = await card(offered.orderNumber);
    expect(within(row).getByText('Georgetown')).toBeInTheDocument();
    expect(within(row).getByText(/100 Oak St, Round Rock, TX 78664/)).toBeInTheDocument();
    expect(within(row).getByText(driverCopy.card.items(offered.itemCount))).toBeInTheDocument();
    expect(within(row).getByText('Ring twice, dog is friendly')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: driverCopy.card.directions('Georgetown') })).toBeInTheDocument();
    // No standing instructions on this address: nothing is said about them.
    expect(within(row).queryByText(addressCopy.deliveryInstructions)).not.toBeInTheDocument();
  });

  it('tells the driver to go on shift only while off shift, and what happens once on shift', async () => {
    openDashboard();
    expect(await screen.findByText(driverCopy.description.offShift)).toBeInTheDocument();
    const shift = await screen.findByRole('switch', { name: driverCopy.shift.label });

    await userEvent.click(shift);
    expect(await screen.findByText(driverCopy.description.onShift)).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.description.offShift)).not.toBeInTheDocument();

    await userEvent.click(shift);
    expect(await screen.findByText(driverCopy.description.offShift)).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.description.onShift)).not.toBeInTheDocument();
  });

  it('a driver already on shift is not told to go on shift', async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    openDashboard();
    expect(await screen.findByText(driverCopy.description.onShift)).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.description.offShift)).not.toBeInTheDocument();
  });

  it("shows the address's unit in the drop-off and its delivery instructions as text", async () => {
    const base = anOrder(2);
    const offered = offer(2, { address: { ...base.address, unit: 'Apt 4B', deliveryInstructions: 'Ring twice\n<i>side gate</i>' } });
    openDashboard();
    const shift = await screen.findByRole('switch', { name: driverCopy.shift.label });
    await userEvent.click(shift);
    await waitFor(() => expect(shift).toHaveAttribute('aria-checked', 'true'));
    const row = await card(offered.orderNumber);
    expect(within(row).getByText('100 Oak St, Apt 4B, Round Rock, TX 78664')).toBeInTheDocument();
    const instructions = within(row).getByText(addressCopy.deliveryInstructions).nextElementSibling;
    expect(instructions).toHaveTextContent('Ring twice <i>side gate</i>');
    expect(instructions?.querySelector('i')).toBeNull();
  });

  it('announces a new offer live, and takes the alert back when someone else takes it', async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    openDashboard();
    expect(await screen.findByText(driverCopy.offers.empty)).toBeInTheDocument();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));

    const fresh = offer(2);
    staffFakes(api).announce(fresh.id);
    expect(await card(fresh.orderNumber)).toBeInTheDocument();
    const alert = await screen.findByRole('alert', { name: 'Needs attention' });
    expect(within(alert).getByText(driverCopy.offers.newOffer(fresh.orderNumber))).toBeInTheDocument();

    api.data.orders.find((order) => order.id === fresh.id)!.driver = { profileId: 'someone-else', firstName: 'Eli' };
    staffFakes(api).announce(fresh.id);
    await waitFor(() => expect(screen.queryByRole('article', { name: fresh.orderNumber })).toBeNull());
    expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull();
  });

  it('accepts an offer, which becomes theirs to pick up, and says so when another driver was faster', async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    const first = offer(1);
    const second = offer(2);
    openDashboard();

    await userEvent.click(within(await card(first.orderNumber)).getByRole('button', { name: `Accept ${first.orderNumber}` }));
    expect(await screen.findByText(driverCopy.offers.accepted(first.orderNumber))).toBeInTheDocument();
    const yours = within(screen.getByRole('region', { name: driverCopy.assigned.heading }));
    expect(await yours.findByRole('article', { name: first.orderNumber })).toBeInTheDocument();
    expect(yours.getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${first.orderNumber}` })).toBeInTheDocument();

    api.data.orders.find((order) => order.id === second.id)!.driver = { profileId: 'someone-else', firstName: 'Eli' };
    await userEvent.click(within(await card(second.orderNumber)).getByRole('button', { name: `Accept ${second.orderNumber}` }));
    expect(await screen.findByText(driverCopy.refusals.offerTaken)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: second.orderNumber })).toBeNull());
  });

  it("takes the keyboard to the accepted delivery, in the driver's deliveries, ready for its next step", async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    const first = offer(1);
    offer(2);
    openDashboard();

    within(await card(first.orderNumber)).getByRole('button', { name: `Accept ${first.orderNumber}` }).focus();
    await userEvent.keyboard('{Enter}');
    const yours = within(screen.getByRole('region', { name: driverCopy.assigned.heading }));
    const accepted = await yours.findByRole('article', { name: first.orderNumber });
    await waitFor(() => expect(within(accepted).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${first.orderNumber}` })).toHaveFocus());
    await waitFor(() => expect(within(screen.getByRole('region', { name: driverCopy.offers.heading })).queryByRole('article', { name: first.orderNumber })).toBeNull());
    expect(within(accepted).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${first.orderNumber}` })).toHaveFocus();
  });

  it('keeps the keyboard on Accept while the offer is being accepted', async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    const first = offer(1);
    openDashboard();
    const held = api.holdNext('POST /api/orders/:id/accept');
    const accept = within(await card(first.orderNumber)).getByRole('button', { name: `Accept ${first.orderNumber}` });
    accept.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(accept).toHaveAttribute('aria-busy', 'true'));
    expect(accept).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(accept);
    await userEvent.keyboard('{Enter}');
    held.release();
    const yours = within(screen.getByRole('region', { name: driverCopy.assigned.heading }));
    const accepted = await yours.findByRole('article', { name: first.orderNumber });
    await waitFor(() => expect(within(accepted).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${first.orderNumber}` })).toHaveFocus());
    expect(api.requestsTo('POST /api/orders/:id/accept')).toHaveLength(1);
  });

  it("takes the keyboard from Picked up to Deliver, the same delivery's next step", async () => {
    fakeGeolocation();
    const order = mine(1, 'ready');
    openDashboard();
    within(await card(order.orderNumber)).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${order.orderNumber}` }).focus();
    await userEvent.keyboard('{Enter}');
    const deliver = await within(await card(order.orderNumber)).findByRole('button', { name: driverCopy.assigned.deliver });
    await waitFor(() => expect(deliver).toHaveFocus());
  });

  it('says why a delivery given to another driver cannot be picked up, and takes it off their list', async () => {
    const order = mine(1, 'ready');
    openDashboard();
    const pickedUp = within(await card(order.orderNumber)).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${order.orderNumber}` });
    giveToAnotherDriver(order.id);
    await userEvent.click(pickedUp);
    expect(await screen.findByText(driverCopy.refusals.reassigned(order.orderNumber))).toBeInTheDocument();
    expect(screen.queryByText(orderRefusals.notFound)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    expect(await screen.findByText(driverCopy.assigned.empty)).toBeInTheDocument();
    // The button the keyboard was on is gone: the list's heading takes it.
    await waitFor(() => expect(yourDeliveriesHeading()).toHaveFocus());
  });

  it('says a delivery given to another driver cannot be delivered, closes the dialog and takes it off their list', async () => {
    fakeGeolocation();
    const order = mine(1, 'out_for_delivery');
    const other = mine(2, 'ready');
    openDashboard();
    await userEvent.click(await within(await card(order.orderNumber)).findByRole('button', { name: driverCopy.assigned.deliver }));
    const dialog = await screen.findByRole('dialog', { name: driverCopy.deliver.title(order.orderNumber) });
    await userEvent.type(within(dialog).getByLabelText(driverCopy.deliver.code), order.deliveryCode!);
    giveToAnotherDriver(order.id);
    await userEvent.click(within(dialog).getByRole('button', { name: driverCopy.deliver.submit }));
    expect(await screen.findByText(driverCopy.refusals.reassigned(order.orderNumber))).toBeInTheDocument();
    expect(screen.queryByText(orderRefusals.notFound)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    expect(await card(other.orderNumber)).toBeInTheDocument();
    await waitFor(() => expect(yourDeliveriesHeading()).toHaveFocus());
  });

  it('stops sharing the position of a delivery given to another driver, says so and takes it off their list', async () => {
    const device = fakeGeolocation();
    const order = mine(1, 'out_for_delivery');
    openDashboard();
    expect(await card(order.orderNumber)).toBeInTheDocument();
    await waitFor(() => expect(device.watching()).toBe(1));
    // The driver is busy elsewhere on the page: the keyboard stays there.
    const shift = await screen.findByRole('switch', { name: driverCopy.shift.label });
    shift.focus();
    giveToAnotherDriver(order.id);
    device.move(30.51, -97.68);
    expect(await screen.findByText(driverCopy.refusals.reassigned(order.orderNumber))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    expect(device.watching()).toBe(0);
    // Nothing more is sent for it, and the driver was told once.
    device.move(30.52, -97.68);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requests.filter((request) => request.path.endsWith('/position'))).toHaveLength(1);
    expect(screen.getAllByText(driverCopy.refusals.reassigned(order.orderNumber))).toHaveLength(1);
    expect(driverFakes(api).positions).toEqual([]);
    expect(shift).toHaveFocus();
  });

  it('will not go off shift with a delivery to finish', async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    mine(1, 'ready');
    openDashboard();
    const shift = await screen.findByRole('switch', { name: driverCopy.shift.label });
    await waitFor(() => expect(shift).toHaveAttribute('aria-checked', 'true'));
    await userEvent.click(shift);
    expect(await screen.findByText(driverCopy.refusals.activeDelivery)).toBeInTheDocument();
    expect(shift).toHaveAttribute('aria-checked', 'true');
  });

  it('picks up, then delivers with the code: a bad code is refused at the field, then too many', async () => {
    fakeGeolocation();
    const order = mine(1, 'ready');
    openDashboard();
    await userEvent.click(within(await card(order.orderNumber)).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${order.orderNumber}` }));
    expect(await screen.findByText(driverCopy.assigned.pickedUpDone(order.orderNumber))).toBeInTheDocument();

    await userEvent.click(await within(await card(order.orderNumber)).findByRole('button', { name: driverCopy.assigned.deliver }));
    const dialog = await screen.findByRole('dialog', { name: driverCopy.deliver.title(order.orderNumber) });
    const code = within(dialog).getByLabelText(driverCopy.deliver.code);
    const submit = within(dialog).getByRole('button', { name: driverCopy.deliver.submit });

    await userEvent.click(submit);
    expect(await within(dialog).findByText(orderRefusals.deliveryCodeRequired)).toBeInTheDocument();
    await userEvent.type(code, '12');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('The delivery code is 4 digits')).toBeInTheDocument();

    for (let attempt = 0; attempt < 5; attempt += 1) {
      await userEvent.clear(code);
      await userEvent.type(code, '0000');
      await userEvent.click(submit);
      expect(await within(dialog).findByText(orderRefusals.deliveryCodeWrong)).toBeInTheDocument();
      expect(code).toHaveAttribute('aria-invalid', 'true');
    }
    await userEvent.clear(code);
    await userEvent.type(code, order.deliveryCode!);
    await userEvent.click(submit);
    expect(await within(dialog).findByText(driverCopy.refusals.tooManyCodes)).toBeInTheDocument();
    // Seven submissions typed key by key: longer than one render.
  }, 20_000);

  it('delivers with the right code and a note, and the delivery leaves the list', async () => {
    fakeGeolocation();
    const order = mine(1, 'out_for_delivery');
    openDashboard();
    await userEvent.click(await within(await card(order.orderNumber)).findByRole('button', { name: driverCopy.assigned.deliver }));
    const dialog = await screen.findByRole('dialog', { name: driverCopy.deliver.title(order.orderNumber) });
    await userEvent.type(within(dialog).getByLabelText(driverCopy.deliver.code), order.deliveryCode!);
    await userEvent.type(within(dialog).getByLabelText(driverCopy.deliver.note), 'Left with the neighbour');
    await userEvent.click(within(dialog).getByRole('button', { name: driverCopy.deliver.submit }));
    expect(await screen.findByText(driverCopy.deliver.done(order.orderNumber))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    const delivered = api.data.orders.find((candidate) => candidate.id === order.id)!;
    expect(delivered.status).toBe('delivered');
    expect(delivered.events.at(-1)?.note).toBe('Left with the neighbour');
    // Delivered here: not announced as lost.
    expect(screen.queryByText(driverCopy.refusals.reassigned(order.orderNumber))).toBeNull();
  });

  it('says so when a delivery waiting for pickup is given to another driver, heard live before the driver acts', async () => {
    const order = mine(1, 'ready');
    const other = mine(2, 'ready');
    openDashboard();
    await card(order.orderNumber);
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    giveToAnotherDriver(order.id);
    staffFakes(api).announce(order.id);
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    expect(await screen.findAllByText(driverCopy.refusals.reassigned(order.orderNumber))).toHaveLength(1);
    // The other delivery stays, and is not announced.
    expect(await card(other.orderNumber)).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.refusals.reassigned(other.orderNumber))).toBeNull();
  });

  it('says so when a delivery waiting for pickup is cancelled', async () => {
    const order = mine(1, 'ready');
    openDashboard();
    await card(order.orderNumber);
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    orderFakes(api).changeStatus(order.id, 'cancelled');
    staffFakes(api).announce(order.id);
    expect(await screen.findByText(driverCopy.refusals.cancelled(order.orderNumber))).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.refusals.reassigned(order.orderNumber))).toBeNull();
  });

  it('says which delivery waiting for pickup was cancelled and which given to another driver, without the live feed', async () => {
    withoutLiveFeed();
    const cancelled = mine(1, 'processing');
    const reassigned = mine(2, 'ready');
    const next = mine(3, 'ready');
    openDashboard();
    await card(cancelled.orderNumber);
    await card(reassigned.orderNumber);
    orderFakes(api).changeStatus(cancelled.id, 'cancelled');
    giveToAnotherDriver(reassigned.id);
    await pickUp(next.orderNumber);
    expect(await screen.findByText(driverCopy.refusals.cancelled(cancelled.orderNumber))).toBeInTheDocument();
    expect(await screen.findByText(driverCopy.refusals.reassigned(reassigned.orderNumber))).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.refusals.reassigned(cancelled.orderNumber))).toBeNull();
    expect(screen.queryByText(driverCopy.refusals.cancelled(reassigned.orderNumber))).toBeNull();
    expect(screen.queryByRole('article', { name: cancelled.orderNumber })).toBeNull();
    expect(screen.queryByRole('article', { name: reassigned.orderNumber })).toBeNull();
  });

  it('says only that a delivery left the list when the server cannot be asked why', async () => {
    withoutLiveFeed();
    const cancelled = mine(1, 'processing');
    const next = mine(2, 'ready');
    openDashboard();
    await card(cancelled.orderNumber);
    orderFakes(api).changeStatus(cancelled.id, 'cancelled');
    api.on('GET /api/orders/:id', () => {
      throw new TypeError('Failed to fetch');
    });
    await pickUp(next.orderNumber);
    expect(await screen.findByText(driverCopy.refusals.lost(cancelled.orderNumber))).toBeInTheDocument();
    expect(screen.queryByText(driverCopy.refusals.reassigned(cancelled.orderNumber))).toBeNull();
  });

  it('keeps saying a delivery was cancelled, as the live feed told, when the server cannot then be asked why it left', async () => {
    const order = mine(1, 'ready');
    openDashboard();
    await card(order.orderNumber);
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    api.on('GET /api/orders/:id', () => {
      throw new TypeError('Failed to fetch');
    });
    orderFakes(api).changeStatus(order.id, 'cancelled');
    staffFakes(api).announce(order.id);
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    expect(await screen.findAllByText(driverCopy.refusals.cancelled(order.orderNumber))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(driverCopy.refusals.cancelled(order.orderNumber))).toHaveLength(1);
    expect(screen.queryByText(driverCopy.refusals.lost(order.orderNumber))).toBeNull();
  });

  it('keeps saying a delivery was given to another driver, once, when the server cannot then be asked why it left', async () => {
    const order = mine(1, 'ready');
    openDashboard();
    const pickedUp = within(await card(order.orderNumber)).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${order.orderNumber}` });
    giveToAnotherDriver(order.id);
    api.on('GET /api/orders/:id', () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(pickedUp);
    expect(await screen.findByText(driverCopy.refusals.reassigned(order.orderNumber))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(driverCopy.refusals.reassigned(order.orderNumber))).toHaveLength(1);
    expect(screen.queryByText(driverCopy.refusals.lost(order.orderNumber))).toBeNull();
    // The refusal already said why: the order is not read again to announce it a second time.
    expect(api.requestsTo('GET /api/orders/:id')).toEqual([]);
  });

  it('lays out each card as a description list screen readers can read: only term and detail groups', async () => {
    const base = anOrder(2);
    const taken = mine(1, 'ready');
    const offered = offer(2, { address: { ...base.address, deliveryInstructions: 'Side gate' } });
    driverFakes(api).setShift(driver.profile.id, true);
    openDashboard();
    for (const orderNumber of [taken.orderNumber, offered.orderNumber]) {
      const results = await axe.run(await card(orderNumber), { runOnly: ['definition-list', 'dlitem'] });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    }
  });

  it('tells the driver how much cash to collect on a pay-on-delivery order, on the card and where the bag is handed over, and nothing on a card order', async () => {
    fakeGeolocation();
    const cash = mine(1, 'out_for_delivery');
    const card = mine(2, 'out_for_delivery', { payment: { method: 'card', status: 'paid', refundedAmount: 0, clientSecret: null } });
    openDashboard();
    const collect = driverCopy.card.collectCash(cash.totalAmount);
    expect(collect).toBe(`Collect ${formatMoney(cash.totalAmount)} in cash`);
    const cashCard = await screen.findByRole('article', { name: cash.orderNumber });
    expect(within(cashCard).getByText(collect)).toBeInTheDocument();
    const cardCard = await screen.findByRole('article', { name: card.orderNumber });
    expect(within(cardCard).queryByText(/in cash/)).toBeNull();

    await userEvent.click(within(cashCard).getByRole('button', { name: driverCopy.assigned.deliver }));
    const cashDialog = await screen.findByRole('dialog', { name: driverCopy.deliver.title(cash.orderNumber) });
    expect(within(cashDialog).getByText(collect)).toBeInTheDocument();
    await userEvent.click(within(cashDialog).getByRole('button', { name: driverCopy.deliver.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(cardCard).getByRole('button', { name: driverCopy.assigned.deliver }));
    const cardDialog = await screen.findByRole('dialog', { name: driverCopy.deliver.title(card.orderNumber) });
    expect(within(cardDialog).queryByText(/in cash/)).toBeNull();
  });

  it('says nothing about cash on an offer the driver has not taken yet', async () => {
    driverFakes(api).setShift(driver.profile.id, true);
    const offered = offer(1);
    openDashboard();
    const row = await card(offered.orderNumber);
    expect(within(row).queryByText(/in cash/)).toBeNull();
  });

  it('shares the position while out for delivery, throttled, and stops once delivered', async () => {
    const device = fakeGeolocation();
    const order = mine(1, 'out_for_delivery');
    openDashboard();
    const row = await card(order.orderNumber);
    expect(await within(row).findByText(driverCopy.sharing.starting)).toBeInTheDocument();
    await waitFor(() => expect(device.watching()).toBe(1));

    device.move(30.51, -97.68);
    expect(await within(row).findByText(driverCopy.sharing.on)).toBeInTheDocument();
    await waitFor(() => expect(driverFakes(api).positions).toEqual([{ orderId: order.id, latitude: 30.51, longitude: -97.68 }]));
    // A second fix at once is not sent: the next one waits a few seconds.
    device.move(30.52, -97.68);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(driverFakes(api).positions).toHaveLength(1);

    orderFakes(api).changeStatus(order.id, 'delivered');
    staffFakes(api).announce(order.id);
    await waitFor(() => expect(screen.queryByRole('article', { name: order.orderNumber })).toBeNull());
    expect(device.watching()).toBe(0);
    expect(device.geolocation.clearWatch).toHaveBeenCalled();
  });

  it('sends a fix held back by the limit once the limit ends, and the latest again while the device reports none newer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const device = fakeGeolocation();
      const order = mine(1, 'out_for_delivery');
      openDashboard();
      const row = await card(order.orderNumber);
      await waitFor(() => expect(device.watching()).toBe(1));
      device.move(30.51, -97.68);
      await waitFor(() => expect(driverFakes(api).positions).toHaveLength(1));

      // The driver stops at the door a moment later: where they stopped goes out once the limit allows.
      device.move(30.52, -97.68);
      await vi.advanceTimersByTimeAsync(SHARE_INTERVAL_MS * 2);
      await waitFor(() => expect(driverFakes(api).positions.at(-1)).toEqual({ orderId: order.id, latitude: 30.52, longitude: -97.68 }));
      expect(driverFakes(api).positions).toHaveLength(2);

      // Standing still, the device reports nothing new: the same place goes again, so the customer's map keeps them current.
      await vi.advanceTimersByTimeAsync(STILL_HERE_MS - SHARE_INTERVAL_MS * 2);
      expect(driverFakes(api).positions).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(SHARE_INTERVAL_MS * 2);
      await waitFor(() => expect(driverFakes(api).positions).toHaveLength(3));
      expect(driverFakes(api).positions.at(-1)).toEqual({ orderId: order.id, latitude: 30.52, longitude: -97.68 });
      expect(STILL_HERE_MS).toBeLessThan(POSITION_CURRENT_MS);

      // Once the device says it cannot tell where it is, the old place is not sent as if it were current.
      device.deny();
      expect(await within(row).findByText(driverCopy.sharing.denied)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(STILL_HERE_MS * 2);
      expect(driverFakes(api).positions).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one device watch between deliveries: one picked up while another is on its way starts from the latest fix', async () => {
    const device = fakeGeolocation();
    const first = mine(1, 'out_for_delivery');
    const second = mine(2, 'ready');
    openDashboard();
    const firstRow = await card(first.orderNumber);
    await waitFor(() => expect(device.watching()).toBe(1));
    device.move(30.51, -97.68);
    expect(await within(firstRow).findByText(driverCopy.sharing.on)).toBeInTheDocument();

    // The device does not move again: the second delivery shares where the driver is all the same.
    await userEvent.click(within(await card(second.orderNumber)).getByRole('button', { name: `${driverCopy.assigned.pickedUp}: ${second.orderNumber}` }));
    expect(await within(await card(second.orderNumber)).findByText(driverCopy.sharing.on)).toBeInTheDocument();
    await waitFor(() =>
      expect(driverFakes(api).positions).toEqual([
        { orderId: first.id, latitude: 30.51, longitude: -97.68 },
        { orderId: second.id, latitude: 30.51, longitude: -97.68 },
      ]),
    );
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(1);
  });

  it('reopened just after sharing a position, sends the newest fix once the server takes one, without an error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const device = fakeGeolocation();
      const order = mine(1, 'out_for_delivery');
      // The page before the reload shared a position a moment ago.
      const earlier = await api.fetch(`/api/tracking/orders/${order.id}/position`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ latitude: 30.5, longitude: -97.68 }),
      });
      expect(earlier.status).toBe(200);
      openDashboard();
      const row = await card(order.orderNumber);
      await waitFor(() => expect(device.watching()).toBe(1));
      const positionPosts = () => api.requests.filter((request) => request.path.endsWith('/position')).length;

      // The first fix is refused as too soon; the driver sees sharing on, no error.
      device.move(30.51, -97.68);
      await waitFor(() => expect(positionPosts()).toBe(2));
      expect(await within(row).findByText(driverCopy.sharing.on)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      // A newer fix while waiting is not posted yet: the server said when.
      device.move(30.52, -97.68);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(positionPosts()).toBe(2);
      expect(driverFakes(api).positions).toHaveLength(1);

      await vi.advanceTimersByTimeAsync(2_500);
      await waitFor(() =>
        expect(driverFakes(api).positions).toEqual([
          { orderId: order.id, latitude: 30.5, longitude: -97.68 },
          { orderId: order.id, latitude: 30.52, longitude: -97.68 },
        ]),
      );
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says clearly when location permission is denied', async () => {
    const device = fakeGeolocation();
    const order = mine(1, 'out_for_delivery');
    openDashboard();
    const row = await card(order.orderNumber);
    await waitFor(() => expect(device.watching()).toBe(1));
    device.deny();
    expect(await within(row).findByText(driverCopy.sharing.denied)).toBeInTheDocument();
    expect(driverFakes(api).positions).toEqual([]);
  });

  it('on an address that is not secure, tells the driver to open the https address or the app instead of to wait', async () => {
    vi.stubGlobal('isSecureContext', false);
    try {
      const device = fakeGeolocation();
      const order = mine(1, 'ready');
      withoutLiveFeed();
      openDashboard();
      await pickUp(order.orderNumber);
      const row = await card(order.orderNumber);
      expect(await within(row).findByText(driverCopy.sharing.insecure)).toBeInTheDocument();
      expect(within(row).queryByText(driverCopy.sharing.unavailable)).toBeNull();
      expect(device.geolocation.watchPosition).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('in a browser without location, says it cannot share the position', async () => {
    const order = mine(1, 'out_for_delivery');
    openDashboard();
    const row = await card(order.orderNumber);
    expect(await within(row).findByText(driverCopy.sharing.unsupported)).toBeInTheDocument();
    expect(within(row).queryByText(driverCopy.sharing.unavailable)).toBeNull();
  });
});
