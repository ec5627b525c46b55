import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportCopy } from '@/shared/copy';
import { createFakeApi } from '@/web/test/fake-api';
import { anOrder, aUser, testId } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { SupportOrdersPage } from './order-lookup';

const text = supportCopy.lookup;

describe('the support order look-up', () => {
  it("finds orders by email and lists the chosen customer's history, each linked to its page", async () => {
    const api = createFakeApi();
    const robin = aUser('customer', { id: testId(9, 51), userId: testId(10, 51), email: 'robin@example.test', firstName: 'Robin', lastName: 'Vale' });
    const kim = aUser('customer', { id: testId(9, 52), userId: testId(10, 52), email: 'kim@example.test', firstName: 'Kim', lastName: 'Ash' });
    const first = orderFakes(api).add(anOrder(1, { status: 'delivered' }), robin);
    const second = orderFakes(api).add(anOrder(2, { status: 'cancelled' }), robin);
    orderFakes(api).add(anOrder(3), kim);
    const user = userEvent.setup();
    renderApp(<SupportOrdersPage />, { api, user: 'support', path: '/support-dashboard/orders' });

    expect(await screen.findByText(text.prompt)).toBeVisible();
    // Named by a label shown above it, which a phone-wide field does not cut short as it would a placeholder.
    expect(screen.getByText(text.search, { selector: 'label' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: text.search }), 'robin@');
    await user.click(screen.getByRole('button', { name: text.searchButton }));
    const table = await screen.findByRole('table', { name: text.title });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: first.orderNumber })).toHaveAttribute('href', `/support-dashboard/orders/${first.id}`);

    await user.click(within(table).getAllByRole('button', { name: text.showHistory('Robin Vale') })[0]!);
    const history = await screen.findByRole('table', { name: text.history('Robin Vale') });
    expect(within(history).getByRole('link', { name: second.orderNumber })).toBeVisible();
    const asked = api.requests.filter((request) => request.path === '/api/staff/orders').at(-1)!;
    expect(asked.query.get('customerProfileId')).toBe(robin.profile.id);
    expect(asked.query.get('view')).toBe('all');
  });

  it('says when nothing matches', async () => {
    const api = createFakeApi();
    const user = userEvent.setup();
    renderApp(<SupportOrdersPage />, { api, user: 'support', path: '/support-dashboard/orders' });
    await user.type(await screen.findByRole('searchbox', { name: text.search }), 'nobody');
    await user.click(screen.getByRole('button', { name: text.searchButton }));
    expect(await screen.findByText(text.empty)).toBeVisible();
  });
});
