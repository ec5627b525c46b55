import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { supportTicketCopy } from '@/shared/copy';
import { paths } from '@/web/config/paths';
import { createFakeApi } from '@/web/test/fake-api';
import { aTicket, infoPageFakes } from '@/web/test/fake-info-pages';
import { renderApp } from '@/web/test/render-app';
import { SupportTicketPage } from './ticket';
import { SupportTicketsPage } from './tickets';

const text = supportTicketCopy;

describe("support's tickets", () => {
  it('lists open tickets newest first, searches them and shows resolved ones on asking', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const fakes = infoPageFakes(api);
    fakes.tickets.push(aTicket(1), aTicket(2, { email: 'needle@example.test', orderNumber: 'FC-20261122-0007' }), aTicket(3, { status: 'resolved' }));
    renderApp(<SupportTicketsPage />, { api, user: 'support' });

    const list = await screen.findByRole('list', { name: text.list.title });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['T-00000002', 'T-00000001']);
    expect(within(list).getByText(/FC-20261122-0007/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: text.list.search }), 'needle');
    await user.click(screen.getByRole('button', { name: text.list.searchButton }));
    expect(await within(list).findByRole('link', { name: text.list.open('T-00000002') })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: text.list.open('T-00000001') })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: text.list.search }));
    await user.click(screen.getByRole('button', { name: text.list.searchButton }));
    await user.selectOptions(screen.getByRole('combobox', { name: text.list.status }), text.statuses.resolved);
    expect(await screen.findByRole('link', { name: text.list.open('T-00000003') })).toBeInTheDocument();
  });

  it('shows a ticket and marks it resolved', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const ticket = aTicket(4, { profileId: 'someone', orderNumber: 'FC-20261122-0004', message: 'Two bags were missing.\nPlease call me.', createdAt: '2026-11-22T15:00:00.000Z' });
    infoPageFakes(api).tickets.push(ticket);
    renderApp(<SupportTicketPage />, { api, user: { role: 'support', firstName: 'Sam' }, path: paths.supportTicket(ticket.id), route: paths.supportTicket(':id') });

    expect(await screen.findByRole('heading', { name: ticket.reference })).toBeInTheDocument();
    expect(screen.getByText(text.detail.signedIn)).toBeInTheDocument();
    // In the business's time zone, named, as every staff screen reads it.
    expect(screen.getByText('Nov 22, 2026, 9:00 AM CST')).toBeInTheDocument();
    expect(screen.getByText(/Two bags were missing/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.detail.replyByEmail(ticket.email) })).toHaveAttribute('href', `mailto:${ticket.email}?subject=${ticket.reference}`);

    await user.click(screen.getByRole('button', { name: text.detail.resolve }));
    expect(await screen.findByText(text.detail.resolved)).toBeInTheDocument();
    expect(await screen.findByText(/Resolved by Sam,/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.detail.resolve })).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/support/tickets/:id/resolve')).toHaveLength(1);
  });
});
