import { expect, test } from '@playwright/test';
import { chatLauncherCopy, chatPanelCopy, copy } from '../src/shared/copy';
import { staffCopy, supportChatCopy } from '../src/shared/staff-copy';
import { addresses, createCustomer, loginAs } from './fixtures';

test('a customer asks for a person, a support agent takes the conversation from the live queue, and the reply appears in the open chat', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // Support watches the conversation queue in another browser.
  const supportContext = await browser.newContext({ baseURL });
  const support = await supportContext.newPage();
  await loginAs(support, 'support');
  await support.goto('/support-dashboard/conversations');
  await expect(support.getByRole('heading', { level: 1, name: supportChatCopy.queue.title })).toBeVisible();
  await expect(support.getByText(staffCopy.live.open)).toBeVisible();

  // A new customer opens the chat and asks for a person.
  const customer = await createCustomer(page.request, baseURL!, [addresses.georgetown]);
  await page.goto('/');
  await page.getByRole('button', { name: copy.header.openSupportChat }).click();
  const chat = page.getByRole('dialog', { name: chatLauncherCopy.title });
  const box = chat.getByRole('textbox', { name: chatPanelCopy.messageLabel });
  await box.fill('I want to talk to a person please');
  await box.press('Enter');
  await expect(chat.getByText(chatPanelCopy.escalated)).toBeVisible();

  // It arrives in support's queue without a reload, announced until acknowledged.
  const alert = support.getByRole('alert', { name: staffCopy.alerts.label });
  await expect(alert).toBeVisible();
  const card = support.getByRole('listitem').filter({ hasText: customer.email });
  await expect(card).toBeVisible();
  await expect(card.getByText(supportChatCopy.statuses.escalated)).toBeVisible();
  await card.getByRole('link', { name: supportChatCopy.queue.open('Lee Shopper') }).click();

  // The agent reads the transcript, takes the conversation over and replies.
  const text = supportChatCopy.conversation;
  await expect(support.getByRole('heading', { name: text.title('Lee Shopper') })).toBeVisible();
  await expect(support.getByRole('list', { name: text.transcript }).getByText('I want to talk to a person please')).toBeVisible();
  await support.getByRole('button', { name: text.takeOver }).click();
  await expect(support.getByText(text.taken).first()).toBeVisible();
  const reply = support.getByRole('textbox', { name: text.reply });
  await reply.fill('Hi Lee, this is support. How can I help?');
  await reply.press('Enter');
  await expect(support.getByText(text.sent)).toBeVisible();

  // The customer's open chat shows the reply live.
  const transcript = chat.getByRole('log', { name: chatPanelCopy.transcript });
  await expect(transcript.getByText('Hi Lee, this is support. How can I help?')).toBeVisible();
  await expect(chat.getByText(chatPanelCopy.withAgent)).toBeVisible();
  await supportContext.close();
});
