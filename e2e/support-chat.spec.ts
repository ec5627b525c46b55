import { expect, test } from '@playwright/test';
import { chatEngineCopy, chatLauncherCopy, chatPanelCopy, copy, orderCopy } from '../src/shared/copy';
import type { Order } from '../src/shared/contracts/orders';
import { loginAs, orderBananas } from './fixtures';

test('the demo customer finds their order in the support chat, cancels it with a yes, and /orders shows it cancelled', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'customer');
  const orderId = await orderBananas(page, baseURL!);
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;

  await page.getByRole('button', { name: copy.header.openSupportChat }).click();
  const chat = page.getByRole('dialog', { name: chatLauncherCopy.title });
  const box = chat.getByRole('textbox', { name: chatPanelCopy.messageLabel });
  const transcript = chat.getByRole('log', { name: chatPanelCopy.transcript });

  await box.fill('where is my order');
  await box.press('Enter');
  const card = transcript.getByRole('link', { name: chatPanelCopy.orderCard(order.orderNumber) });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `/orders/${order.id}`);
  await expect(card).toContainText(orderCopy.statuses.placed);

  await expect(box).toBeEditable();
  await box.fill(`Please cancel order ${order.orderNumber}`);
  await box.press('Enter');
  const proposal = chat.getByRole('region', { name: chatPanelCopy.pendingTitle.cancel_order(order.orderNumber) });
  await expect(proposal).toBeVisible();

  await box.fill('yes');
  await box.press('Enter');
  await expect(proposal).toBeHidden();
  // Paid on delivery: nothing was charged, so nothing goes back.
  await expect(transcript.getByText(chatEngineCopy.results.cancelledNothingDue(order.orderNumber))).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto('/orders');
  const row = page.getByRole('link', { name: new RegExp(order.orderNumber) });
  await expect(row.getByText(orderCopy.statuses.cancelled)).toBeVisible();

  // The conversation is kept: after the reload the history is there.
  await page.getByRole('button', { name: copy.header.openSupportChat }).click();
  await expect(page.getByRole('dialog', { name: chatLauncherCopy.title }).getByText('where is my order')).toBeVisible();
});
