import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order, ReturnRequest } from '@/shared/contracts/orders';
import { supportCopy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aUser, testId } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { staffFakes } from '@/web/test/fake-staff';
import { renderApp } from '@/web/test/render-app';
import { SupportDashboardPage } from './queue';

const text = supportCopy.queue;

/** A delivered order of Robin's with a return request for 2 × its first line (2 × 450 and 74 of tax asked: $9.74). */
function orderWithReturn(api: FakeApi, index = 1): { order: Order; request: ReturnRequest } {
  const base = anOrder(index, { status: 'refund_requested' });
  const line = base.lines[0]!;
  const request: ReturnRequest = {
    id: testId(32, index),
    orderId: base.id,
    orderNumber: base.orderNumber,
    lines: [{ orderLineId: line.id, name: line.name, quantity: 2, amount: 900 }],
    reason: 'Both were bruised',
    photoUrl: null,
    amount: 974,
    status: 'requested',
    refundedAmount: null,
    decisionNote: '',
    createdAt: new Date(Date.UTC(2026, 10, 22, 18, index)).toISOString(),
    decidedAt: null,
    timeZone: base.timeZone,
  };
  const order = { ...base, returnRequests: [request], refundableAmount: 2000 };
  orderFakes(api).add(order, aUser('customer', { id: testId(9, 40 + index), userId: testId(10, 40 + index), email: `robin${index}@example.test`, firstName: 'Robin', lastName: 'Vale' }));
  return { order, request };
}

describe('the support return queue', () => {
  it('names what its search looks in with a label above the field, which a phone-wide field would cut as a placeholder', async () => {
    const api = createFakeApi();
    const user = userEvent.setup();
    renderApp(<SupportDashboardPage />, { api, user: 'support' });

    const search = await screen.findByRole('searchbox', { name: text.search });
    expect(search).not.toHaveAttribute('placeholder');
    expect(screen.getByText(text.search, { selector: 'label' })).toBeVisible();
    await user.type(search, 'robin{Enter}');
    await waitFor(() => expect(api.requests.some((request) => request.query.get('q') === 'robin')).toBe(true));
  });

  it('shows each open request and approves a smaller amount after confirmation', async () => {
    const api = createFakeApi();
    const { order } = orderWithReturn(api);
    const user = userEvent.setup();
    renderApp(<SupportDashboardPage />, { api, user: 'support' });

    const card = await screen.findByRole('listitem', { name: `${order.orderNumber}: Robin Vale` });
    expect(within(card).getByText('Both were bruised')).toBeVisible();
    // In the order's zone, named, as the order page shows it: not the device's (UTC here).
    expect(within(card).getByText('Nov 22, 2026, 12:01 PM CST')).toBeVisible();
    expect(within(card).getByText(/robin1@example\.test/)).toBeVisible();
    // The lines, then the tax the request gives back with them.
    expect(within(card).getByText('Tax on these items').nextSibling).toHaveTextContent('$0.74');
    const amount = within(card).getByLabelText(text.amount);
    expect(amount).toHaveValue('9.74');

    await user.clear(amount);
    await user.type(amount, '4.50');
    await user.click(within(card).getByRole('button', { name: text.approve }));
    const dialog = await screen.findByRole('dialog', { name: text.confirmTitle });
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: text.confirmApprove('$4.50') }));

    await screen.findByText(text.approved('$4.50'));
    const decision = api.requests.find((request) => request.method === 'POST' && request.path.endsWith('/decision'));
    expect(decision?.body).toEqual({ decision: 'approve', amount: 450, note: '' });
    // Decided requests leave the open queue.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: `${order.orderNumber}: Robin Vale` })).toBeNull());
    expect(await screen.findByText(text.empty)).toBeVisible();
  });

  it('refuses an amount above what was asked, and a rejection without a reason, at the field and without sending', async () => {
    const api = createFakeApi();
    const { order } = orderWithReturn(api);
    const user = userEvent.setup();
    renderApp(<SupportDashboardPage />, { api, user: 'support' });

    const card = await screen.findByRole('listitem', { name: `${order.orderNumber}: Robin Vale` });
    const amount = within(card).getByLabelText(text.amount);
    await user.clear(amount);
    await user.type(amount, '9.75');
    await user.click(within(card).getByRole('button', { name: text.approve }));
    expect(await within(card).findByText(supportCopy.refusals.amountAboveRequest)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(card).getByRole('button', { name: text.reject }));
    expect(await within(card).findByText(supportCopy.refusals.reasonRequired)).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(card).getByLabelText(text.note), 'The photo shows them intact');
    await user.click(within(card).getByRole('button', { name: text.reject }));
    await screen.findByText(text.rejected);
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ decision: 'reject', note: 'The photo shows them intact' });
  });

  it('shows an empty queue as the other lists do: a heading under an icon', async () => {
    const api = createFakeApi();
    renderApp(<SupportDashboardPage />, { api, user: 'support' });
    const empty = await screen.findByRole('heading', { name: text.empty });
    expect(empty.parentElement?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('announces a new return request live until acknowledged, and lists it', async () => {
    const api = createFakeApi();
    const user = userEvent.setup();
    renderApp(<SupportDashboardPage />, { api, user: 'support' });
    expect(await screen.findByText(text.empty)).toBeVisible();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));

    const { order } = orderWithReturn(api, 2);
    staffFakes(api).announce(order.id);

    const alert = await screen.findByRole('alert', { name: 'Needs attention' });
    expect(within(alert).getByText(text.newRequest(order.orderNumber))).toBeVisible();
    expect(await screen.findByRole('listitem', { name: `${order.orderNumber}: Robin Vale` })).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: /Acknowledge/ }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull());
  });

  it('takes back the alert of a return request once it is decided, by whoever decides it', async () => {
    const api = createFakeApi();
    renderApp(<SupportDashboardPage />, { api, user: 'support' });
    expect(await screen.findByText(text.empty)).toBeVisible();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    const { order: rejected } = orderWithReturn(api, 3);
    const { order: refunded } = orderWithReturn(api, 4);
    staffFakes(api).announce(rejected.id);
    staffFakes(api).announce(refunded.id);
    const alert = await screen.findByRole('alert', { name: 'Needs attention' });
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(2));

    // Another agent rejects one request: only its alert goes.
    api.data.orders.find((candidate) => candidate.id === rejected.id)!.status = 'refund_rejected';
    staffFakes(api).announce(rejected.id);
    await waitFor(() => expect(within(alert).queryByText(text.newRequest(rejected.orderNumber))).toBeNull());
    expect(within(alert).getByText(text.newRequest(refunded.orderNumber))).toBeVisible();

    // And approves the other.
    api.data.orders.find((candidate) => candidate.id === refunded.id)!.status = 'refunded';
    staffFakes(api).announce(refunded.id);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull());
  });

  it('shows an error with a retry when the queue cannot be loaded', async () => {
    const api = createFakeApi();
    api.on('GET /api/returns', () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Down' } }), { status: 500, headers: { 'content-type': 'application/json' } }));
    renderApp(<SupportDashboardPage />, { api, user: 'support' });
    expect(await screen.findByText(text.loadError)).toBeVisible();
  });
});
