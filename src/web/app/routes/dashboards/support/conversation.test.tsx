import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportChatCopy } from '@/shared/staff-copy';
import { paths } from '@/web/config/paths';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aUser, testId } from '@/web/test/fake-data';
import { aConversation, supportConversationFakes } from '@/web/test/fake-support-conversations';
import { expectToast, renderApp, type RenderAppOptions } from '@/web/test/render-app';
import { SupportConversationPage } from './conversation';

const text = supportChatCopy.conversation;
const conversationId = aConversation(1).id;

function open(api: FakeApi, user: RenderAppOptions['user'] = 'support') {
  return renderApp(<SupportConversationPage />, { api, user, path: paths.supportConversation(conversationId), route: paths.supportConversation(':id') });
}

function withConversation(overrides: Parameters<typeof aConversation>[1] = {}) {
  const api = createFakeApi();
  supportConversationFakes(api).put(
    aConversation(1, {
      actions: [
        {
          id: testId(63, 1),
          orderId: testId(5, 1),
          orderNumber: 'FC-20261122-AB12',
          action: 'request_refund',
          amount: 1250,
          status: 'dropped',
          expiresAt: new Date().toISOString(),
          createdAt: new Date().toISOString(),
        },
      ],
      ...overrides,
    }),
  );
  return api;
}

const postsTo = (api: FakeApi, what: 'take' | 'messages' | 'close') => api.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/${what}`));

describe("support's conversation page", () => {
  it('shows the transcript and what the assistant proposed, and takes the conversation over', async () => {
    const api = withConversation();
    const user = userEvent.setup();
    open(api);

    expect(await screen.findByRole('heading', { name: text.title('Robin Vale 1') })).toBeVisible();
    expect(screen.getByText('Late order; the customer asked for a person')).toBeVisible();
    const transcript = screen.getByRole('list', { name: text.transcript });
    expect(within(transcript).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([text.authors.user, text.authors.assistant, text.authors.user]);
    expect(within(transcript).getByText('I want to talk to a person')).toBeVisible();
    const action = within(screen.getByRole('list', { name: text.actions })).getByRole('listitem', { name: `${text.actionNames.request_refund} FC-20261122-AB12` });
    expect(within(action).getByText('$12.50')).toBeVisible();
    expect(within(action).getByText(new RegExp(text.actionStatuses.dropped))).toBeVisible();

    await user.click(await screen.findByRole('button', { name: text.takeOver }));
    expect(await screen.findAllByText(text.taken)).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: text.takeOver })).toBeNull());
    expect(postsTo(api, 'take')).toHaveLength(1);
    expect(screen.getByText(supportChatCopy.statuses.with_agent)).toBeVisible();
  });

  it("stamps each message in the business's time zone, named, as the refund queue and the audit log are", async () => {
    const at = '2026-11-22T15:00:00.000Z';
    const api = createFakeApi();
    const conversation = aConversation(1);
    supportConversationFakes(api).put({ ...conversation, messages: conversation.messages.map((message) => ({ ...message, createdAt: at })) });
    open(api);

    const transcript = await screen.findByRole('list', { name: text.transcript });
    const times = within(transcript).getAllByText('Nov 22, 2026, 9:00 AM CST', { selector: 'time' });
    expect(times.map((time) => time.getAttribute('dateTime'))).toEqual([at, at, at]);
  });

  it('sends the reply with Enter, makes a new line with Shift+Enter, and never sends a blank one', async () => {
    const api = withConversation();
    const user = userEvent.setup();
    open(api);
    const box = await screen.findByRole('textbox', { name: text.reply });

    await user.type(box, '   {Enter}');
    expect(postsTo(api, 'messages')).toEqual([]);
    expect(screen.getByRole('button', { name: text.send })).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'Hi Robin,{Shift>}{Enter}{/Shift}your order is 5 minutes away.');
    expect(box).toHaveValue('Hi Robin,\nyour order is 5 minutes away.');
    expect(postsTo(api, 'messages')).toEqual([]);
    await user.keyboard('{Enter}');

    await expectToast(text.sent);
    expect(postsTo(api, 'messages').map((request) => request.body)).toEqual([{ content: 'Hi Robin,\nyour order is 5 minutes away.' }]);
    await waitFor(() => expect(box).toHaveValue(''));
    const transcript = screen.getByRole('list', { name: text.transcript });
    expect(await within(transcript).findByRole('listitem', { name: text.agentAuthor('Casey') })).toHaveTextContent('your order is 5 minutes away.');
  });

  it('shows a new customer message live', async () => {
    const api = withConversation();
    open(api);
    const transcript = await screen.findByRole('list', { name: text.transcript });
    await waitFor(() => expect(supportConversationFakes(api).openStreams()).toBe(1));
    supportConversationFakes(api).customerWrites(conversationId, 'Are you still there?');
    expect(await within(transcript).findByText('Are you still there?')).toBeVisible();
  });

  it('closes the conversation only after confirming in a dialog', async () => {
    const api = withConversation();
    const user = userEvent.setup();
    open(api);

    await user.click(await screen.findByRole('button', { name: text.close }));
    const dialog = await screen.findByRole('dialog', { name: text.closeTitle });
    expect(postsTo(api, 'close')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: text.closeConfirm }));

    await expectToast(text.closed);
    expect(postsTo(api, 'close')).toHaveLength(1);
    expect(await screen.findByText(text.closedNotice)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: text.reply })).toBeNull();
  });

  it("leaves another agent's conversation to them", async () => {
    const sam = { profileId: testId(9, 77), name: 'Sam' };
    const api = withConversation({ status: 'with_agent', agent: sam });
    open(api);
    expect(await screen.findByText(text.handledBy('Sam'))).toBeVisible();
    // The page knows who is looking before it decides what they may do.
    await waitFor(() => expect(api.requestsTo('GET /api/profile')).not.toHaveLength(0));
    await screen.findByRole('list', { name: text.transcript });
    expect(screen.queryByRole('button', { name: text.takeOver })).toBeNull();
    expect(screen.queryByRole('textbox', { name: text.reply })).toBeNull();
  });

  it('shows the refusal in a toast when a reply fails', async () => {
    const api = withConversation();
    api.on('POST /api/support/conversations/:id/messages', () => new Response(JSON.stringify({ error: { code: 'CONVERSATION_CLOSED', message: supportChatCopy.refusals.closed } }), { status: 409, headers: { 'content-type': 'application/json' } }));
    const user = userEvent.setup();
    open(api);
    await user.type(await screen.findByRole('textbox', { name: text.reply }), 'Hello{Enter}');
    await expectToast(supportChatCopy.refusals.closed);
    expect(screen.getByRole('textbox', { name: text.reply })).toHaveValue('Hello');
  });

  it('lets an admin take over a conversation another agent has', async () => {
    const api = withConversation({ status: 'with_agent', agent: { profileId: testId(9, 77), name: 'Sam' } });
    const admin = aUser('admin', { firstName: 'Ada' });
    const user = userEvent.setup();
    open(api, admin);
    await user.click(await screen.findByRole('button', { name: text.takeOver }));
    await waitFor(() => expect(screen.queryByText(text.handledBy('Sam'))).toBeNull());
    expect(postsTo(api, 'take')).toHaveLength(1);
  });
});
