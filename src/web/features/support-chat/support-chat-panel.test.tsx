import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { chatErrors, chatPanelCopy } from '@/shared/copy';
import { formatDateTime } from '@/web/lib/format-time';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aUser, refundedOrders, testId, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { supportChatFakes } from '@/web/test/fake-support-chat';
import { renderApp } from '@/web/test/render-app';
import { ChatLauncher } from './components/chat-launcher';

let api: FakeApi;
let customer: FakeUser;

async function openChat(options: { user?: FakeUser | 'support' | null } = {}) {
  // The launcher stays as pages change under it, as in the shared layout.
  const table = [
    {
      element: (
        <>
          <Outlet />
          <ChatLauncher />
        </>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
  const view = renderApp(table, { api, user: options.user === undefined ? customer : options.user });
  await userEvent.click(screen.getByRole('button', { name: 'Open support chat' }));
  const panel = await screen.findByRole('dialog', { name: 'Support chat' });
  return { ...view, panel };
}

async function messageBox() {
  return screen.findByRole('textbox', { name: 'Message' });
}

const transcript = () => screen.getByRole('log', { name: 'Conversation' });
const messagePosts = () => api.requestsTo('POST /api/support-chat');
const lastTurn = (index = -1) => (messagePosts().at(index)!.body as { messages: { role: string; content: string }[] }).messages.at(-1);

describe('the support chat panel', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    api = createFakeApi();
    customer = aUser('customer');
  });

  it('asks a visitor to sign in, with a link to the sign-in page, and sends nothing', async () => {
    const { panel } = await openChat({ user: null });
    expect(await within(panel).findByText(chatErrors.signInRequired)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/support-chat'))).toEqual([]);
  });

  it('tells staff the chat is for customers', async () => {
    const { panel } = await openChat({ user: 'support' });
    expect(await within(panel).findByText('The support chat is for customers. Use your dashboard to help them.')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/support-chat'))).toEqual([]);
  });

  it('on opening, gives the focus to the message box once the conversation is there', async () => {
    await openChat();
    await waitFor(async () => expect(await messageBox()).toHaveFocus());
    await userEvent.keyboard('where is my order{Enter}');
    await waitFor(() => expect(lastTurn()).toEqual({ role: 'user', content: 'where is my order' }));
  });

  it('on a touch screen, leaves the focus where the sheet put it, so no keyboard covers the conversation', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', addEventListener() {}, removeEventListener() {} }));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { panel } = await openChat();
    const box = await messageBox();
    await within(panel).findByRole('heading', { name: 'How can we help?' });
    expect(box).not.toHaveFocus();
    expect(panel.contains(document.activeElement)).toBe(true);
  });

  it('sends a suggested question at a click, and the message box takes the focus', async () => {
    await openChat();
    const box = await messageBox();
    await userEvent.click(screen.getByRole('button', { name: 'What are the delivery fees?' }));
    await waitFor(() => expect(messagePosts()).toHaveLength(1));
    expect(lastTurn()).toEqual({ role: 'user', content: 'What are the delivery fees?' });
    expect(box).toHaveFocus();
    expect(await within(transcript()).findByText('What are the delivery fees?')).toBeInTheDocument();
  });

  it('sends on Enter and shows the reply', async () => {
    await openChat();
    const box = await messageBox();
    expect(screen.getByRole('heading', { name: 'How can we help?' })).toBeInTheDocument();
    await userEvent.type(box, 'hello there{Enter}');

    expect(await within(transcript()).findByText('Hi Casey! I can help with your orders, refunds, delivery and fees.')).toBeInTheDocument();
    expect(within(transcript()).getByText('hello there')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(messagePosts()).toHaveLength(1);
    expect(lastTurn()).toEqual({ role: 'user', content: 'hello there' });
  });

  it('makes a new line on Shift+Enter instead of sending', async () => {
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(messagePosts()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(messagePosts()).toHaveLength(1));
    expect(lastTurn()).toEqual({ role: 'user', content: 'line one\nline two' });
  });

  it('does not send an empty or whitespace-only message', async () => {
    await openChat();
    const box = await messageBox();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '   {Enter}');
    await userEvent.type(box, '{Shift>}{Enter}{/Shift}\t{Enter}');
    expect(send).toBeDisabled();
    expect(messagePosts()).toHaveLength(0);
  });

  it('shows the reply token by token and blocks sending until it has ended', async () => {
    supportChatFakes(api).replyWith({ content: 'Your order is on its way.' });
    const gate = supportChatFakes(api).holdReply();
    await openChat();
    const box = await messageBox();
    await waitFor(() => expect(supportChatFakes(api).openStreams()).toBe(1));
    await userEvent.type(box, 'where is it{Enter}');

    // The typing dots until the first token.
    expect(await screen.findByText('The assistant is typing…')).toBeInTheDocument();
    act(() => gate.release(1));
    expect(await screen.findByTestId('streaming-reply')).toHaveTextContent(/^Your$/);
    act(() => gate.release(2));
    await waitFor(() => expect(screen.getByTestId('streaming-reply')).toHaveTextContent(/^Your order is$/));
    expect(transcript()).toHaveAttribute('aria-busy', 'true');
    // The live feed announced the stored copy of the customer's message: it takes the place of the one shown.
    expect(within(transcript()).getAllByText('where is it')).toHaveLength(1);

    // Neither Enter nor the button sends while the reply streams.
    await userEvent.type(box, 'and another{Enter}');
    expect(box).toHaveValue('and another');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(messagePosts()).toHaveLength(1);

    act(() => gate.release());
    expect(await within(transcript()).findByText('Your order is on its way.')).toBeInTheDocument();
    expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled());
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(messagePosts()).toHaveLength(2));
    expect(lastTurn()).toEqual({ role: 'user', content: 'and another' });
    // The history goes with it, as the API expects.
    expect((messagePosts()[1]!.body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'where is it' },
      { role: 'assistant', content: 'Your order is on its way.' },
      { role: 'user', content: 'and another' },
    ]);
  });

  it('loads the history when opened again, as after a reload or on another device', async () => {
    const first = await openChat();
    await userEvent.type(await messageBox(), 'hello{Enter}');
    await within(transcript()).findByText(/^Hi Casey!/);
    first.unmount();

    await openChat();
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('hello')).toBeInTheDocument();
    expect(within(log).getByText(/^Hi Casey!/)).toBeInTheDocument();
    expect(api.requestsTo('GET /api/support-chat/conversation').length).toBeGreaterThanOrEqual(2);
  });

  it("lists the customer's orders as cards with number, status, total, placed time and a link", async () => {
    const placedAt = new Date(Date.now() - 3_600_000).toISOString();
    const order = orderFakes(api).add(anOrder(1, { placedAt }), customer);
    const view = await openChat();
    await userEvent.type(await messageBox(), 'where is my order{Enter}');

    const cards = await screen.findByRole('list', { name: 'Orders in this reply' });
    const card = within(cards).getByRole('link', { name: `Open order ${order.orderNumber}` });
    expect(card).toHaveAttribute('href', `/orders/${order.id}`);
    expect(card).toHaveTextContent(order.orderNumber);
    expect(within(card).getByText('Placed')).toBeInTheDocument();
    // 2 × $1.99 + $5.99 = $9.97; fee 20 c, tax 82 c, delivery $2.99.
    expect(within(card).getByText('$13.98')).toBeInTheDocument();
    expect(within(card).getByText((_text, element) => element?.tagName === 'TIME')).toHaveAttribute('dateTime', placedAt);
    // In the store's clock (Georgetown, Texas), as the assistant's words and the order pages say it,
    // named, since this device's zone (UTC in these runs) is another; the messages' own times are the
    // device's, unnamed, as every time not about an order is (ADR 049).
    expect(card).toHaveTextContent(formatDateTime(placedAt, 'America/Chicago'));
    expect(within(card).getByText((_text, element) => element?.tagName === 'TIME')).toHaveTextContent(/ CST$/);
    const messageTimes = [...transcript().querySelectorAll('time')].filter((time) => !card.contains(time));
    expect(messageTimes).toHaveLength(2);
    for (const time of messageTimes) expect(time).toHaveTextContent(/^\d{1,2}:\d{2} [AP]M$/);

    // The card leads to the order's page, and the panel closes.
    const { router } = view;
    await userEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${order.id}`));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument());
  });

  it('reads "Partially refunded" on the card of an order refunded in part, as its order page does', async () => {
    const refunded = refundedOrders(1);
    const partly = orderFakes(api).add(refunded.partly, customer);
    const fully = orderFakes(api).add(refunded.fully, customer);
    const chat = supportChatFakes(api);
    chat.replyWith({ content: 'Here they are.', orders: [chat.chatOrderOf(partly), chat.chatOrderOf(fully)] });
    await openChat();
    await userEvent.type(await messageBox(), 'my refunded orders{Enter}');

    const cards = await screen.findByRole('list', { name: 'Orders in this reply' });
    const partlyCard = within(cards).getByRole('link', { name: `Open order ${partly.orderNumber}` });
    expect(within(partlyCard).getByText('Partially refunded')).toBeInTheDocument();
    expect(within(partlyCard).queryByText('Refunded')).not.toBeInTheDocument();
    const fullyCard = within(cards).getByRole('link', { name: `Open order ${fully.orderNumber}` });
    expect(within(fullyCard).getByText('Refunded')).toBeInTheDocument();
    expect(within(fullyCard).queryByText('Partially refunded')).not.toBeInTheDocument();
  });

  it('shows the proposed action and runs it through the action form when the customer says yes', async () => {
    const order = orderFakes(api).add(anOrder(1, { placedAt: new Date().toISOString() }), customer);
    supportChatFakes(api).replyWith({ content: `I can cancel order ${order.orderNumber}. Reply yes to confirm.`, propose: { action: 'cancel_order', orderId: order.id, amount: 1398 } });
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'please cancel my order{Enter}');

    const card = await screen.findByRole('region', { name: `Cancel order ${order.orderNumber}?` });
    expect(card).toHaveTextContent('The order will be cancelled and $13.98 refunded to you.');

    await userEvent.type(box, 'yes please{Enter}');
    expect(await within(transcript()).findByText(`Order ${order.orderNumber} is cancelled. $13.98 will be refunded to you.`)).toBeInTheDocument();
    const action = messagePosts().at(-1)!.body as { action: string; orderId: string; messages: { role: string; content: string }[] };
    expect(action.action).toBe('cancel_order');
    expect(action.orderId).toBe(order.id);
    expect(action.messages.at(-1)).toEqual({ role: 'user', content: 'yes please' });
    expect(api.data.orders.find((candidate) => candidate.id === order.id)!.status).toBe('cancelled');
    await waitFor(() => expect(screen.queryByRole('region', { name: `Cancel order ${order.orderNumber}?` })).not.toBeInTheDocument());
  });

  it("says 'Failed to process request' when the confirmed action fails", async () => {
    const order = orderFakes(api).add(anOrder(1, { placedAt: new Date().toISOString() }), customer);
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'cancel my order{Enter}');
    await screen.findByRole('region', { name: `Cancel order ${order.orderNumber}?` });
    supportChatFakes(api).failNextAction();

    await userEvent.click(screen.getByRole('button', { name: 'Yes, go ahead' }));
    expect(box).toHaveFocus();
    expect(await screen.findByText(chatErrors.actionFailed)).toBeInTheDocument();
    expect((messagePosts().at(-1)!.body as { action?: string }).action).toBe('cancel_order');
    expect(api.data.orders.find((candidate) => candidate.id === order.id)!.status).toBe('placed');
  });

  it('sends a no as a message, which drops the proposed action', async () => {
    const order = orderFakes(api).add(anOrder(1, { placedAt: new Date().toISOString() }), customer);
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'cancel my order{Enter}');
    await screen.findByRole('region', { name: `Cancel order ${order.orderNumber}?` });

    await userEvent.type(box, 'no, keep it{Enter}');
    await waitFor(() => expect(messagePosts()).toHaveLength(2));
    expect(messagePosts()[1]!.body).not.toHaveProperty('action');
    await waitFor(() => expect(screen.queryByRole('region', { name: `Cancel order ${order.orderNumber}?` })).not.toBeInTheDocument());
    expect(api.data.orders.find((candidate) => candidate.id === order.id)!.status).toBe('placed');
  });

  it('answers a 429 with the rate limit message and gives the message back to send again', async () => {
    supportChatFakes(api).failNext(429);
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'hello{Enter}');
    expect(await screen.findByText(chatErrors.rateLimited)).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('hello'));
    expect(within(transcript()).queryByText('hello')).not.toBeInTheDocument();
  });

  it('answers a 402 with the payment message', async () => {
    supportChatFakes(api).failNext(402);
    await openChat();
    await userEvent.type(await messageBox(), 'hello{Enter}');
    expect(await screen.findByText(chatErrors.paymentRequired)).toBeInTheDocument();
  });

  it("apologises in the chat and says 'Failed to send message' on any other failure", async () => {
    supportChatFakes(api).failNext(500);
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'hello{Enter}');
    expect(await screen.findByText(chatErrors.sendFailed)).toBeInTheDocument();
    expect(within(transcript()).getByText(chatErrors.apology)).toBeInTheDocument();
    expect(within(transcript()).getByText('hello')).toBeInTheDocument();

    // The apology is not sent back as part of the conversation.
    const reads = api.requestsTo('GET /api/support-chat/conversation').length;
    await userEvent.type(box, 'hello again{Enter}');
    await within(transcript()).findByText(/^Hi Casey!/);
    expect((messagePosts().at(-1)!.body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'hello again' },
    ]);
    // Reading the stored history again keeps the unsent message and the apology where they were.
    await waitFor(() => expect(api.requestsTo('GET /api/support-chat/conversation').length).toBeGreaterThan(reads));
    await waitFor(() =>
      expect([...transcript().querySelectorAll('.whitespace-pre-wrap')].map((bubble) => bubble.textContent)).toEqual([
        'hello',
        chatErrors.apology,
        'hello again',
        'Hi Casey! I can help with your orders, refunds, delivery and fees.',
      ]),
    );
  });

  it("shows an agent's reply live with their name, and says a person will answer once escalated", async () => {
    await openChat();
    await userEvent.type(await messageBox(), 'I want to talk to a person{Enter}');
    expect(await screen.findByText(/A person from our support team will answer you here/)).toBeInTheDocument();
    await waitFor(() => expect(supportChatFakes(api).openStreams()).toBe(1));

    act(() => void supportChatFakes(api).agentReply(customer, 'Hi, this is Sam. Let me look into it.', 'Sam'));
    expect(await within(transcript()).findByText('Hi, this is Sam. Let me look into it.')).toBeInTheDocument();
    expect(within(transcript()).getByText('Sam · Support')).toBeInTheDocument();
    act(() => supportChatFakes(api).setStatus(customer, 'with_agent'));
    expect(await screen.findByText('You are chatting with our support team.')).toBeInTheDocument();
    const reads = api.requestsTo('GET /api/support-chat/conversation').length;
    // Every message shows once, though the live feed announced the customer's own too.
    expect(within(transcript()).getAllByText('I want to talk to a person')).toHaveLength(1);

    // With a person on it the assistant stays quiet: the customer's message shows, no typing dots, no empty reply.
    const gate = supportChatFakes(api).holdReply();
    await userEvent.type(await messageBox(), 'Thanks Sam{Enter}');
    await waitFor(() => expect(messagePosts()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(screen.queryByText('The assistant is typing…')).not.toBeInTheDocument();
    act(() => gate.release());
    await waitFor(() => expect(api.requestsTo('GET /api/support-chat/conversation').length).toBeGreaterThan(reads));
    expect([...transcript().querySelectorAll('.whitespace-pre-wrap')].map((bubble) => bubble.textContent).at(-1)).toBe('Thanks Sam');
    expect(screen.queryByText(chatErrors.apology)).not.toBeInTheDocument();
  });

  it('says when the device is offline, keeps a message written meanwhile and sends it once the connection is back', async () => {
    await openChat();
    const box = await messageBox();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => onLine.mockRestore());
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(chatPanelCopy.offline)).toHaveAttribute('role', 'status');

    await userEvent.type(box, 'What are your delivery hours?{Enter}');
    expect(within(transcript()).getByText('What are your delivery hours?')).toBeInTheDocument();
    expect(transcript()).toHaveTextContent(`You · ${chatPanelCopy.queued}`);
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(messagePosts()).toHaveLength(0);
    expect(screen.queryByText(chatErrors.sendFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(chatErrors.apology)).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(messagePosts()).toHaveLength(1));
    expect(lastTurn()).toEqual({ role: 'user', content: 'What are your delivery hours?' });
    expect(screen.queryByText(chatPanelCopy.offline)).not.toBeInTheDocument();
    await waitFor(() => expect(transcript()).not.toHaveTextContent(chatPanelCopy.queued));
    expect(within(transcript()).getAllByText('What are your delivery hours?')).toHaveLength(1);
  });

  it.each(['before', 'during'] as const)(
    'keeps a message whose answer the connection lost (%s the answer) waiting, sends it again and shows the one answer, run once',
    async (when) => {
      supportChatFakes(api).loseNextAnswer(when);
      await openChat();
      const box = await messageBox();
      await waitFor(() => expect(supportChatFakes(api).openStreams()).toBe(1));
      await userEvent.type(box, 'hello there{Enter}');
      await waitFor(() => expect(messagePosts()).toHaveLength(1));

      // No apology: it waits, and nothing else is sent meanwhile.
      await userEvent.type(box, 'and more');
      expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
      expect(await within(transcript()).findByText('Hi Casey! I can help with your orders, refunds, delivery and fees.', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText(chatErrors.apology)).not.toBeInTheDocument();
      expect(screen.queryByText(chatErrors.sendFailed)).not.toBeInTheDocument();
      // Sent again under the id it was first sent with: the server stored it and answered it once.
      const [first, again] = messagePosts().map((request) => request.body as { clientId: string });
      expect(messagePosts()).toHaveLength(2);
      expect(again!.clientId).toBe(first!.clientId);
      expect(supportChatFakes(api).conversationOf(customer).messages.map((message) => [message.role, message.clientId])).toEqual([
        ['user', first!.clientId],
        ['assistant', first!.clientId],
      ]);
      await waitFor(() =>
        expect([...transcript().querySelectorAll('.whitespace-pre-wrap')].map((bubble) => bubble.textContent)).toEqual([
          'hello there',
          'Hi Casey! I can help with your orders, refunds, delivery and fees.',
        ]),
      );
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled());
      expect(box).toHaveValue('and more');
    },
  );

  it('sends a "yes" whose answer the connection lost again as a message: the order is cancelled once and the result shows', async () => {
    const order = orderFakes(api).add(anOrder(1, { placedAt: new Date().toISOString() }), customer);
    await openChat();
    const box = await messageBox();
    await userEvent.type(box, 'cancel my order{Enter}');
    await screen.findByRole('region', { name: `Cancel order ${order.orderNumber}?` });
    supportChatFakes(api).loseNextAnswer('before');

    await userEvent.click(screen.getByRole('button', { name: 'Yes, go ahead' }));
    const result = `Order ${order.orderNumber} is cancelled.`;
    expect(await within(transcript()).findByText(new RegExp(`^${result}`), {}, { timeout: 5000 })).toBeInTheDocument();
    const [action, again] = messagePosts().slice(-2).map((request) => request.body as { action?: string; clientId: string });
    expect(action!.action).toBe('cancel_order');
    expect(again).not.toHaveProperty('action');
    expect(again!.clientId).toBe(action!.clientId);
    expect(api.data.orders.find((candidate) => candidate.id === order.id)!.status).toBe('cancelled');
    expect(screen.queryByText(chatErrors.actionFailed)).not.toBeInTheDocument();
    await waitFor(() => expect(within(transcript()).getAllByText(new RegExp(`^${result}`))).toHaveLength(1));
    expect(within(transcript()).getAllByText('Yes')).toHaveLength(1);
  });

  it('keeps a message waiting for the connection when the panel is closed, or the page reloaded, and sends it once back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => onLine.mockRestore());
    const first = await openChat();
    await userEvent.type(await messageBox(), 'Is my order late?{Enter}');
    expect(transcript()).toHaveTextContent(`You · ${chatPanelCopy.queued}`);

    // Closed and opened again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Open support chat' }));
    await screen.findByRole('dialog', { name: 'Support chat' });
    expect(await within(await screen.findByRole('log', { name: 'Conversation' })).findByText('Is my order late?')).toBeInTheDocument();
    expect(transcript()).toHaveTextContent(`You · ${chatPanelCopy.queued}`);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    // The page loaded again in the same tab.
    first.unmount();
    await openChat();
    expect(await within(await screen.findByRole('log', { name: 'Conversation' })).findByText('Is my order late?')).toBeInTheDocument();
    expect(transcript()).toHaveTextContent(`You · ${chatPanelCopy.queued}`);
    expect(messagePosts()).toHaveLength(0);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(messagePosts()).toHaveLength(1));
    expect(lastTurn()).toEqual({ role: 'user', content: 'Is my order late?' });
    await waitFor(() => expect(transcript()).not.toHaveTextContent(chatPanelCopy.queued));
    expect(within(transcript()).getAllByText('Is my order late?')).toHaveLength(1);
  });

  it('sends a message again at the next opening when the panel was closed before its answer came, and shows the one answer', async () => {
    const gate = supportChatFakes(api).holdReply();
    await openChat();
    await userEvent.type(await messageBox(), 'hello there{Enter}');
    await waitFor(() => expect(messagePosts()).toHaveLength(1));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Support chat' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Open support chat' }));
    await waitFor(() => expect(messagePosts()).toHaveLength(2));
    const [first, again] = messagePosts().map((request) => request.body as { clientId: string });
    expect(again!.clientId).toBe(first!.clientId);
    act(() => gate.release());
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Hi Casey! I can help with your orders, refunds, delivery and fees.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled());
    expect(within(log).getAllByText('hello there')).toHaveLength(1);
    expect(within(log).getAllByText('Hi Casey! I can help with your orders, refunds, delivery and fees.')).toHaveLength(1);
    expect(supportChatFakes(api).conversationOf(customer).messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it("does not show a message waiting for one customer to another who signs in on the device", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => onLine.mockRestore());
    const first = await openChat();
    await userEvent.type(await messageBox(), 'Is my order late?{Enter}');
    expect(transcript()).toHaveTextContent(`You · ${chatPanelCopy.queued}`);
    first.unmount();

    await openChat({ user: aUser('customer', { id: testId(9, 99), userId: testId(10, 99), email: 'another@demo.test' }) });
    expect(await screen.findByRole('heading', { name: 'How can we help?' })).toBeInTheDocument();
    expect(within(transcript()).queryByText('Is my order late?')).not.toBeInTheDocument();
  });

  it('reads the history again when the live feed comes back after a drop, so nothing said meanwhile is missed', async () => {
    await openChat();
    await messageBox();
    await waitFor(() => expect(supportChatFakes(api).openStreams()).toBe(1));
    act(() => supportChatFakes(api).dropStreams());
    // Said while this device was not listening.
    supportChatFakes(api).agentReply(customer, 'Are you still there?', 'Sam');
    expect(await within(transcript()).findByText('Are you still there?', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(supportChatFakes(api).openStreams()).toBe(1);
  });
});
