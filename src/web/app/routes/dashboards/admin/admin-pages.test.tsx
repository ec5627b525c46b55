import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@/shared/contracts/staff';
import { orderCopy } from '@/shared/copy';
import { adminCopy, staffOrderCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { StaffOrderDetail } from '@/web/features/staff/components/staff-order-detail';
import { adminFakes } from '@/web/test/fake-admin';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, anOrderLine, aUser, refundedBy, testId, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';

// Whole dashboard pages with their charts load several lazy chunks on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

let api: FakeApi;
let admin: FakeUser;
let customer: FakeUser;

beforeEach(() => {
  localStorage.clear();
  api = createFakeApi();
  admin = aUser('admin');
  customer = aUser('customer', { firstName: 'Cora', lastName: 'Buyer' });
});

const open = (path: string, user: FakeUser = admin) => renderApp(routes, { api, path, user });

describe('/admin (overview)', () => {
  it('shows totals, the per-day chart and the best sellers, and asks again for another period', async () => {
    const today = new Date().toISOString();
    orderFakes(api).add(anOrder(1, { status: 'delivered', placedAt: today }), customer);
    open('/admin');

    // The first page of the file: the dashboard's code and the chart library load first.
    expect(await screen.findByRole('img', { name: /Orders and revenue per day: 1 orders/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: adminCopy.overview.topProductsTitle })).toHaveTextContent('Spaghetti');
    expect(screen.getByText(adminCopy.overview.noKitchens)).toBeInTheDocument();
    expect(api.requestsTo('GET /api/admin/overview').at(-1)!.query.get('days')).toBe('30');

    await userEvent.selectOptions(screen.getByLabelText(adminCopy.overview.period), '7');
    await waitFor(() => expect(api.requestsTo('GET /api/admin/overview').at(-1)!.query.get('days')).toBe('7'));
  });

  it('greets the admin by name on the overview only, not on the pages inside the dashboard', async () => {
    const { unmount } = open('/admin');
    expect(await screen.findByText(`Welcome, Casey. ${adminCopy.overview.description}`)).toBeInTheDocument();
    unmount();

    open('/admin/warehouses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Warehouses' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome, Casey/)).not.toBeInTheDocument();
  });

  it('labels the axes with distinct whole numbers when nothing has sold', async () => {
    open('/admin');
    const chart = await screen.findByRole('img', { name: /Orders and revenue per day: 0 orders, \$0\.00/ });
    // The left axis counts orders, the right one shows revenue in dollars.
    const [orders, revenue] = [...chart.querySelectorAll('.recharts-yAxis-tick-labels')].map((axis) =>
      [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((tick) => tick.textContent),
    );
    expect(orders).toEqual(['0', '1', '2', '3', '4']);
    expect(revenue).toEqual(['$0', '$1', '$2', '$3', '$4']);
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    api.on('GET /api/admin/overview', () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Down' } }), { status: 500 }), { times: 1 });
    open('/admin');
    expect(await screen.findByText(adminCopy.overview.loadFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('img', { name: /Orders and revenue per day/ })).toBeInTheDocument();
  });
});

describe('/admin/users', () => {
  beforeEach(() => {
    api.signIn(customer);
    api.signIn(aUser('support'));
  });

  it('searches on the server, and changes a role with warehouses, showing a missing warehouse at the field', async () => {
    open('/admin/users');
    const table = await screen.findByRole('table', { name: adminCopy.users.title });
    expect(within(table).getByText(admin.email).closest('tr')!).toHaveTextContent(adminCopy.users.you);

    await userEvent.type(screen.getByLabelText(adminCopy.users.search), 'customer@');
    await waitFor(() => expect(api.requestsTo('GET /api/admin/users').at(-1)!.query.get('q')).toBe('customer@'));
    await waitFor(() => expect(screen.queryByText(admin.email)).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: `${adminCopy.users.changeRole}: ${customer.email}` }));
    const dialog = await screen.findByRole('dialog', { name: adminCopy.users.changeRoleOf(customer.email) });
    await userEvent.selectOptions(within(dialog).getByLabelText(adminCopy.users.role), 'manager');
    await userEvent.click(within(dialog).getByRole('button', { name: adminCopy.users.save }));
    expect(await within(dialog).findByText('Choose at least one warehouse')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/users/:id/role')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Georgetown' }));
    await userEvent.click(within(dialog).getByRole('button', { name: adminCopy.users.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/admin/users/:id/role')[0]!.body).toEqual({ role: 'manager', warehouseIds: [api.data.warehouses[0]!.id] });
    expect(await screen.findByText(adminCopy.users.roleChanged)).toBeInTheDocument();
    const row = (await screen.findByText('Georgetown', { selector: 'td' })).closest('tr')!;
    expect(row).toHaveTextContent('Manager');
  });

  it('asks before deactivating, then shows the account deactivated and offers reactivation', async () => {
    open('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: `${adminCopy.users.deactivate}: ${customer.email}` }));
    const dialog = await screen.findByRole('dialog', { name: adminCopy.users.deactivateTitle(customer.email) });
    expect(api.requestsTo('POST /api/admin/users/:id/deactivate')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: adminCopy.users.deactivate }));

    expect(await screen.findByText(adminCopy.users.deactivatedToast)).toBeInTheDocument();
    expect(adminFakes(api).deactivated.has(customer.profile.id)).toBe(true);
    const row = screen.getByText(customer.email).closest('tr')!;
    expect(await within(row).findByText(adminCopy.users.deactivated)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: `${adminCopy.users.reactivate}: ${customer.email}` }));
    expect(await within(row).findByText(adminCopy.users.active)).toBeInTheDocument();
  });

  it('says so when nobody matches', async () => {
    open('/admin/users');
    await userEvent.type(await screen.findByLabelText(adminCopy.users.search), 'nobody-at-all');
    expect(await screen.findByText(adminCopy.users.empty)).toBeInTheDocument();
  });
});

describe('/admin/audit', () => {
  const roleChange = (): AuditEntry => ({
    id: testId(40, 1),
    at: '2026-11-22T15:00:00.000Z',
    actor: { profileId: admin.profile.id, email: admin.email, role: 'admin' },
    action: 'user.role_changed',
    entityType: 'user',
    entityId: testId(9, 1),
    summary: 'Changed the role of customer@demo.test from Customer to Support',
    before: { role: 'customer' },
    after: { role: 'support' },
  });

  it('lists who did what and when, searches on the server and expands before and after', async () => {
    const fakes = adminFakes(api);
    fakes.audit.push(
      roleChange(),
      {
        id: testId(40, 2),
        at: '2026-11-22T14:00:00.000Z',
        actor: { profileId: null, email: 'system', role: 'system' },
        action: 'refund.recorded',
        entityType: 'order',
        entityId: testId(30, 1),
        summary: 'Refunded $5.00 (Goodwill refund): Late',
        before: null,
        after: { refundedAmount: 500 },
      },
    );
    open('/admin/audit');
    const log = await screen.findByRole('list', { name: adminCopy.audit.title });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    const first = within(log).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Changed the role of customer@demo.test from Customer to Support');
    expect(first).toHaveTextContent(admin.email);
    // In the business's zone, as the overview counts its days, and named: the device here is on UTC.
    expect(within(first).getByText('Nov 22, 2026, 9:00 AM CST')).toHaveAttribute('dateTime', '2026-11-22T15:00:00.000Z');

    await userEvent.click(within(first).getByText(adminCopy.audit.showDetails));
    expect(within(first).getByText(/"role": "support"/)).toBeVisible();

    await userEvent.type(screen.getByLabelText(adminCopy.audit.search), 'refund');
    await waitFor(() => expect(within(screen.getByRole('list', { name: adminCopy.audit.title })).getAllByRole('listitem')).toHaveLength(1));
    expect(api.requestsTo('GET /api/admin/audit').at(-1)!.query.get('q')).toBe('refund');
  });

  it('names what each entry did and to what in words, and filters by every kind of record the log holds', async () => {
    const fakes = adminFakes(api);
    fakes.audit.push(
      roleChange(),
      {
        id: testId(40, 2),
        at: '2026-11-22T14:00:00.000Z',
        actor: { profileId: admin.profile.id, email: admin.email, role: 'admin' },
        action: 'kitchen.closed',
        entityType: 'cloud_kitchen',
        entityId: testId(12, 1),
        summary: 'Closed Mama Rosa',
        before: { isOpen: true },
        after: { isOpen: false },
      },
    );
    open('/admin/audit');
    const log = await screen.findByRole('list', { name: adminCopy.audit.title });
    const [roleChanged] = within(log).getAllByRole('listitem');
    expect(roleChanged).toHaveTextContent(`${adminCopy.audit.what}${adminCopy.audit.actions['user.role_changed']}`);
    expect(roleChanged).toHaveTextContent(`${adminCopy.audit.record}${adminCopy.audit.entityTypes.user} ${testId(9, 1)}`);
    expect(roleChanged).not.toHaveTextContent('user.role_changed');

    await userEvent.selectOptions(screen.getByLabelText(adminCopy.audit.entityType), adminCopy.audit.entityTypes.cloud_kitchen);
    await waitFor(() => expect(within(screen.getByRole('list', { name: adminCopy.audit.title })).getAllByRole('listitem')).toHaveLength(1));
    expect(api.requestsTo('GET /api/admin/audit').at(-1)!.query.get('entityType')).toBe('cloud_kitchen');
    expect(screen.getByRole('list', { name: adminCopy.audit.title })).toHaveTextContent('Closed Mama Rosa');
  });

  it('says when nothing is recorded yet, and when nothing matches a search', async () => {
    open('/admin/audit');
    expect(await screen.findByText(adminCopy.audit.empty)).toBeInTheDocument();
    expect(screen.queryByText(adminCopy.audit.noneMatch)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(adminCopy.audit.search), 'refund');
    expect(await screen.findByText(adminCopy.audit.noneMatch)).toBeInTheDocument();
  });
});

describe('/admin/orders', () => {
  it('lists every order with the filters sent to the server, and opens one', async () => {
    const order = orderFakes(api).add(anOrder(1, { status: 'delivered' }), customer);
    orderFakes(api).add(anOrder(2, { status: 'placed' }), aUser('customer', { id: testId(9, 50), userId: testId(10, 50), email: 'other@demo.test' }));
    open('/admin/orders');

    const table = await screen.findByRole('table', { name: adminCopy.orders.title });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByLabelText(adminCopy.orders.status), 'delivered');
    await waitFor(() => expect(within(screen.getByRole('table', { name: adminCopy.orders.title })).getAllByRole('row')).toHaveLength(2));
    const asked = api.requestsTo('GET /api/staff/orders').at(-1)!.query;
    expect(asked.get('view')).toBe('all');
    expect(asked.get('status')).toBe('delivered');

    await userEvent.click(screen.getByRole('link', { name: order.orderNumber }));
    expect(await screen.findByRole('heading', { name: order.orderNumber })).toBeInTheDocument();
  });

  it('reads a refunded order whose payment was refunded in part as partially refunded, as its customer does', async () => {
    // One unit of the first order came back; everything of the second did, and everything paid for it.
    const part = anOrder(1, { status: 'refunded', lines: [anOrderLine(1, { id: testId(31, 11), quantity: 2, refundedQuantity: 1 })] });
    const partly = orderFakes(api).add(refundedBy(part, part.lines[0]!.unitPrice), customer);
    const whole = anOrder(2, { status: 'refunded', lines: [anOrderLine(1, { id: testId(31, 21), quantity: 2, refundedQuantity: 2 })] });
    const fully = orderFakes(api).add(refundedBy(whole, whole.totalAmount), customer);
    open('/admin/orders');
    const table = await screen.findByRole('table', { name: adminCopy.orders.title });
    const rowOf = (orderNumber: string) => within(table).getByRole('link', { name: orderNumber }).closest('tr')!;
    await within(table).findByRole('link', { name: partly.orderNumber });
    expect(rowOf(partly.orderNumber)).toHaveTextContent('Partially refunded');
    expect(rowOf(fully.orderNumber)).toHaveTextContent('Refunded');
    expect(rowOf(fully.orderNumber)).not.toHaveTextContent('Partially refunded');
  });

  it("lets a customer's long e-mail address wrap only between its parts", async () => {
    const email = 'evangeline.montgomery-fitzwilliam@northeastern-cooperative.example.test';
    orderFakes(api).add(anOrder(1, { status: 'placed' }), aUser('customer', { id: testId(9, 51), userId: testId(10, 51), email }));
    open('/admin/orders');
    const address = await screen.findByText(email);
    expect(address.className).not.toMatch(/break-all/);
    // Line breaks are offered before '@' and '.' and after '-', and nowhere else.
    const parts = [...address.childNodes].filter((node) => node.nodeName !== 'WBR').map((node) => node.textContent);
    expect(parts).toEqual(['evangeline', '.montgomery-', 'fitzwilliam', '@northeastern-', 'cooperative', '.example', '.test']);
    expect(address.querySelectorAll('wbr')).toHaveLength(6);
  });

  it('says so when no order matches', async () => {
    open('/admin/orders');
    expect(await screen.findByText(adminCopy.orders.empty)).toBeInTheDocument();
  });
});

describe('/admin/orders/{id} (staff order detail and refunds)', () => {
  function deliveredOrder() {
    return orderFakes(api).add(
      anOrder(3, {
        status: 'delivered',
        lines: [anOrderLine(1, { id: testId(31, 1), quantity: 3 }), anOrderLine(2, { id: testId(31, 2), quantity: 1 })],
      }),
      customer,
    );
  }

  it('shows lines, totals, address, payment and the timeline, and refunds picked items with a reason after confirming', async () => {
    const order = deliveredOrder();
    open(`/admin/orders/${order.id}`);
    expect(await screen.findByRole('heading', { name: order.orderNumber })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: orderCopy.detail.items })).toHaveTextContent('Spaghetti');
    // The timeline staff read is the customer's, naming who made each change.
    const timeline = screen.getByRole('list', { name: orderCopy.detail.timeline });
    expect(timeline).toHaveTextContent('Delivered');
    expect(screen.getByText(staffOrderCopy.noRefunds)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: staffOrderCopy.submit }));
    expect(await screen.findByText('Pick at least one item')).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(staffOrderCopy.quantityOf('Spaghetti')), '2');
    await userEvent.type(screen.getByLabelText(staffOrderCopy.reason), 'Crushed boxes');
    await userEvent.click(screen.getByRole('button', { name: staffOrderCopy.submit }));
    // Two Spaghetti ($3.98) and their share of the order's tax ($0.99 on $11.96).
    const confirm = await screen.findByRole('dialog', { name: staffOrderCopy.confirmTitle('$4.30') });
    expect(api.requestsTo('POST /api/orders/:id/refunds')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: staffOrderCopy.submit }));

    expect(await screen.findByText(staffOrderCopy.refundedToast)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/orders/:id/refunds')[0]!.body).toEqual({ kind: 'line', reason: 'Crushed boxes', lines: [{ orderLineId: testId(31, 1), quantity: 2 }] });
    const refunds = await screen.findByRole('list', { name: staffOrderCopy.refunds });
    expect(refunds).toHaveTextContent('$4.30');
    expect(refunds).toHaveTextContent('Crushed boxes');
    expect(screen.getByRole('list', { name: orderCopy.detail.items })).toHaveTextContent(orderCopy.detail.returnedQuantity(2));
  });

  it('refunds a goodwill amount, and shows the server refusing too much at the field', async () => {
    const order = deliveredOrder();
    open(`/admin/orders/${order.id}`);
    await userEvent.click(await screen.findByRole('radio', { name: staffOrderCopy.kinds.goodwill }));
    await userEvent.type(screen.getByLabelText(staffOrderCopy.amount), 'abc');
    await userEvent.type(screen.getByLabelText(staffOrderCopy.reason), 'Late');
    await userEvent.click(screen.getByRole('button', { name: staffOrderCopy.submit }));
    expect(await screen.findByText(staffOrderCopy.amountInvalid)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(staffOrderCopy.amount));
    await userEvent.type(screen.getByLabelText(staffOrderCopy.amount), '9999');
    await userEvent.click(screen.getByRole('button', { name: staffOrderCopy.submit }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: staffOrderCopy.submit }));
    expect(await screen.findAllByText('The amount is more than what was paid and not yet refunded.')).not.toHaveLength(0);
    expect(screen.getByLabelText(staffOrderCopy.amount)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows lines as picking left them, as the customer reads them, and says what came off the amount due on delivery', async () => {
    // 1 of 2 Spaghetti replaced by a cheaper item, neither Brie found; paid on delivery, so nothing is refunded in money.
    const order = orderFakes(api).add(
      anOrder(4, {
        status: 'processing',
        lines: [
          anOrderLine(1, { id: testId(31, 1), quantity: 2, fulfilment: { status: 'substituted', quantity: 1, substitute: { name: 'Penne', unitPrice: 150 } } }),
          anOrderLine(2, { id: testId(31, 2), quantity: 2, fulfilment: { status: 'refunded', quantity: 2, substitute: null } }),
        ],
      }),
      customer,
    );
    api.on('GET /api/orders/:id', () => order);
    renderApp(<StaffOrderDetail orderId={order.id} />, { api, user: aUser('manager') });
    const items = await screen.findByRole('list', { name: orderCopy.detail.items });
    const [spaghetti, brie] = within(items).getAllByRole('listitem');
    expect(within(spaghetti!).getByText('16 oz · Qty 1 of 2 × $1.99')).toBeInTheDocument();
    expect(within(spaghetti!).getByText(orderCopy.fulfilment.substituted(1, 'Penne', '$1.50'))).toBeInTheDocument();
    expect(spaghetti).toHaveTextContent('$3.49');
    expect(within(brie!).getByText(orderCopy.fulfilment.refunded(2))).toBeInTheDocument();
    expect(brie).toHaveTextContent('$0.00');
    expect(screen.getByText(staffOrderCopy.takenOffAmountDue)).toBeInTheDocument();
    expect(screen.queryByText(staffOrderCopy.noRefunds)).not.toBeInTheDocument();
  });

  it('shows no refund form to staff who may not refund', async () => {
    const order = deliveredOrder();
    api.on('GET /api/orders/:id', () => order);
    renderApp(<StaffOrderDetail orderId={order.id} />, { api, user: aUser('manager') });
    expect(await screen.findByRole('heading', { name: order.orderNumber })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: staffOrderCopy.refundTitle })).not.toBeInTheDocument();
  });
});
