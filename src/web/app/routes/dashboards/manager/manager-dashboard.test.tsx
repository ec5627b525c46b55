import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addressCopy, managerRefusals, orderCopy } from '@/shared/copy';
import { managerCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, anOrderLine, aProduct, aUser, georgetownId, testId } from '@/web/test/fake-data';
import { managerFakes } from '@/web/test/fake-manager';
import { orderFakes } from '@/web/test/fake-orders';
import { staffFakes } from '@/web/test/fake-staff';
import { renderApp } from '@/web/test/render-app';

let api: FakeApi;
const manager = { role: 'manager' as const, firstName: 'Morgan', warehouseIds: [georgetownId] };
const customer = aUser('customer');

const open = (path: string) => renderApp(routes, { api, path, user: manager });

describe('the manager dashboard', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
  });

  it('announces a new order until it is confirmed, confirms it and assigns a driver on shift', async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-AAA1', status: 'placed' }), customer);
    managerFakes(api).drivers = [
      { profileId: testId(9, 4), name: 'Drew Driver', phone: '', warehouses: [{ id: georgetownId, name: 'Georgetown', timeZone: 'America/Chicago' }], onShiftSince: null, deliveries: [] },
    ];
    open('/manager');
    expect(await screen.findByRole('heading', { name: 'FC-20261122-AAA1' })).toBeInTheDocument();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull();

    staffFakes(api).announce(order.id);
    const alert = await screen.findByRole('alert', { name: 'Needs attention' });
    expect(alert).toHaveTextContent('New order FC-20261122-AAA1');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm FC-20261122-AAA1' }));
    expect(await screen.findByRole('button', { name: 'Start picking FC-20261122-AAA1' })).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST' && request.path === `/api/orders/${order.id}/status`)).toBe(true);
    // Confirmed, the order is no longer new: its alert goes as the server tells of the change.
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Assign driver FC-20261122-AAA1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a driver to FC-20261122-AAA1' });
    await user.click(within(dialog).getByRole('radio', { name: /Drew Driver/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Driver: Drew')).toBeInTheDocument();
  }, 20_000);

  it("opens an order's page from its queue card and from its new-order alert, and goes back to the queue", async () => {
    const order = orderFakes(api).add(
      anOrder(1, { orderNumber: 'FC-20261122-OPN1', status: 'placed', lines: [anOrderLine(1, { name: 'Bananas', quantity: 3, substitution: 'replace' })], driverNotes: 'Leave at the door' }),
      customer,
    );
    open('/manager');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'FC-20261122-OPN1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'FC-20261122-OPN1' })).toBeInTheDocument();
    expect(document.title).toBe('FC-20261122-OPN1 — FreshCart');
    expect(screen.getByText('Bananas')).toBeInTheDocument();
    // What the picker does when the shelf is empty, as the customer asked.
    expect(screen.getByText(orderCopy.detail.ifOutOfStock(orderCopy.substitutions.replace))).toBeInTheDocument();
    expect(screen.getByText('Leave at the door')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: managerCopy.queue.back }));
    expect(await screen.findByRole('heading', { level: 1, name: managerCopy.queue.title })).toBeInTheDocument();

    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    staffFakes(api).announce(order.id);
    const alert = await screen.findByRole('alert', { name: 'Needs attention' });
    await user.click(within(alert).getByRole('link', { name: 'New order FC-20261122-OPN1' }));
    expect(await screen.findByText('Bananas')).toBeInTheDocument();
  }, 20_000);

  it('acts on an order from its page opened from the new-order alert, offering each time the next step the server allows', async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-ACT1', status: 'placed' }), customer);
    managerFakes(api).drivers = [
      { profileId: testId(9, 4), name: 'Drew Driver', phone: '', warehouses: [{ id: georgetownId, name: 'Georgetown', timeZone: 'America/Chicago' }], onShiftSince: null, deliveries: [] },
    ];
    open('/manager');
    expect(await screen.findByRole('heading', { name: 'FC-20261122-ACT1' })).toBeInTheDocument();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    staffFakes(api).announce(order.id);
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('alert', { name: 'Needs attention' })).getByRole('link', { name: 'New order FC-20261122-ACT1' }));

    const header = (await screen.findByRole('heading', { level: 1, name: 'FC-20261122-ACT1' })).parentElement!;
    expect(within(header).getByText('Placed')).toBeInTheDocument();
    // A new order is only confirmed: no picking or driver yet.
    await user.click(await screen.findByRole('button', { name: 'Confirm FC-20261122-ACT1' }));
    await waitFor(() => expect(within(header).getByText('Confirmed')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Confirm FC-20261122-ACT1' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Start picking FC-20261122-ACT1' }));
    await waitFor(() => expect(within(header).getByText('Preparing')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Pick list FC-20261122-ACT1' })).toHaveAttribute('href', `/manager/pick-list?orders=${order.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark ready FC-20261122-ACT1' }));
    await waitFor(() => expect(within(header).getByText('Ready for pickup')).toBeInTheDocument());
    expect(api.requestsTo('POST /api/orders/:id/status').map((request) => (request.body as { status: string }).status)).toEqual(['confirmed', 'processing', 'ready']);

    await user.click(screen.getByRole('button', { name: 'Assign driver FC-20261122-ACT1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a driver to FC-20261122-ACT1' });
    await user.click(within(dialog).getByRole('radio', { name: /Drew Driver/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.data.orders.find((candidate) => candidate.id === order.id)!.driver?.firstName).toBe('Drew'));
  }, 20_000);

  it('takes back the alert of a new order once it is cancelled', async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-CNX1', status: 'placed' }), customer);
    open('/manager');
    expect(await screen.findByRole('heading', { name: 'FC-20261122-CNX1' })).toBeInTheDocument();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    staffFakes(api).announce(order.id);
    expect(await screen.findByRole('alert', { name: 'Needs attention' })).toHaveTextContent('New order FC-20261122-CNX1');

    api.data.orders.find((candidate) => candidate.id === order.id)!.status = 'cancelled';
    staffFakes(api).announce(order.id);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull());
  });

  it("shows the drop-off with its unit and the address's delivery instructions on the queue card", async () => {
    const base = anOrder(2);
    orderFakes(api).add(
      anOrder(2, { orderNumber: 'FC-20261122-AAA2', status: 'placed', address: { ...base.address, unit: 'Apt 4B', deliveryInstructions: 'Ring twice' } }),
      customer,
    );
    orderFakes(api).add(anOrder(3, { orderNumber: 'FC-20261122-AAA3', status: 'placed' }), customer);
    open('/manager');
    const card = (await screen.findByRole('heading', { name: 'FC-20261122-AAA2' })).closest('li')!;
    expect(within(card).getByText('100 Oak St, Apt 4B, Round Rock, TX 78664')).toBeInTheDocument();
    expect(card).toHaveTextContent(`${addressCopy.deliveryInstructions}: Ring twice`);
    const plain = (await screen.findByRole('heading', { name: 'FC-20261122-AAA3' })).closest('li')!;
    expect(plain).not.toHaveTextContent(addressCopy.deliveryInstructions);
  });

  it('says once that no orders wait to be picked, and asks to choose among those that do', async () => {
    const { unmount } = open('/manager/pick-list');
    expect(await screen.findByRole('heading', { name: managerCopy.pickList.noOrders })).toBeInTheDocument();
    expect(screen.queryByText(managerCopy.pickList.chooseOrders)).toBeNull();
    unmount();

    const waiting = orderFakes(api).add(anOrder(1, { status: 'confirmed' }), customer);
    open('/manager/pick-list');
    expect(await screen.findByRole('checkbox', { name: new RegExp(waiting.orderNumber) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: managerCopy.pickList.chooseOrders })).toBeInTheDocument();
  });

  it('groups the lines of several orders by aisle and refunds an unavailable line', async () => {
    const first = orderFakes(api).add(
      anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'confirmed', lines: [anOrderLine(1, { id: testId(31, 11) }), anOrderLine(2, { id: testId(31, 12), substitution: 'refund' })] }),
      customer,
    );
    const second = orderFakes(api).add(anOrder(2, { orderNumber: 'FC-20261122-PCK2', status: 'processing', lines: [anOrderLine(3, { id: testId(31, 21), quantity: 2 })] }), customer);
    open(`/manager/pick-list?orders=${first.id},${second.id}`);

    const bakery = await screen.findByRole('region', { name: 'Aisle: Bakery' });
    const dairy = screen.getByRole('region', { name: 'Aisle: Dairy & Eggs' });
    expect(within(bakery).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([expect.stringContaining('Spaghetti')]);
    expect(within(dairy).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      expect.stringContaining('Brie'),
      expect.stringContaining('Chicken Breast'),
    ]);
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unavailable: Brie (FC-20261122-PCK1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brie is unavailable' });
    // The customer asked for a refund: no substitute is offered.
    expect(within(dialog).queryByRole('radio', { name: 'Replace with a substitute' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dairy).findByText('1 refunded')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.path === `/api/orders/${first.id}/lines/${testId(31, 12)}/unavailable`);
    expect(sent?.body).toEqual({ quantity: 1, resolution: 'refund' });
  }, 15_000);

  it('empties the shelf of an item the picker did not find: its row says none is left once it is refunded', async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(2, { id: testId(31, 12), substitution: 'refund' })] }), customer);
    open(`/manager/pick-list?orders=${order.id}`);
    const dairy = await screen.findByRole('region', { name: 'Aisle: Dairy & Eggs' });
    const row = within(dairy).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('5 on the shelf');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Unavailable: Brie (FC-20261122-PCK1)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Brie is unavailable' })).getByRole('button', { name: 'Save' }));
    expect(await within(dairy).findByText('1 refunded')).toBeInTheDocument();
    const after = within(dairy).getAllByRole('row')[1]!;
    expect(after).toHaveTextContent('None on the shelf');
    expect(after).not.toHaveTextContent('5 on the shelf');
  });

  it('shows who to call when the customer asked to be contacted, and leaves the choice to the manager after the call', async () => {
    const caller = aUser('customer', { firstName: 'Quinn', lastName: 'Shopper', phone: '(512) 555-0142' });
    const order = orderFakes(api).add(
      anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(3, { id: testId(31, 13), substitution: 'contact' }), anOrderLine(2, { id: testId(31, 12) })] }),
      caller,
    );
    open(`/manager/pick-list?orders=${order.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unavailable: Chicken Breast (FC-20261122-PCK1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chicken Breast is unavailable' });
    expect(within(dialog).getByText('Call Quinn Shopper before choosing what to do.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Call Quinn Shopper at (512) 555-0142' })).toHaveAttribute('href', 'tel:5125550142');
    // Nothing is chosen for the manager: saving before choosing asks for a choice and sends nothing.
    expect(within(dialog).getByRole('radio', { name: 'Replace with a substitute' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Refund these units' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose replace or refund')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.endsWith('/unavailable'))).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Refund these units' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 refunded')).toBeInTheDocument();
    expect(api.requests.find((request) => request.path.endsWith('/unavailable'))?.body).toEqual({ quantity: 1, resolution: 'refund' });

    // A line whose customer asked for a substitute still starts on one, with no one to call.
    await user.click(screen.getByRole('button', { name: 'Unavailable: Brie (FC-20261122-PCK1)' }));
    const brie = await screen.findByRole('dialog', { name: 'Brie is unavailable' });
    expect(within(brie).getByRole('radio', { name: 'Replace with a substitute' })).toBeChecked();
    expect(within(brie).queryByRole('link')).toBeNull();
  }, 15_000);

  it('says when a customer who asked to be contacted left no phone number', async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(3, { id: testId(31, 13), substitution: 'contact' })] }), customer);
    open(`/manager/pick-list?orders=${order.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unavailable: Chicken Breast (FC-20261122-PCK1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chicken Breast is unavailable' });
    expect(within(dialog).getByText(managerCopy.unavailable.noPhone('Casey Doe'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('offers a slightly dearer similar item and tells the manager the customer pays no more than the line', async () => {
    api.data.products.push(aProduct(5, { name: 'Camembert', unit: '8 oz', price: 649, stockQuantity: 8 }));
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(2, { id: testId(31, 12) })] }), customer);
    open(`/manager/pick-list?orders=${order.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unavailable: Brie (FC-20261122-PCK1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brie is unavailable' });
    await user.click(await within(dialog).findByRole('radio', { name: /Camembert/ }));
    expect(within(dialog).getByText('The customer pays at most $5.99 each.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 replaced by Camembert ($5.99)')).toBeInTheDocument();
  });

  it("shows the server's refusal when the order moved on while the line was being marked", async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(2, { id: testId(31, 12), substitution: 'refund' })] }), customer);
    open(`/manager/pick-list?orders=${order.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unavailable: Brie (FC-20261122-PCK1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brie is unavailable' });
    // Another manager marks the order ready meanwhile.
    api.data.orders.find((candidate) => candidate.id === order.id)!.status = 'ready';
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(managerRefusals.notPicking)).toBeInTheDocument();
    expect(screen.queryByText(managerCopy.unavailable.failed)).toBeNull();
  });

  it('labels the substitute search above its field, where it stays readable once typed in', async () => {
    const order = orderFakes(api).add(anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(1, { id: testId(31, 11) })] }), customer);
    open(`/manager/pick-list?orders=${order.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unavailable: Spaghetti (FC-20261122-PCK1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spaghetti is unavailable' });
    await user.click(within(dialog).getByRole('radio', { name: 'Replace with a substitute' }));
    expect(within(dialog).getByText('Search substitutes', { selector: 'label' })).toBeVisible();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search substitutes' }), 'pasta');
    expect(within(dialog).getByRole('searchbox', { name: 'Search substitutes' })).toHaveValue('pasta');
  });

  it('ticks lines as picked on screen, and keeps the ticks while the list refreshes', async () => {
    const order = orderFakes(api).add(
      anOrder(1, { orderNumber: 'FC-20261122-PCK1', status: 'processing', lines: [anOrderLine(1, { id: testId(31, 11) }), anOrderLine(2, { id: testId(31, 12), substitution: 'refund' })] }),
      customer,
    );
    open(`/manager/pick-list?orders=${order.id}`);
    const user = userEvent.setup();
    const spaghetti = await screen.findByRole('checkbox', { name: 'Picked Spaghetti (FC-20261122-PCK1)' });
    const brie = screen.getByRole('checkbox', { name: 'Picked Brie (FC-20261122-PCK1)' });
    expect(spaghetti).not.toBeChecked();
    await user.click(spaghetti);
    expect(spaghetti).toBeChecked();
    expect(brie).not.toBeChecked();

    // Marking another line unavailable reloads the list; the tick stays.
    await user.click(screen.getByRole('button', { name: 'Unavailable: Brie (FC-20261122-PCK1)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Brie is unavailable' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 refunded')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Picked Spaghetti (FC-20261122-PCK1)' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Picked Spaghetti (FC-20261122-PCK1)' }));
    expect(screen.getByRole('checkbox', { name: 'Picked Spaghetti (FC-20261122-PCK1)' })).not.toBeChecked();
  }, 15_000);

  it('edits a shelf inline and filters the low ones', async () => {
    open('/manager/inventory');
    expect(await screen.findByText('1 product at or below its threshold')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Stock of Spaghetti' })).toBeNull());
    const stock = screen.getByRole('textbox', { name: 'Stock of Brie' });
    await user.clear(stock);
    await user.type(stock, '-2');
    await user.click(screen.getByRole('button', { name: 'Save Brie' }));
    expect(await screen.findByText('Stock cannot be negative')).toBeInTheDocument();
    await user.clear(stock);
    await user.type(stock, '30');
    await user.click(screen.getByRole('button', { name: 'Save Brie' }));
    await waitFor(() => expect(screen.getByText('0 products at or below their threshold')).toBeInTheDocument());
    const patch = api.requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ path: `/api/inventory/${georgetownId}/${testId(4, 2)}`, body: { stockQuantity: 30 } });
  });

  it("shows the server's refusal when a shelf is gone by the time it is saved", async () => {
    open('/manager/inventory');
    const user = userEvent.setup();
    const stock = await screen.findByRole('textbox', { name: 'Stock of Brie' });
    // The product leaves this warehouse meanwhile.
    api.data.products.splice(api.data.products.findIndex((product) => product.name === 'Brie' && product.warehouseId === georgetownId), 1);
    await user.clear(stock);
    await user.type(stock, '30');
    await user.click(screen.getByRole('button', { name: 'Save Brie' }));
    expect(await screen.findByText(managerRefusals.shelfNotFound)).toBeInTheDocument();
  });

  it('labels the inventory search above its field', async () => {
    open('/manager/inventory');
    expect(await screen.findByText('Search by name or SKU', { selector: 'label' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search by name or SKU' })).toBeInTheDocument();
  });

  it('shows a substitution on the customer’s order page', async () => {
    const order = orderFakes(api).add(
      anOrder(3, {
        status: 'processing',
        lines: [anOrderLine(2, { id: testId(31, 31), quantity: 2, fulfilment: { status: 'substituted', quantity: 2, substitute: { name: 'Camembert', unitPrice: 450 } } })],
      }),
      customer,
    );
    renderApp(routes, { api, path: `/orders/${order.id}`, user: customer });
    expect(await screen.findByText('2 unavailable, replaced by Camembert at $4.50 each')).toBeInTheDocument();
    expect(screen.getByText('$9.00')).toBeInTheDocument();
  });

  it("shows when each driver's shift began in the warehouse's clock, named", async () => {
    managerFakes(api).drivers = [
      {
        profileId: testId(9, 4),
        name: 'Drew Driver',
        phone: '',
        warehouses: [{ id: georgetownId, name: 'Georgetown', timeZone: 'America/Chicago' }],
        onShiftSince: '2026-11-22T16:56:00.000Z',
        deliveries: [],
      },
    ];
    open('/manager/drivers');
    // The device runs on UTC here; the store on Central time.
    expect(await screen.findByText('On shift since 10:56 AM CST')).toBeInTheDocument();
  });
});
