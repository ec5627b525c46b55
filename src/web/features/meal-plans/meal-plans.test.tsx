import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@/shared/contracts/locations';
import { routes } from '@/web/app/router';
import { AuthPage } from '@/web/app/routes/auth';
import { KitchenMealPlansPage } from '@/web/app/routes/dashboards/kitchen/meal-plans';
import { MealPlanDetailsPage } from '@/web/app/routes/shop/meal-plan-details';
import { apiError, createFakeApi, passOn, type FakeApi } from '@/web/test/fake-api';
import { aUser, testId } from '@/web/test/fake-data';
import { mealPlanFakes, type FakePlan } from '@/web/test/fake-meal-plans';
import { renderApp } from '@/web/test/render-app';

const kitchenId = testId(7, 1);
const owner = aUser('cloud_kitchen', { kitchenIds: [kitchenId] });
const customer = aUser('customer');
const home: Address = { id: testId(5, 1), label: 'Home', streetAddress: '3 Oak St', unit: '', deliveryInstructions: '', city: 'Georgetown', state: 'TX', zipCode: '78626', latitude: 30.63, longitude: -97.68, isDefault: true };

function withPlan(api: FakeApi, overrides: Partial<FakePlan> = {}): FakePlan {
  const plan: FakePlan = {
    id: testId(40, 900),
    kitchenId,
    name: 'Family Week',
    description: 'Dinners for four.',
    mealsPerWeek: 5,
    weeklyPrice: 6500,
    deliveryDay: 1,
    dishIds: [testId(8, 101)],
    status: 'active',
    ...overrides,
  };
  mealPlanFakes(api).plans.push(plan);
  return plan;
}

describe('the kitchen owner’s meal plans', () => {
  it('shows an empty state, then publishes a plan with this week’s menu', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(<KitchenMealPlansPage />, { path: '/cloud-kitchen/meal-plans', user: owner });
    expect(await screen.findByText('No meal plans yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New meal plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    // The API's own schema refuses at the fields before anything is sent.
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the weekly price')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/kitchen/meal-plans')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Lunch Week');
    await user.type(within(dialog).getByLabelText('Weekly price ($)'), '42.50');
    await user.selectOptions(within(dialog).getByLabelText('Delivery day'), 'Thursday');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dish 1.2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/kitchen/meal-plans')[0]!.body).toMatchObject({ name: 'Lunch Week', weeklyPrice: 4250, deliveryDay: 4, mealsPerWeek: 5, dishIds: [testId(8, 102)] });
    const card = (await screen.findByRole('heading', { name: 'Lunch Week' })).closest('li')!;
    expect(within(card).getByText('Dish 1.2')).toBeInTheDocument();
    expect(within(card).getByText('0 active subscribers')).toBeInTheDocument();
    expect(await screen.findByText('Meal plan published')).toBeInTheDocument();
  });

  it('counts active and paused subscribers apart', async () => {
    const api = createFakeApi();
    const plan = withPlan(api);
    const subscription = { planId: plan.id, customerId: customer.profile.id, addressId: home.id, weeklyPrice: plan.weeklyPrice };
    mealPlanFakes(api).subscriptions.push(
      { id: testId(41, 1), ...subscription, status: 'active' },
      { id: testId(41, 2), ...subscription, status: 'active' },
      { id: testId(41, 3), ...subscription, status: 'paused' },
      { id: testId(41, 4), ...subscription, status: 'cancelled' },
    );
    renderApp(<KitchenMealPlansPage />, { path: '/cloud-kitchen/meal-plans', user: owner, api });
    const card = (await screen.findByRole('heading', { name: 'Family Week' })).closest('li')!;
    expect(within(card).getByText('2 active subscribers · 1 paused')).toBeInTheDocument();
  });

  it('shows a server refusal at its field', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    withPlan(api);
    api.on('PUT /api/kitchen/meal-plans/:id', () => new Response(JSON.stringify({ error: { code: 'DISH_NOT_ON_MENU', message: 'x', fields: { dishIds: 'Choose dishes from your own menu.' } } }), { status: 400 }));
    renderApp(<KitchenMealPlansPage />, { path: '/cloud-kitchen/meal-plans', user: owner, api });
    await user.click(await screen.findByRole('button', { name: 'Edit Family Week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Family Week' });
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(await within(dialog).findByText('Choose dishes from your own menu.')).toBeInTheDocument();
  });

  it('pauses, activates and, after confirming, retires a plan', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const plan = withPlan(api);
    renderApp(<KitchenMealPlansPage />, { path: '/cloud-kitchen/meal-plans', user: owner, api });

    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retire' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retire Family Week?' });
    await user.click(within(confirm).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Retired')).toBeInTheDocument();
    expect(plan.status).toBe('retired');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('shows the error state when the plans cannot be loaded', async () => {
    const api = createFakeApi();
    api.on('GET /api/kitchen/meal-plans', () => new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Down' } }), { status: 500 }));
    renderApp(<KitchenMealPlansPage />, { path: '/cloud-kitchen/meal-plans', user: owner, api });
    expect(await screen.findByText('Your meal plans could not be loaded.')).toBeInTheDocument();
  });
});

describe('/meal-plan-details', () => {
  it('lists plans with their kitchen, price, meals and this week’s menu, and asks a guest to sign in', async () => {
    const api = createFakeApi();
    withPlan(api);
    renderApp(<MealPlanDetailsPage />, { path: '/meal-plan-details', api });
    const card = (await screen.findByRole('heading', { name: 'Family Week' })).closest('li')!;
    expect(within(card).getByText('Casa Rio')).toBeInTheDocument();
    expect(within(card).getByText('$65.00')).toBeInTheDocument();
    expect(within(card).getByText(/5 meals a week/)).toBeInTheDocument();
    expect(within(card).getByText('Delivered every Monday')).toBeInTheDocument();
    expect(within(card).getByText('Dish 1.1')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Sign in to subscribe' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByText('Your subscriptions')).not.toBeInTheDocument();
  });

  it('brings a guest who signs in to subscribe back to the plans', async () => {
    const user = userEvent.setup();
    sessionStorage.clear();
    const api = createFakeApi();
    withPlan(api);
    api.data.users.push(customer);
    const { router } = renderApp(
      [
        { path: '/meal-plan-details', element: <MealPlanDetailsPage /> },
        { path: '/auth', element: <AuthPage /> },
        { path: '/', element: <p>home page</p> },
      ],
      { path: '/meal-plan-details', api },
    );
    await user.click(await screen.findByRole('link', { name: 'Sign in to subscribe' }));
    const form = (await screen.findByRole('button', { name: 'Sign In' })).closest('form')!;
    await user.type(within(form).getByLabelText('Email'), customer.email);
    await user.type(within(form).getByLabelText('Password'), customer.password);
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meal-plan-details'));
    expect(await screen.findByRole('button', { name: 'Subscribe to Family Week' })).toBeInTheDocument();
  });

  it('is also found at /meal-plans rather than the not-found page', async () => {
    const api = createFakeApi();
    withPlan(api);
    const { router } = renderApp(routes, { path: '/meal-plans', api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/meal-plan-details'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal plans' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Family Week' })).toBeInTheDocument();
  });

  it('shows the empty state when no kitchen has a plan', async () => {
    renderApp(<MealPlanDetailsPage />, { path: '/meal-plan-details' });
    expect(await screen.findByText('No meal plans available')).toBeInTheDocument();
  });

  it('lets a customer subscribe with a saved address, then pause, resume and cancel after confirming', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const plan = withPlan(api);
    api.data.addresses[customer.id] = [home];
    renderApp(<MealPlanDetailsPage />, { path: '/meal-plan-details', api, user: customer });

    expect(await screen.findByText('You have no meal plan subscriptions yet.')).toBeInTheDocument();
    // Near the default address.
    await waitFor(() => expect(api.requestsTo('GET /api/meal-plans').at(-1)!.query.get('latitude')).toBe('30.63'));
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Family Week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Family Week' });
    await waitFor(() => expect(within(dialog).getByLabelText('Delivery address')).toHaveValue(home.id));
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/meal-plans/:id/subscriptions')[0]!.body).toEqual({ addressId: home.id });

    const subscriptions = screen.getByRole('region', { name: 'Your subscriptions' });
    const subscription = await within(subscriptions).findByLabelText(plan.name);
    expect(within(subscription).getByText('Active')).toBeInTheDocument();
    expect(within(subscription).getByText('Next delivery Mon, Nov 30')).toBeInTheDocument();
    // The plan's own card offers no second subscription while this one is active or paused.
    const plans = screen.getByRole('region', { name: 'Plans from kitchens near you' });
    expect(await within(plans).findByText('You are subscribed: manage it under Your subscriptions.')).toBeInTheDocument();
    expect(within(plans).queryByRole('button', { name: 'Subscribe to Family Week' })).not.toBeInTheDocument();

    await user.click(within(subscription).getByRole('button', { name: 'Pause' }));
    expect(await within(subscription).findByText('Paused')).toBeInTheDocument();
    await user.click(within(subscription).getByRole('button', { name: 'Resume' }));
    expect(await within(subscription).findByText('Active')).toBeInTheDocument();

    await user.click(within(subscription).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Family Week?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(mealPlanFakes(api).subscriptions[0]!.status).toBe('active');
    await user.click(within(subscription).getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Family Week?' })).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(subscription).findByText('Cancelled')).toBeInTheDocument();
    expect(mealPlanFakes(api).subscriptions[0]!.status).toBe('cancelled');
    expect(await within(plans).findByRole('button', { name: 'Subscribe to Family Week' })).toBeInTheDocument();
  });

  describe('the first delivery', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Opens the subscribe dialog of a Thursday plan at `now`, and answers what it says of the first delivery. */
    async function firstDeliveryShownAt(now: string) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      const user = userEvent.setup();
      const api = createFakeApi();
      withPlan(api, { deliveryDay: 4 });
      api.data.addresses[customer.id] = [home];
      renderApp(<MealPlanDetailsPage />, { path: '/meal-plan-details', api, user: customer });
      await user.click(await screen.findByRole('button', { name: 'Subscribe to Family Week' }));
      const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Family Week' });
      return (await within(dialog).findByText(/^First delivery: /)).textContent;
    }

    it('is named in the subscribe dialog: a Thursday plan taken on Wednesday is first delivered the Thursday after next', async () => {
      // Wednesday Nov 18, 10:00 in the kitchen's Chicago: tomorrow's order is made today, before the subscription.
      expect(await firstDeliveryShownAt('2026-11-18T16:00:00Z')).toBe('First delivery: Thursday, Nov 26');
    });

    it('is worked out on the kitchen’s clock, not the device’s', async () => {
      // 03:00 UTC on Wednesday is still Tuesday evening in Chicago: Thursday's order is made on Wednesday, after subscribing.
      expect(await firstDeliveryShownAt('2026-11-18T03:00:00Z')).toBe('First delivery: Thursday, Nov 19');
    });
  });

  it('sends a customer without an address to add one', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    withPlan(api);
    renderApp(<MealPlanDetailsPage />, { path: '/meal-plan-details', api, user: customer });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Family Week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Family Week' });
    expect(await within(dialog).findByRole('link', { name: 'Add an address' })).toHaveAttribute('href', '/account#addresses');
  });

  it('says when the addresses could not be loaded rather than that there are none, and tries again', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    withPlan(api);
    let failing = true;
    api.data.addresses[customer.id] = [home];
    api.on('GET /api/addresses', () => (failing ? apiError(500, 'INTERNAL', 'The server could not answer') : passOn));
    renderApp(<MealPlanDetailsPage />, { path: '/meal-plan-details', api, user: customer });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Family Week' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Family Week' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your addresses could not be loaded.');
    expect(within(dialog).queryByText('Add a delivery address to your account first.')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Delivery address')).toHaveValue(home.id));
  });
});
