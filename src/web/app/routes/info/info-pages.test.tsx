import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order, ReturnRequest } from '@/shared/contracts/orders';
import { chatLauncherCopy, orderCopy, supportTicketCopy } from '@/shared/copy';
import { infoCopy } from '@/shared/info-copy';
import { RETURN_REVIEW_REFRESH_MS } from '@/web/features/orders/api/order-queries';
import { ChatLauncher } from '@/web/features/support-chat/components/chat-launcher';
import { apiError, createFakeApi } from '@/web/test/fake-api';
import { aUser, anOrder, anOrderLine, testId } from '@/web/test/fake-data';
import { infoPageFakes } from '@/web/test/fake-info-pages';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { ContactPage } from './contact';
import { HelpCenterPage } from './help-center';
import { ReturnsPage } from './returns';
import { SupportPage } from './support';
import { TestAzurePage } from './test-azure';

/** A request under review asking back `quantity` units of the order's first line as bruised. */
function bruisedUnitsAsked(order: Order, quantity: number, amount: number): ReturnRequest {
  const line = order.lines[0]!;
  return {
    id: testId(40, 1),
    orderId: order.id,
    orderNumber: order.orderNumber,
    lines: [{ orderLineId: line.id, name: line.name, quantity, amount }],
    reason: 'Bruised',
    photoUrl: null,
    amount,
    status: 'requested',
    refundedAmount: null,
    decisionNote: '',
    createdAt: new Date(Date.UTC(2026, 10, 21, 12)).toISOString(),
    decidedAt: null,
    timeZone: 'America/Chicago',
  };
}

const contact = infoCopy.contact;
const help = infoCopy.helpCenter;

describe('the help center', () => {
  it('answers with the fees and range the service uses, and narrows as the customer types', async () => {
    const user = userEvent.setup();
    renderApp(<HelpCenterPage />);
    expect(screen.getByText(/A service fee of 2 % and sales tax of 8.25 %/)).toBeInTheDocument();
    expect(screen.getByText(/within its delivery range, 40 miles/)).toBeInTheDocument();
    expect(screen.getByText(/from 8:00 AM to 10:00 PM/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: help.search }), 'refund card');
    expect(screen.getByText(help.results(2))).toBeInTheDocument();
    expect(screen.getByText('How much is refunded, and where does it go?')).toBeVisible();
    expect(screen.queryByText('Where do you deliver?')).not.toBeInTheDocument();
  });

  it('answers about meal plans, notification choices and the theme, with the way to each', async () => {
    const user = userEvent.setup();
    renderApp(<HelpCenterPage />);
    const search = screen.getByRole('searchbox', { name: help.search });
    await user.type(search, 'meal plan');
    expect(screen.getByText('How do meal plans work?')).toBeVisible();
    expect(screen.getByRole('link', { name: help.links.mealPlans })).toHaveAttribute('href', '/meal-plan-details');

    await user.clear(search);
    await user.type(search, 'notifications');
    expect(screen.getByText('How do I choose which notifications I get?')).toBeVisible();
    expect(screen.getByRole('link', { name: help.links.notifications })).toHaveAttribute('href', '/account#notifications');

    await user.clear(search);
    await user.type(search, 'dark');
    expect(screen.getByText('Can I use a dark theme?')).toBeVisible();
  });

  it('says when nothing matches and leads to the contact form', async () => {
    const user = userEvent.setup();
    renderApp(<HelpCenterPage />);
    await user.type(screen.getByRole('searchbox', { name: help.search }), 'submarine');
    expect(screen.getByText(help.noMatch('submarine'))).toBeInTheDocument();
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    expect(screen.getByRole('link', { name: help.contactUs })).toHaveAttribute('href', '/contact');
  });
});

describe('the contact form', () => {
  it('shows each mistake at its field and sends nothing until they are fixed', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(<ContactPage />);
    await user.click(await screen.findByRole('button', { name: contact.submit }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: contact.email })).toHaveAccessibleDescription('Email is required');
    expect(screen.getByRole('combobox', { name: contact.topic })).toHaveAccessibleDescription('Choose a topic');
    expect(screen.getByRole('textbox', { name: contact.message })).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST /api/support-tickets')).toHaveLength(0);
  });

  it("sends a guest's message and gives the reference to quote", async () => {
    const user = userEvent.setup();
    const { api } = renderApp(<ContactPage />);
    await user.type(await screen.findByRole('textbox', { name: contact.name }), 'Gina Guest');
    await user.type(screen.getByRole('textbox', { name: contact.email }), 'gina@example.test');
    await user.type(screen.getByRole('textbox', { name: contact.orderNumber }), 'FC-20261122-0001');
    await user.selectOptions(screen.getByRole('combobox', { name: contact.topic }), supportTicketCopy.topics.delivery);
    await user.type(screen.getByRole('textbox', { name: contact.message }), 'The driver left my bags at the wrong door.');
    await user.click(screen.getByRole('button', { name: contact.submit }));

    const [ticket] = infoPageFakes(api).tickets;
    expect(await screen.findByText(contact.sentBody(ticket!.reference, 'gina@example.test'))).toBeInTheDocument();
    expect(api.requestsTo('POST /api/support-tickets')[0]?.body).toEqual({
      name: 'Gina Guest',
      email: 'gina@example.test',
      orderNumber: 'FC-20261122-0001',
      topic: 'delivery',
      message: 'The driver left my bags at the wrong door.',
    });
  });

  it('keeps the focus on the page after sending, and starts another message from the same sender', async () => {
    const user = userEvent.setup();
    renderApp(<ContactPage />);
    await user.type(await screen.findByRole('textbox', { name: contact.name }), 'Gina Guest');
    await user.type(screen.getByRole('textbox', { name: contact.email }), 'gina@example.test');
    await user.selectOptions(screen.getByRole('combobox', { name: contact.topic }), supportTicketCopy.topics.delivery);
    await user.type(screen.getByRole('textbox', { name: contact.message }), 'The driver left my bags at the wrong door.');
    await user.click(screen.getByRole('button', { name: contact.submit }));
    // The form and its button are gone: the confirmation's heading takes the focus.
    await waitFor(() => expect(screen.getByRole('heading', { name: contact.sent })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: contact.sendAnother }));
    const name = await screen.findByRole('textbox', { name: contact.name });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue('Gina Guest');
    expect(screen.getByRole('textbox', { name: contact.email })).toHaveValue('gina@example.test');
    expect(screen.getByRole('textbox', { name: contact.message })).toHaveValue('');
  });

  it("starts from a signed-in customer's name and email, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('POST /api/support-tickets', () => apiError(429, 'TOO_MANY_TICKETS', supportTicketCopy.refusals.tooMany));
    renderApp(<ContactPage />, { api, user: aUser('customer', { firstName: 'Cora', lastName: 'Lane', email: 'cora@example.test' }) });
    expect(await screen.findByRole('textbox', { name: contact.name })).toHaveValue('Cora Lane');
    expect(screen.getByRole('textbox', { name: contact.email })).toHaveValue('cora@example.test');
    await user.selectOptions(screen.getByRole('combobox', { name: contact.topic }), supportTicketCopy.topics.payments);
    await user.type(screen.getByRole('textbox', { name: contact.message }), 'I was charged twice for one order.');
    await user.click(screen.getByRole('button', { name: contact.submit }));
    expect(await screen.findByText(supportTicketCopy.refusals.tooMany)).toBeInTheDocument();
  });
});


/** A request to return one of the order's first line, for 'Bruised', declined with a note. */
const declinedRequest = (order: Order, photoUrl: string | null): ReturnRequest => ({
  id: testId(40, 1),
  orderId: order.id,
  orderNumber: order.orderNumber,
  lines: [{ orderLineId: order.lines[0]!.id, name: order.lines[0]!.name, quantity: 1, amount: 250 }],
  reason: 'Bruised',
  photoUrl,
  amount: 250,
  status: 'rejected',
  refundedAmount: null,
  decisionNote: 'The photo shows it intact',
  createdAt: new Date(Date.UTC(2026, 10, 21, 12)).toISOString(),
  decidedAt: new Date(Date.UTC(2026, 10, 21, 13)).toISOString(),
  timeZone: order.timeZone,
});

describe('the returns page', () => {
  it('asks a guest to sign in below the policy', async () => {
    renderApp(<ReturnsPage />);
    expect(screen.getByRole('heading', { name: infoCopy.returns.policy[0].heading })).toBeInTheDocument();
    expect(await screen.findByText(infoCopy.returns.signInToSee)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: infoCopy.returns.signIn })).toHaveAttribute('href', '/auth');
  });

  it("lists a customer's requests with their status and the delivered orders to start one from", async () => {
    const api = createFakeApi();
    const { user } = renderApp(<ReturnsPage />, { api, user: 'customer' });
    const delivered = anOrder(1, { status: 'delivered' });
    const reviewed = anOrder(2, { status: 'refund_rejected' });
    reviewed.returnRequests = [declinedRequest(reviewed, null)];
    orderFakes(api).add(delivered, user!);
    orderFakes(api).add(reviewed, user!);

    const request = await screen.findByRole('listitem', { name: `${reviewed.orderNumber}: ${orderCopy.returnStatuses.rejected}` });
    expect(within(request).getByText('The photo shows it intact')).toBeInTheDocument();
    // In the order's zone, named, as the order page shows it: not the device's (UTC here).
    expect(within(request).getByText(infoCopy.returns.requested('Nov 21, 2026, 6:00 AM CST'))).toBeInTheDocument();
    expect(within(request).getByText(infoCopy.returns.asked).nextSibling).toHaveTextContent('$2.50');
    const start = await screen.findByRole('link', { name: infoCopy.returns.startFor(delivered.orderNumber) });
    expect(start).toHaveAttribute('href', `/orders/${delivered.id}`);
    expect(screen.queryByRole('link', { name: infoCopy.returns.startFor(reviewed.orderNumber) })).not.toBeInTheDocument();
  });

  it('shows the customer what they said went wrong and the photo they sent, beside support\'s note about it', async () => {
    const api = createFakeApi();
    const { user } = renderApp(<ReturnsPage />, { api, user: 'customer' });
    const reviewed = anOrder(2, { status: 'refund_rejected' });
    const photoUrl = `/api/returns/${testId(40, 1)}/photo`;
    reviewed.returnRequests = [declinedRequest(reviewed, photoUrl)];
    orderFakes(api).add(reviewed, user!);

    const request = await screen.findByRole('listitem', { name: `${reviewed.orderNumber}: ${orderCopy.returnStatuses.rejected}` });
    expect(within(request).getByText('Bruised')).toBeInTheDocument();
    expect(within(request).getByRole('img', { name: orderCopy.detail.returnPhoto })).toHaveAttribute('src', photoUrl);
    expect(within(request).getByRole('link', { name: orderCopy.detail.returnPhoto })).toHaveAttribute('href', photoUrl);
  });

  it("shows support's decision on a request under review without a reload, and offers the order again for what is left", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = createFakeApi();
      const { user } = renderApp(<ReturnsPage />, { api, user: 'customer' });
      const lines = [anOrderLine(1, { id: testId(31, 11), quantity: 2, refundedQuantity: 1 })];
      const placed = anOrder(1, { status: 'refund_requested', lines });
      const request = bruisedUnitsAsked(placed, 1, 250);
      const order = orderFakes(api).add({ ...placed, returnRequests: [request] }, user!);
      expect(await screen.findByRole('listitem', { name: `${order.orderNumber}: ${orderCopy.returnStatuses.requested}` })).toBeInTheDocument();
      // The delivered order is there, saying why no return can be started from it yet.
      expect(await screen.findByText(orderCopy.returns.underReview)).toBeInTheDocument();
      const under = screen.getByRole('region', { name: infoCopy.returns.start });
      expect(within(under).getByText(`${order.orderNumber} · ${order.sourceName}`)).toBeInTheDocument();
      expect(screen.queryByText(infoCopy.returns.noDelivered)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: infoCopy.returns.startFor(order.orderNumber) })).not.toBeInTheDocument();

      // Support approves part of it in their own browser.
      const decided = { ...request, status: 'approved' as const, refundedAmount: 200, decisionNote: 'One was fine', decidedAt: new Date().toISOString() };
      api.data.orders[api.data.orders.findIndex((candidate) => candidate.id === order.id)] = { ...order, status: 'refunded', returnRequests: [decided] };
      await vi.advanceTimersByTimeAsync(RETURN_REVIEW_REFRESH_MS);

      const shown = await screen.findByRole('listitem', { name: `${order.orderNumber}: ${orderCopy.returnStatuses.approved}` });
      expect(within(shown).getByText(infoCopy.returns.refunded).nextSibling).toHaveTextContent('$2.00');
      expect(within(shown).getByText('One was fine')).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: infoCopy.returns.startFor(order.orderNumber) })).toHaveAttribute('href', `/orders/${order.id}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing will be left to ask about when the request under review covers every unit still returnable', async () => {
    const api = createFakeApi();
    const { user } = renderApp(<ReturnsPage />, { api, user: 'customer' });
    // Both units of its one line are asked back: the fake counts the open request's units as taken.
    const lines = [anOrderLine(1, { id: testId(31, 11), quantity: 2, refundedQuantity: 2 })];
    const placed = anOrder(1, { status: 'refund_requested', lines });
    const request = bruisedUnitsAsked(placed, 2, 500);
    const order = orderFakes(api).add({ ...placed, returnRequests: [request] }, user!);

    const under = await screen.findByRole('region', { name: infoCopy.returns.start });
    expect(await within(under).findByText(orderCopy.returns.underReviewCoversAll)).toBeInTheDocument();
    expect(within(under).getByText(`${order.orderNumber} · ${order.sourceName}`)).toBeInTheDocument();
    expect(screen.queryByText(orderCopy.returns.underReview)).not.toBeInTheDocument();
  });

  it('offers a partially refunded order for its remaining items, and not a fully refunded one', async () => {
    const api = createFakeApi();
    const { user } = renderApp(<ReturnsPage />, { api, user: 'customer' });
    const partly = anOrder(1, { status: 'refunded', lines: [anOrderLine(1, { id: testId(31, 11), quantity: 2, refundedQuantity: 2 }), anOrderLine(2, { id: testId(31, 12) })] });
    const fully = anOrder(2, { status: 'refunded', lines: [anOrderLine(1, { id: testId(31, 21), refundedQuantity: 1 })] });
    orderFakes(api).add(partly, user!);
    orderFakes(api).add(fully, user!);

    expect(await screen.findByRole('link', { name: infoCopy.returns.startFor(partly.orderNumber) })).toHaveAttribute('href', `/orders/${partly.id}`);
    expect(screen.queryByRole('link', { name: infoCopy.returns.startFor(fully.orderNumber) })).not.toBeInTheDocument();
  });
});

describe('the support hub', () => {
  it('links every way to get help, the chat opening in place once signed in', async () => {
    renderApp(<SupportPage />, { user: 'customer' });
    const cards = infoCopy.support.cards;
    expect(await screen.findByRole('link', { name: cards.chat.action })).toHaveAttribute('href', '/support?chat=open');
    expect(screen.getByRole('link', { name: cards.helpCenter.action })).toHaveAttribute('href', '/help-center');
    expect(screen.getByRole('link', { name: cards.contact.action })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: cards.track.action })).toHaveAttribute('href', '/track-order');
    expect(screen.getByRole('link', { name: cards.returns.action })).toHaveAttribute('href', '/returns');
  });
});

describe('where the pages say the chat button is', () => {
  it('has the button on the shop’s pages', async () => {
    renderApp(<ChatLauncher />, { path: '/products', route: '/products', user: 'customer' });
    expect(await screen.findByRole('button', { name: 'Open support chat' })).toBeInTheDocument();
  });

  it('has no button on the checkout', async () => {
    renderApp(<ChatLauncher />, { path: '/checkout', route: '/checkout', user: 'customer' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open support chat' })).not.toBeInTheDocument());
  });

  it('says so on the contact and support pages and in the help center, naming the checkout as the exception', async () => {
    const contactPage = renderApp(<ContactPage />);
    expect(await screen.findByText(/the chat button in the corner of every page but the checkout can look up or cancel your orders/)).toBeInTheDocument();
    contactPage.unmount();

    const supportPage = renderApp(<SupportPage />, { user: 'customer' });
    expect(await screen.findByText(/Open the chat with the button in the corner of every page but the checkout\./)).toBeInTheDocument();
    supportPage.unmount();

    renderApp(<HelpCenterPage />);
    expect(screen.getByText(/Open it with the round chat button in the corner of every page but the checkout, while signed in\./)).toBeInTheDocument();
    expect(screen.queryByText(/(any|every) page(?! but the checkout)/)).not.toBeInTheDocument();
  });
});

describe('opening the chat from a link', () => {
  it('opens the chat panel when the address asks for it, and closing it forgets the request', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(<ChatLauncher />, { path: '/support?chat=open', route: '/support', user: 'customer' });
    expect(await screen.findByRole('dialog', { name: chatLauncherCopy.title })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: chatLauncherCopy.title })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });
});

describe('the integrations check', () => {
  it('runs the live checks for an admin', async () => {
    const { api } = renderApp(<TestAzurePage />, { user: 'admin' });
    expect(await screen.findByRole('cell', { name: 'AI assistant' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET /api/admin/diagnostics')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: infoCopy.integrations.whatItChecks })).toBeInTheDocument();
  });

  it('tells anyone else what it is for and that it needs an administrator, without running it', async () => {
    const { api } = renderApp(<TestAzurePage />, { user: 'customer' });
    expect(await screen.findByRole('heading', { name: infoCopy.integrations.adminOnly })).toBeInTheDocument();
    for (const check of infoCopy.integrations.checks) expect(screen.getByText(check.body)).toBeInTheDocument();
    expect(api.requestsTo('GET /api/admin/diagnostics')).toHaveLength(0);
  });
});
