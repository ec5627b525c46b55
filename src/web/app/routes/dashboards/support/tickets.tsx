import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { supportTicketStatuses, type SupportTicket, type SupportTicketStatus } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import { ListFilterSelect, ListSearchForm, ListState } from '@/web/components/ui/list-state';
import { Pagination } from '@/web/components/ui/pagination';
import { paths } from '@/web/config/paths';
import { supportTicketsQuery } from '@/web/features/support/api/support-tickets';
import { formatDateTime } from '@/web/lib/format-time';
import { useListFilters } from '@/web/lib/use-list-filters';
import { DashboardPage } from '../dashboard-page';
import { TicketStatusBadge } from './ticket-status-badge';

const text = supportTicketCopy.list;
const PAGE_SIZE = 20;
type StatusFilter = SupportTicketStatus | 'all';

/** Messages sent through the contact form, open ones first by default, searched and paged on the server. */
export function SupportTicketsPage() {
  const { filters, setFilter, page, setPage } = useListFilters<{ status: StatusFilter; q: string }>({ status: 'open', q: '' });
  const { status, q } = filters;
  const query = useQuery(supportTicketsQuery({ status: status === 'all' ? undefined : status, q: q || undefined, page, pageSize: PAGE_SIZE }));

  const statusOptions: (readonly [StatusFilter, string])[] = [
    ...supportTicketStatuses.map((value) => [value, supportTicketCopy.statuses[value]] as const),
    ['all', text.allStatuses] as const,
  ];

  return (
    <DashboardPage title={text.title} description={text.description}>
      <div className="flex flex-wrap items-end gap-3">
        <ListSearchForm label={text.search} button={text.searchButton} defaultValue={q} onSearch={(value) => setFilter('q', value)} />
        <ListFilterSelect
          id="ticket-status"
          label={text.status}
          value={status}
          options={statusOptions}
          onChange={(value) => setFilter('status', value)}
          selectClassName="w-40 [&_select]:h-10"
        />
      </div>
      <ListState
        query={query}
        items={(data) => data.tickets}
        what={text.title.toLowerCase()}
        errorTitle={text.loadError}
        empty={text.empty}
        skeleton={{ rows: 3, className: 'h-28 w-full' }}
      >
        {(tickets, data) => (
          <>
            <ul className="grid gap-3" aria-label={text.title}>
              {tickets.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            <Pagination page={page} pageCount={Math.ceil(data.total / PAGE_SIZE)} onPageChange={setPage} />
          </>
        )}
      </ListState>
    </DashboardPage>
  );
}

function TicketCard({ ticket }: { ticket: SupportTicket }) {
  return (
    <li className="grid gap-2 rounded-lg border p-4 text-sm" aria-label={`${ticket.reference}: ${ticket.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          to={paths.supportTicket(ticket.id)}
          aria-label={text.open(ticket.reference)}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {ticket.reference}
        </Link>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="break-words">
        <span className="font-medium">{ticket.name}</span> · <span className="text-muted-foreground">{ticket.email}</span>
      </p>
      <p className="line-clamp-2 break-words text-muted-foreground">{ticket.message}</p>
      <p className="flex flex-wrap justify-between gap-2 text-muted-foreground">
        <span>
          {supportTicketCopy.topics[ticket.topic]}
          {ticket.orderNumber ? ` · ${ticket.orderNumber}` : ''}
        </span>
        <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
      </p>
    </li>
  );
}
