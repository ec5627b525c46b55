import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { KitchenProfile } from '@/shared/contracts/kitchen-operator';
import { routes } from '@/web/app/router';
import { ApplyCloudKitchenPage } from '@/web/app/routes/account/apply-cloud-kitchen';
import { KitchenApplicationsPage } from '@/web/app/routes/dashboards/admin/kitchen-applications';
import { KitchenMenuEditorPage } from '@/web/app/routes/dashboards/kitchen/menu';
import { KitchenDashboardPage } from '@/web/app/routes/dashboards/kitchen/orders';
import { KitchenProfilePage } from '@/web/app/routes/dashboards/kitchen/profile';
import { apiError, createFakeApi } from '@/web/test/fake-api';
import { anOrder, anOrderLine, aUser, testId } from '@/web/test/fake-data';
import { kitchenOperatorFakes } from '@/web/test/fake-kitchen-operator';
import { staffFakes } from '@/web/test/fake-staff';
import { expectToast, renderApp } from '@/web/test/render-app';

const kitchenId = testId(77, 1);
const owner = aUser('cloud_kitchen', { kitchenId, kitchenIds: [kitchenId] });

function aKitchenProfile(overrides: Partial<KitchenProfile> = {}): KitchenProfile {
  return {
    id: kitchenId,
    businessName: 'Nonna Rosa',
    kitchenType: 'home',
    description: 'Pasta.',
    cuisine: 'Italian',
    imageUrl: '',
    streetAddress: '12 Oak St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    contactPhone: '(512) 555-0199',
    openingHours: [{ day: 1, opens: '11:00', closes: '21:00' }],
    timeZone: 'America/Chicago',
    prepTimeMinutes: 25,
    ordersPerHour: 8,
    isOpen: true,
    openNow: true,
    ...overrides,
  };
}

async function fillApplication(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Business name'), 'Nonna Rosa');
  await user.type(screen.getByLabelText('Street address'), '12 Oak St');
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.selectOptions(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP code'), '78701');
  await user.type(screen.getByLabelText('Contact phone'), '512 555 0199');
  await user.type(screen.getByLabelText('Food-safety certificate number'), 'TX-FS-1');
  await user.type(screen.getByLabelText('Cuisine'), 'Italian');
  await user.type(screen.getByLabelText('Description'), 'Fresh pasta.');
}

describe('applying for a cloud kitchen', () => {
  it('shows errors at the field, then the pending state once sent', async () => {
    const api = createFakeApi();
    renderApp(<ApplyCloudKitchenPage />, { api, user: 'customer', path: '/apply-cloud-kitchen' });
    const user = userEvent.setup();
    // Before sending, the applicant reads that this account stops being one that shops.
    const notice = await screen.findByRole('region', { name: 'This account becomes a kitchen account' });
    expect(notice).toHaveTextContent('can no longer shop, order or subscribe to meal plans. Apply with the account the kitchen will use');
    expect(screen.getByRole('button', { name: 'Submit application' })).toHaveAccessibleDescription(expect.stringContaining('can no longer shop'));
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Business name is required')).toBeVisible();
    expect(screen.getByLabelText('Business name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST /api/kitchen-applications')).toHaveLength(0);

    await fillApplication(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeVisible();
    expect(api.requestsTo('POST /api/kitchen-applications')[0]?.body).toMatchObject({ businessName: 'Nonna Rosa', state: 'TX', kitchenType: 'home' });
    // Typing ten fields takes a while on a busy machine.
  }, 20_000);

  it("shows the admin's reason for a rejection and lets the person apply again", async () => {
    const api = createFakeApi();
    const customer = aUser('customer');
    kitchenOperatorFakes(api).applications.push({
      id: testId(78, 1),
      profileId: customer.profile.id,
      status: 'rejected',
      businessName: 'Nonna Rosa',
      kitchenType: 'home',
      streetAddress: '12 Oak St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      contactPhone: '512 555 0199',
      foodSafetyCertificate: 'TX-FS-1',
      cuisine: 'Italian',
      description: 'Pasta.',
      rejectionReason: 'The certificate has expired.',
      submittedAt: '2026-11-20T10:00:00.000Z',
      decidedAt: '2026-11-21T10:00:00.000Z',
      kitchenId: null,
      applicant: { name: 'Casey Doe', email: customer.email },
    });
    renderApp(<ApplyCloudKitchenPage />, { api, user: customer });
    expect(await screen.findByText('The certificate has expired.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(screen.getByLabelText('Business name')).toHaveValue('Nonna Rosa');
    await userEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeVisible();
  });
});

describe('the application page for someone who runs a kitchen', () => {
  it('sends them to their dashboard instead of a form', async () => {
    renderApp(<ApplyCloudKitchenPage />, { user: owner });
    expect(await screen.findByRole('heading', { name: 'You already run a kitchen.' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the kitchen dashboard' })).toHaveAttribute('href', '/cloud-kitchen');
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
  });
});

describe('reviewing kitchen applications', () => {
  it('lists pending applications and approves one after confirmation', async () => {
    const api = createFakeApi();
    const applicant = aUser('customer');
    api.signIn(applicant);
    await api.fetch('/api/kitchen-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessName: 'Nonna Rosa', kitchenType: 'home', streetAddress: '12 Oak St', city: 'Austin', state: 'TX', zipCode: '78701', contactPhone: '512 555 0199', foodSafetyCertificate: 'TX-1', cuisine: 'Italian', description: 'Pasta.' }),
    });
    renderApp(<KitchenApplicationsPage />, { api, user: 'admin' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review Nonna Rosa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nonna Rosa' });
    expect(within(dialog).getByText('TX-1')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // Approving is a step of the same dialog, which tells the admin what the applicant's account becomes.
    const confirm = await screen.findByRole('dialog', { name: 'Approve Nonna Rosa?' });
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('turns the applicant’s account into a kitchen account: it can no longer shop'));
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await expectToast('Nonna Rosa approved');
    await waitFor(() => expect(screen.getByText('Approved', { selector: '[data-slot="badge"]' })).toBeVisible());
    expect(kitchenOperatorFakes(api).applications[0]?.status).toBe('approved');
  });

  it('says in the dialog why an approval is refused while the applicant still has orders or subscriptions', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).applications.push({
      id: testId(78, 3), profileId: testId(9, 2), status: 'pending', businessName: 'Busy Bowl', kitchenType: 'home', streetAddress: '1 A St', city: 'Austin', state: 'TX', zipCode: '78701',
      contactPhone: '512 555 0100', foodSafetyCertificate: 'TX-3', cuisine: 'Bowls', description: 'Bowls.', rejectionReason: null, submittedAt: '2026-11-20T10:00:00.000Z', decidedAt: null, kitchenId: null,
      applicant: { name: 'Casey Doe', email: 'customer@demo.test' },
    });
    const refusal = 'The applicant still has 1 order in progress. A kitchen account cannot see them, so they need to finish or cancel them before this application can be approved.';
    api.on('POST /api/admin/kitchen-applications/:id/approve', () => apiError(409, 'APPLICANT_STILL_SHOPPING', refusal));
    renderApp(<KitchenApplicationsPage />, { api, user: 'admin' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review Busy Bowl' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Busy Bowl' })).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve Busy Bowl?' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(confirm).getByRole('button', { name: 'Approve' })).toBeDisabled();
    // Said once, where the admin is looking: not again in a toast.
    // Said once, where the admin is looking: not again in a toast (the toaster is behind the modal dialog).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(kitchenOperatorFakes(api).applications[0]?.status).toBe('pending');
  });

  it('needs a reason to reject', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).applications.push({
      id: testId(78, 2), profileId: testId(9, 1), status: 'pending', businessName: 'Taco Hut', kitchenType: 'commercial', streetAddress: '1 A St', city: 'Austin', state: 'TX', zipCode: '78701',
      contactPhone: '512 555 0100', foodSafetyCertificate: 'TX-2', cuisine: 'Tex-Mex', description: 'Tacos.', rejectionReason: null, submittedAt: '2026-11-20T10:00:00.000Z', decidedAt: null, kitchenId: null,
      applicant: { name: 'Casey Doe', email: 'customer@demo.test' },
    });
    renderApp(<KitchenApplicationsPage />, { api, user: 'admin' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review Taco Hut' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Taco Hut' })).getByRole('button', { name: 'Reject' }));
    // Rejecting replaces the review in the same dialog, with a description that says what the reason is for.
    const confirm = await screen.findByRole('dialog', { name: 'Reject Taco Hut' });
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
    expect(confirm).toHaveAccessibleDescription('The applicant reads your reason on their application page and may apply again.');
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Taco Hut' })).getByRole('button', { name: 'Reject' }));
    await user.click(within(confirm).getByRole('button', { name: 'Reject application' }));
    expect(await within(confirm).findByText('Reason is required')).toBeVisible();
    await user.type(within(confirm).getByLabelText('Reason the applicant will see'), 'No certificate on file.');
    await user.click(within(confirm).getByRole('button', { name: 'Reject application' }));
    await expectToast('Taco Hut rejected');
    expect(kitchenOperatorFakes(api).applications[0]).toMatchObject({ status: 'rejected', rejectionReason: 'No certificate on file.' });
  });
});


/** The owner's menu editor with one dish on it, Lasagna at $16.50. */
function openMenuWithLasagna() {
  const api = createFakeApi();
  kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile());
  kitchenOperatorFakes(api).dishes.set(kitchenId, [
    { id: testId(79, 1), name: 'Lasagna', description: '', menuSection: 'Mains', price: 1650, images: [], available: true, hidden: false, dietaryTags: [] },
  ]);
  renderApp(<KitchenMenuEditorPage />, { api, user: owner });
  return { api, user: userEvent.setup() };
}

describe("the kitchen owner's dashboard", () => {
  it('adds a dish with dietary tags to the menu', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile());
    renderApp(<KitchenMenuEditorPage />, { api, user: owner });
    const user = userEvent.setup();
    expect(await screen.findByText('No dishes yet. Add your first dish.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add dish' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dish' });
    // The dialog says what the dish is for, not the menu page's own subtitle again.
    expect(dialog).toHaveAccessibleDescription('Customers see its name, description, price, image and dietary tags on your menu.');
    await user.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Name'), 'Lasagna');
    await user.type(within(dialog).getByLabelText('Price ($)'), '16.50');
    await user.type(within(dialog).getByLabelText('Dietary tags (comma separated)'), 'Vegetarian, nut-free');
    await user.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    await expectToast('Lasagna saved');
    const list = await screen.findByRole('list', { name: 'Menu' });
    expect(within(list).getByText('Lasagna')).toBeVisible();
    expect(within(list).getByText('vegetarian')).toBeVisible();
    expect(within(list).getByText('nut-free')).toBeVisible();
  });

  it('takes the price in dollars and cents, as the customer pays it', async () => {
    const { api, user } = openMenuWithLasagna();
    await user.click(await screen.findByRole('button', { name: 'Add dish' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dish' });
    await user.type(within(dialog).getByLabelText('Name'), 'Pozole');
    await user.type(within(dialog).getByLabelText('Price ($)'), '14.5.0');
    await user.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    expect(await within(dialog).findByText('Write the price in dollars and cents, like 12.50.')).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Price ($)'));
    await user.type(within(dialog).getByLabelText('Price ($)'), '1400');
    await user.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    expect(await within(dialog).findByText('Price must be at most $1,000')).toBeVisible();
    expect(api.requestsTo('POST /api/kitchen/dishes')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Price ($)'));
    await user.type(within(dialog).getByLabelText('Price ($)'), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    await expectToast('Pozole saved');
    expect(kitchenOperatorFakes(api).dishes.get(kitchenId)?.find((dish) => dish.name === 'Pozole')?.price).toBe(1400);
    expect(within(await screen.findByRole('list', { name: 'Menu' })).getByText('$14.00')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Edit Lasagna' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Lasagna' });
    expect(within(edit).getByLabelText('Price ($)')).toHaveValue('16.50');
  });

  it('deletes a dish only after confirmation', async () => {
    const { api, user } = openMenuWithLasagna();
    await user.click(await screen.findByRole('button', { name: 'Delete Lasagna' }));
    expect(kitchenOperatorFakes(api).dishes.get(kitchenId)).toHaveLength(1);
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Lasagna?' })).getByRole('button', { name: 'Delete Lasagna' }));
    expect(await screen.findByText('No dishes yet. Add your first dish.')).toBeVisible();
  });

  it('keeps keyboard focus on the open switch while it is saved, and ignores a press meanwhile', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile());
    renderApp(<KitchenProfilePage />, { api, user: owner });
    const open = await screen.findByRole('switch', { name: 'Open for orders' });
    const held = api.holdNext('PUT /api/kitchen/open');
    open.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(open).toHaveAttribute('aria-busy', 'true'));
    expect(document.activeElement).toBe(open);
    await userEvent.keyboard(' ');
    held.release();
    await expectToast('Kitchen closed for orders');
    expect(api.requestsTo('PUT /api/kitchen/open')).toHaveLength(1);
    expect(open).not.toBeChecked();
    expect(document.activeElement).toBe(open);
  });

  it("keeps keyboard focus on a dish's availability switch while it is saved", async () => {
    const { api } = openMenuWithLasagna();
    const available = await screen.findByRole('switch', { name: 'Lasagna available' });
    const held = api.holdNext('PUT /api/kitchen/dishes/:id');
    available.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(available).toHaveAttribute('aria-busy', 'true'));
    expect(document.activeElement).toBe(available);
    await userEvent.keyboard(' ');
    held.release();
    await waitFor(() => expect(available).not.toHaveAttribute('aria-busy'));
    expect(api.requestsTo('PUT /api/kitchen/dishes/:id')).toHaveLength(1);
    expect(kitchenOperatorFakes(api).dishes.get(kitchenId)?.[0]?.available).toBe(false);
    expect(document.activeElement).toBe(available);
  });

  it('keeps the open switch as set and refuses hours that close when they open', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile());
    renderApp(<KitchenProfilePage />, { api, user: owner });
    const user = userEvent.setup();
    const open = await screen.findByRole('switch', { name: 'Open for orders' });
    expect(open).toBeChecked();
    await user.click(open);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Open for orders' })).not.toBeChecked());
    expect(kitchenOperatorFakes(api).kitchens.get(kitchenId)?.isOpen).toBe(false);

    const closes = screen.getByLabelText('Monday closes');
    await user.clear(closes);
    await user.type(closes, '11:00');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Closing time must differ from opening time')).toBeVisible();
    expect(api.requestsTo('PUT /api/kitchen/profile')).toHaveLength(0);
  });

  it('picks the time zone from a list, our zones first, with the current one selected, and saves the one picked', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile({ timeZone: 'America/Chicago' }));
    renderApp(<KitchenProfilePage />, { api, user: owner });
    const user = userEvent.setup();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('America/Chicago');
    expect(within(zone).getByRole('option', { selected: true })).toHaveTextContent('Central Time (America/Chicago)');
    const us = within(zone).getByRole('group', { name: 'United States' });
    expect(within(us).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu',
    ]);
    const all = within(zone).getByRole('group', { name: 'All time zones' });
    expect(within(all).getByRole('option', { name: 'Europe/Madrid' })).toBeInTheDocument();
    await user.selectOptions(zone, 'America/Denver');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await expectToast('Profile saved');
    expect(api.requestsTo('PUT /api/kitchen/profile')[0]?.body).toMatchObject({ timeZone: 'America/Denver' });
  });

  it('keeps a saved time zone the list does not name selected', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile({ timeZone: 'UTC' }));
    renderApp(<KitchenProfilePage />, { api, user: owner });
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  });

  it("names the kitchen and lists what a new kitchen still needs, each step linked to where it is done", async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile({ openingHours: [], isOpen: false, openNow: false }));
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    expect(await screen.findByText('Nonna Rosa')).toBeVisible();
    const setup = await screen.findByRole('region', { name: 'Set up your kitchen' });
    expect(within(setup).getByRole('link', { name: 'Add your opening hours' })).toHaveAttribute('href', '/cloud-kitchen/profile');
    expect(within(setup).getByRole('link', { name: 'Add dishes to your menu' })).toHaveAttribute('href', '/cloud-kitchen/menu');
    expect(within(setup).getByRole('link', { name: 'Open for orders' })).toHaveAttribute('href', '/cloud-kitchen/profile');
    expect(screen.getByText('No active orders right now.')).toBeVisible();
  });

  it('shows a done step as done, and no checklist once the kitchen has hours and dishes and is open', async () => {
    const api = createFakeApi();
    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile({ isOpen: false, openNow: false }));
    kitchenOperatorFakes(api).dishes.set(kitchenId, [
      { id: testId(79, 2), name: 'Lasagna', description: '', menuSection: 'Mains', price: 1650, images: [], available: true, hidden: false, dietaryTags: [] },
    ]);
    const { unmount } = renderApp(<KitchenDashboardPage />, { api, user: owner });
    const setup = await screen.findByRole('region', { name: 'Set up your kitchen' });
    expect(within(setup).getAllByRole('link').map((link) => link.textContent)).toEqual(['Open for orders']);
    expect(within(setup).getByText('Add your opening hours')).toBeVisible();
    unmount();

    kitchenOperatorFakes(api).kitchens.set(kitchenId, aKitchenProfile({ isOpen: true }));
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    expect(await screen.findByText('Nonna Rosa')).toBeVisible();
    expect(await screen.findByText('No active orders right now.')).toBeVisible();
    // Both the kitchen and its menu have been read by now, the checklist's two sources.
    await waitFor(() => expect(api.requestsTo('GET /api/kitchen/dishes')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Set up your kitchen' })).toBeNull();
  });

  it('shows on each card the dishes to cook with their quantities, the notes and when it is due, and opens the order in the dashboard', async () => {
    const api = createFakeApi();
    const start = '2026-11-22T23:00:00.000Z';
    const end = '2026-11-23T00:00:00.000Z';
    const asap = anOrder(1, {
      orderNumber: 'FC-20261122-ASAP',
      status: 'placed',
      type: 'cloud_kitchen',
      cloudKitchenId: kitchenId,
      driverNotes: 'No onions please',
      lines: [anOrderLine(1, { name: 'Brisket Tacos', quantity: 2 }), anOrderLine(2, { id: testId(31, 99), name: 'Churros', quantity: 1 })],
    });
    asap.delivery = { kind: 'asap', windowStart: null, windowEnd: null, estimatedAt: '2026-11-22T23:00:00.000Z' };
    const later = anOrder(2, { orderNumber: 'FC-20261122-LATE', status: 'confirmed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    later.delivery = { kind: 'window', windowStart: start, windowEnd: end, estimatedAt: end };
    api.data.orders.push(asap, later);
    renderApp(<KitchenDashboardPage />, { api, user: owner });

    const dishes = await screen.findByRole('list', { name: 'Dishes of FC-20261122-ASAP' });
    expect(within(dishes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 ×Brisket Tacos', '1 ×Churros']);
    const card = dishes.closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByText(/^Deliver by 5:00 PM C[SD]T$/)).toBeVisible();
    expect(within(card).getByText('No onions please')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open order FC-20261122-ASAP' })).toHaveAttribute('href', `/cloud-kitchen/orders/${asap.id}`);
    const other = screen.getByRole('list', { name: 'Dishes of FC-20261122-LATE' }).closest('[data-slot="card"]') as HTMLElement;
    expect(within(other).getByText(/^Delivery window: .*, 5:00 – 6:00 PM C[SD]T$/)).toBeVisible();
  });

  it('announces a new order live until acknowledged, and moves it through accept, preparing and ready', async () => {
    const api = createFakeApi();
    const order = anOrder(1, { orderNumber: 'FC-20261122-DISH', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    const user = userEvent.setup();
    expect(await screen.findByText('No active orders right now.')).toBeVisible();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));

    api.data.orders.push(order);
    staffFakes(api).announce(order.id);
    expect(await screen.findByRole('alert', { name: 'Needs attention' })).toHaveTextContent('New order FC-20261122-DISH');
    expect(await screen.findByRole('link', { name: 'Open order FC-20261122-DISH' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Accept: FC-20261122-DISH' }));
    await user.click(await screen.findByRole('button', { name: 'Start preparing: FC-20261122-DISH' }));
    await user.click(await screen.findByRole('button', { name: 'Ready for pickup: FC-20261122-DISH' }));
    await waitFor(() => expect(order.status).toBe('ready'));
    expect(api.requestsTo('POST /api/orders/:id/status').map((request) => (request.body as { status: string }).status)).toEqual(['confirmed', 'processing', 'ready']);

    await user.click(screen.getByRole('button', { name: 'Acknowledge: New order FC-20261122-DISH' }));
    expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull();
  });

  it('acts on a new order from its page opened from the alert, offering each time the next step the server allows', async () => {
    const api = createFakeApi();
    const order = anOrder(1, { orderNumber: 'FC-20261122-PAGE', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    renderApp(routes, { api, path: '/cloud-kitchen', user: owner });
    const user = userEvent.setup();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    api.data.orders.push(order);
    staffFakes(api).announce(order.id);
    await user.click(within(await screen.findByRole('alert', { name: 'Needs attention' })).getByRole('link', { name: 'New order FC-20261122-PAGE' }));

    const header = (await screen.findByRole('heading', { level: 1, name: 'FC-20261122-PAGE' })).parentElement!;
    expect(within(header).getByText('Placed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Decline: FC-20261122-PAGE' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept: FC-20261122-PAGE' }));
    await waitFor(() => expect(within(header).getByText('Confirmed')).toBeInTheDocument());
    // Accepted, it can no longer be declined.
    expect(screen.queryByRole('button', { name: 'Decline: FC-20261122-PAGE' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Start preparing: FC-20261122-PAGE' }));
    await waitFor(() => expect(within(header).getByText('Preparing')).toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Ready for pickup: FC-20261122-PAGE' }));
    await waitFor(() => expect(within(header).getByText('Ready for pickup')).toBeInTheDocument());
    // Handing it to the driver is the driver's step.
    expect(screen.queryByRole('button', { name: /: FC-20261122-PAGE$/ })).toBeNull();
    expect(api.requestsTo('POST /api/orders/:id/status').map((request) => (request.body as { status: string }).status)).toEqual(['confirmed', 'processing', 'ready']);
  }, 20_000);

  it("declines a new order from its page, which then reads cancelled with nothing left to do", async () => {
    const api = createFakeApi();
    const order = anOrder(1, { orderNumber: 'FC-20261122-DCL2', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    api.data.orders.push(order);
    renderApp(routes, { api, path: `/cloud-kitchen/orders/${order.id}`, user: owner });
    const user = userEvent.setup();
    const header = (await screen.findByRole('heading', { level: 1, name: 'FC-20261122-DCL2' })).parentElement!;

    await user.click(await screen.findByRole('button', { name: 'Decline: FC-20261122-DCL2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order FC-20261122-DCL2?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Too busy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));

    await expectToast('Order FC-20261122-DCL2 declined');
    await waitFor(() => expect(within(header).getByText('Cancelled')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Accept: FC-20261122-DCL2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline: FC-20261122-DCL2' })).toBeNull();
  });

  it('takes back the alert of a new order once it is cancelled', async () => {
    const api = createFakeApi();
    const order = anOrder(1, { orderNumber: 'FC-20261122-CNX2', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    api.data.orders.push(order);
    staffFakes(api).announce(order.id);
    expect(await screen.findByRole('alert', { name: 'Needs attention' })).toHaveTextContent('New order FC-20261122-CNX2');

    order.status = 'cancelled';
    staffFakes(api).announce(order.id);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull());
  });

  it('stops announcing a new order once it is accepted, here or in another browser', async () => {
    const api = createFakeApi();
    const here = anOrder(1, { orderNumber: 'FC-20261122-ACC1', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    const elsewhere = anOrder(2, { orderNumber: 'FC-20261122-ACC2', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    const user = userEvent.setup();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    api.data.orders.push(here, elsewhere);
    staffFakes(api).announce(here.id);
    staffFakes(api).announce(elsewhere.id);
    const alert = await screen.findByRole('alert', { name: 'Needs attention' });
    await waitFor(() => expect(alert).toHaveTextContent('New order FC-20261122-ACC2'));

    // The server tells every viewer, the one who accepted included, that the order took its new status.
    await user.click(await screen.findByRole('button', { name: 'Accept: FC-20261122-ACC1' }));
    await waitFor(() => expect(here.status).toBe('confirmed'));
    staffFakes(api).announce(here.id);
    await waitFor(() => expect(alert).not.toHaveTextContent('New order FC-20261122-ACC1'));
    expect(alert).toHaveTextContent('New order FC-20261122-ACC2');

    elsewhere.status = 'confirmed';
    staffFakes(api).announce(elsewhere.id);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull());
  });
  it('declines a new order with the reason picked, takes it off the list and stops its alert at once', async () => {
    const api = createFakeApi();
    const order = anOrder(1, { orderNumber: 'FC-20261122-DCL1', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    const user = userEvent.setup();
    await waitFor(() => expect(staffFakes(api).openStreams()).toBe(1));
    api.data.orders.push(order);
    staffFakes(api).announce(order.id);
    expect(await screen.findByRole('alert', { name: 'Needs attention' })).toHaveTextContent('New order FC-20261122-DCL1');

    // Keeping the order sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Decline: FC-20261122-DCL1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline order FC-20261122-DCL1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Decline: FC-20261122-DCL1' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline order FC-20261122-DCL1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a reason');
    expect(within(dialog).getByRole('radio', { name: 'Out of an ingredient' })).toHaveFocus();
    expect(api.requestsTo('POST /api/orders/:id/decline')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Out of an ingredient' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(within(dialog).getByLabelText('A word for the customer (optional)'), 'No brisket left today');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));

    await expectToast('Order FC-20261122-DCL1 declined');
    expect(api.requestsTo('POST /api/orders/:id/decline').map((request) => request.body)).toEqual([{ reason: 'out_of_ingredient', details: 'No brisket left today' }]);
    expect(order.status).toBe('cancelled');
    expect(await screen.findByText('No active orders right now.')).toBeVisible();
    // Gone at once, without waiting for the live feed to say so.
    expect(screen.queryByRole('alert', { name: 'Needs attention' })).toBeNull();
  });

  it('offers Decline only on a new order, and says why when it was accepted meanwhile', async () => {
    const api = createFakeApi();
    const accepted = anOrder(1, { orderNumber: 'FC-20261122-ACPT', status: 'confirmed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    const fresh = anOrder(2, { orderNumber: 'FC-20261122-NEW1', status: 'placed', type: 'cloud_kitchen', cloudKitchenId: kitchenId });
    api.data.orders.push(accepted, fresh);
    renderApp(<KitchenDashboardPage />, { api, user: owner });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Start preparing: FC-20261122-ACPT' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Decline: FC-20261122-ACPT' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Decline: FC-20261122-NEW1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order FC-20261122-NEW1?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Too busy' }));
    // Another browser of the kitchen accepts it first.
    fresh.status = 'confirmed';
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await expectToast('The order could not be declined');
    expect(screen.getByText('Only a new order can be declined: this one was already accepted, or has ended.')).toBeVisible();
    expect(fresh.status).toBe('confirmed');
  });
});
