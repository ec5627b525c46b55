import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { warehouseAdminCopy } from '@/shared/copy';
import { createFakeApi } from '@/web/test/fake-api';
import { testId } from '@/web/test/fake-data';
import { supportFakes } from '@/web/test/fake-support';
import { renderApp } from '@/web/test/render-app';
import { AdminWarehousesPage } from './warehouses';

const text = warehouseAdminCopy;

describe('the admin warehouses page', () => {
  it('creates a warehouse placed from its address with a manager, the fee sent in cents', async () => {
    const api = createFakeApi();
    supportFakes(api).staffCandidates.push({ profileId: testId(9, 77), name: 'Morgan Lake', email: 'morgan@example.test', role: 'manager' });
    const user = userEvent.setup();
    renderApp(<AdminWarehousesPage />, { api, user: 'admin' });
    expect(await screen.findByText(text.empty)).toBeVisible();

    await user.click(screen.getByRole('button', { name: text.add }));
    const dialog = await screen.findByRole('dialog', { name: text.form.newTitle });
    await user.type(within(dialog).getByLabelText(text.form.name), 'Austin East');
    await user.type(within(dialog).getByLabelText(text.form.streetAddress), '100 Congress Ave');
    await user.type(within(dialog).getByLabelText(text.form.city), 'Austin');
    await user.type(within(dialog).getByLabelText(text.form.state), 'TX');
    await user.type(within(dialog).getByLabelText(text.form.zipCode), '78701');
    const fee = within(dialog).getByLabelText(text.form.deliveryFee);
    await user.clear(fee);
    await user.type(fee, '4.25');
    expect(within(dialog).getByText(text.form.staffSearch, { selector: 'label' })).toBeVisible();
    await user.type(within(dialog).getByRole('searchbox', { name: text.form.staffSearch }), 'morgan');
    await user.click(await within(dialog).findByRole('button', { name: text.form.addPerson('Morgan Lake') }));
    await user.click(within(dialog).getByRole('button', { name: text.form.save }));

    await screen.findByText(text.form.saved('Austin East'));
    const sent = api.requests.find((request) => request.method === 'POST' && request.path === '/api/admin/warehouses');
    expect(sent?.body).toEqual({
      name: 'Austin East',
      streetAddress: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      deliveryRadiusMiles: 10,
      deliveryFeeCents: 425,
      windowCapacity: 20,
      pickTimeMinutes: 20,
      timeZone: 'America/Chicago',
      active: true,
      staff: [{ profileId: testId(9, 77), role: 'manager' }],
    });
    const row = await screen.findByRole('row', { name: /Austin East/ });
    expect(within(row).getByRole('link', { name: text.stock('Austin East') })).toHaveAttribute('href', `/admin/warehouses/${supportFakes(api).warehouses[0]!.id}/stock`);
  // A long form typed key by key.
  }, 20_000);

  it('shows bad values and the server refusals at their fields', async () => {
    const api = createFakeApi();
    supportFakes(api).warehouses.push({
      id: testId(34, 90), name: 'Georgetown', streetAddress: '1 Main St', city: 'Georgetown', state: 'TX', zipCode: '78626',
      latitude: 30.63, longitude: -97.67, deliveryRadiusMiles: 40, deliveryFeeCents: 0, windowCapacity: 20, pickTimeMinutes: 20, timeZone: 'America/Chicago', active: true, staff: [],
    });
    const user = userEvent.setup();
    renderApp(<AdminWarehousesPage />, { api, user: 'admin' });
    await user.click(await screen.findByRole('button', { name: text.edit('Georgetown') }));
    const dialog = await screen.findByRole('dialog', { name: text.edit('Georgetown') });
    // An existing warehouse keeps its coordinates unless asked to place it again.
    expect(within(dialog).getByLabelText(text.form.latitude)).toHaveValue('30.63');
    const radius = within(dialog).getByLabelText(text.form.deliveryRadiusMiles);
    await user.clear(radius);
    await user.type(radius, '41');
    await user.click(within(dialog).getByRole('button', { name: text.form.save }));
    expect(await within(dialog).findByText('Delivery radius must be at most 40 miles')).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(radius);
    await user.type(radius, '20');
    await user.click(within(dialog).getByLabelText(text.form.locate));
    await user.click(within(dialog).getByRole('button', { name: text.form.save }));
    // The fake geocoder cannot place 78626: the admin is asked for coordinates at the address.
    expect(await within(dialog).findByText(text.refusals.notPlaced)).toBeVisible();
  }, 20_000);
});
