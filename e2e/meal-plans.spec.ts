import { expect, test } from '@playwright/test';
import { mealPlanCopy } from '../src/shared/copy';
import { addresses, createCustomer, loginAs } from './fixtures';

test('the kitchen owner publishes a meal plan; a customer in another browser subscribes, pauses and resumes it', async ({ page, browser, baseURL }) => {
  const planName = `Weeknight Dinners ${Date.now().toString(36)}`;

  // The demo kitchen's owner publishes a plan from their dashboard.
  await loginAs(page, 'cloud_kitchen');
  await page.goto('/cloud-kitchen/meal-plans');
  await expect(page.getByRole('heading', { name: mealPlanCopy.kitchen.title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: mealPlanCopy.kitchen.newPlan }).click();
  const form = page.getByRole('dialog', { name: mealPlanCopy.kitchen.createTitle });
  await form.getByLabel('Name').fill(planName);
  await form.getByLabel(mealPlanCopy.kitchen.fields.mealsPerWeek).fill('4');
  await form.getByLabel(mealPlanCopy.kitchen.fields.weeklyPrice).fill('48.00');
  await form.getByLabel(mealPlanCopy.kitchen.fields.deliveryDay).selectOption('Wednesday');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: mealPlanCopy.kitchen.save }).click();
  await expect(page.getByText(mealPlanCopy.kitchen.created)).toBeVisible();
  const ownerCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: planName }) });
  await expect(ownerCard.getByText(mealPlanCopy.kitchen.subscribers({ active: 0, paused: 0 }))).toBeVisible();

  // A customer near the kitchen finds it on /meal-plan-details and subscribes.
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await createCustomer(customer.request, baseURL!, [addresses.georgetown]);
  await customer.goto('/meal-plan-details');
  await expect(customer.getByText(mealPlanCopy.customer.noSubscriptions)).toBeVisible();
  const planCard = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { name: planName }) });
  await expect(planCard.getByText('$48.00')).toBeVisible();
  await expect(planCard.getByText('Delivered every Wednesday')).toBeVisible();
  await planCard.getByRole('button', { name: `${mealPlanCopy.customer.subscribe} to ${planName}` }).click();
  const subscribe = customer.getByRole('dialog', { name: mealPlanCopy.customer.subscribeTitle(planName) });
  await expect(subscribe.getByLabel(mealPlanCopy.customer.address)).toHaveValue(/.+/);
  await subscribe.getByRole('button', { name: mealPlanCopy.customer.confirmSubscribe }).click();
  await expect(customer.getByText(mealPlanCopy.customer.subscribed)).toBeVisible();

  const subscription = customer.getByRole('region', { name: mealPlanCopy.customer.yours }).getByLabel(planName);
  await expect(subscription.getByText(mealPlanCopy.customer.status.active)).toBeVisible();
  await expect(subscription.getByText(/Next delivery/)).toBeVisible();
  await subscription.getByRole('button', { name: mealPlanCopy.customer.pause }).click();
  await expect(subscription.getByText(mealPlanCopy.customer.status.paused)).toBeVisible();
  await subscription.getByRole('button', { name: mealPlanCopy.customer.resume }).click();
  await expect(subscription.getByText(mealPlanCopy.customer.status.active)).toBeVisible();

  // The owner sees the subscriber.
  await page.reload();
  await expect(ownerCard.getByText(mealPlanCopy.kitchen.subscribers({ active: 1, paused: 0 }))).toBeVisible();

  await customerContext.close();
});
