import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BUSINESS_TIME_ZONE } from '@/shared/contracts/admin';
import { toast } from '@/web/lib/toast';
import type { SupportTicket } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { supportTicketQuery, useResolveTicket } from '@/web/features/support/api/support-tickets';
import { formatDateTime } from '@/web/lib/format-time';
import { TicketStatusBadge } from './ticket-status-badge';

const text = supportTicketCopy.detail;

/** One ticket: who sent it, about what, the message, and marking it resolved. */
export function SupportTicketPage() {
  const { id = '' } = useParams();
  const query = useQuery(supportTicketQuery(id));
  return (
    <div className="grid gap-4">
      <Link to={paths.supportTickets} className="inline-flex min-h-10 w-fit items-center gap-1 text-sm text-primary">
        <ChevronLeft className="size-4" aria-hidden /> {text.back}
      </Link>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : query.isError ? (
        <QueryError title={text.loadError} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <TicketView ticket={query.data} />
      )}
    </div>
  );
}

function TicketView({ ticket }: { ticket: SupportTicket }) {
  const resolve = useResolveTicket(ticket.id);
  const facts: [string, string][] = [
    [text.from, ticket.name],
    [text.email, ticket.email],
    [text.topic, supportTicketCopy.topics[ticket.topic]],
    [text.orderNumber, ticket.orderNumber || text.noOrderNumber],
    [text.received, formatDateTime(ticket.createdAt, BUSINESS_TIME_ZONE)],
    [text.account, ticket.profileId ? text.signedIn : text.guest],
  ];
  return (
    <div className="grid gap-6">
      <PageHeader
        title={ticket.reference}
        description={<TicketStatusBadge status={ticket.status} />}
        actions={
          ticket.status === 'open' ? (
            <Button
              className="min-h-11"
              busy={resolve.isPending}
              onClick={() =>
                resolve.mutate(undefined, {
                  onSuccess: () => toast.success(text.resolved),
                  onError: (error) => toast.error(error.message || text.failed),
                })
              }
            >
              {text.resolve}
            </Button>
          ) : null
        }
      />
      <dl className="grid gap-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="ticket-message" className="grid gap-2">
        <h2 id="ticket-message" className="font-semibold">
          {text.message}
        </h2>
        <p className="rounded-lg border bg-muted/40 p-4 break-words whitespace-pre-wrap">{ticket.message}</p>
      </section>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <a className="font-medium text-primary underline underline-offset-4" href={`mailto:${ticket.email}?subject=${encodeURIComponent(ticket.reference)}`}>
          {text.replyByEmail(ticket.email)}
        </a>
        {ticket.resolvedAt ? <span className="text-muted-foreground">{text.resolvedBy(ticket.resolvedByName ?? '', formatDateTime(ticket.resolvedAt, BUSINESS_TIME_ZONE))}</span> : null}
      </div>
    </div>
  );
}
