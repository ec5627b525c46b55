import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ReturnRequest } from '@/shared/contracts/orders';
import { orderCopy } from '@/shared/copy';
import { infoCopy } from '@/shared/info-copy';
import { formatMoney } from '@/shared/money';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { storeRedirectAfterLogin } from '@/web/features/auth/redirect-after-login';
import { myReturnsQuery, returnableOrdersQuery } from '@/web/features/orders/api/order-queries';
import { ReturnLines } from '@/web/features/orders/components/return-lines';
import { ReturnPhoto } from '@/web/features/orders/components/return-photo';
import { formatDateTime } from '@/web/lib/format-time';
import { useAuth } from '@/web/lib/session';

const text = infoCopy.returns;

/**
 * The returns policy, and for a signed-in customer their requests and the delivered orders to start one
 * from, with those whose request is under review saying so.
 */
export function ReturnsPage() {
  const auth = useAuth();
  return (
    <article className="mx-auto grid max-w-3xl gap-10">
      <div>
        <PageHeader title={text.title} description={text.lead} />
        <div className="grid gap-6">
          {text.policy.map((section) => (
            <section key={section.heading} className="grid gap-2">
              <h2 className="text-lg font-semibold">{section.heading}</h2>
              <p className="text-muted-foreground">{section.body}</p>
            </section>
          ))}
        </div>
      </div>
      {auth.status === 'signed-out' ? (
        <section className="grid justify-items-start gap-3 rounded-lg border p-4">
          <p>{text.signInToSee}</p>
          <Button asChild>
            <Link to={paths.auth} onClick={() => storeRedirectAfterLogin(paths.returns)}>
              {text.signIn}
            </Link>
          </Button>
        </section>
      ) : auth.status === 'signed-in' && auth.profile.role === 'customer' ? (
        <>
          <MyReturns />
          <StartReturn />
        </>
      ) : null}
    </article>
  );
}

function MyReturns() {
  const query = useQuery(myReturnsQuery);
  return (
    <section aria-labelledby="my-returns" className="grid gap-3">
      <h2 id="my-returns" className="text-xl font-semibold">
        {text.mine}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <QueryError title={text.loadError} error={query.error} onRetry={() => void query.refetch()} compact />
      ) : query.data.returns.length === 0 ? (
        <p className="text-muted-foreground">{text.none}</p>
      ) : (
        <ul className="grid gap-3">
          {query.data.returns.map((request) => (
            <ReturnCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReturnCard({ request }: { request: ReturnRequest }) {
  return (
    <li className="grid gap-2 rounded-lg border p-4 text-sm" aria-label={`${request.orderNumber}: ${orderCopy.returnStatuses[request.status]}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={paths.order(request.orderId)} className="font-semibold text-primary underline-offset-4 hover:underline" aria-label={text.viewOrder(request.orderNumber)}>
          {request.orderNumber}
        </Link>
        <Badge tone={request.status === 'rejected' ? 'danger' : request.status === 'approved' ? 'success' : 'warning'}>
          {orderCopy.returnStatuses[request.status]}
        </Badge>
      </div>
      <p className="text-muted-foreground">
        <time dateTime={request.createdAt}>{text.requested(formatDateTime(request.createdAt, request.timeZone))}</time>
      </p>
      <ReturnLines lines={request.lines} amount={request.amount} />
      {/* What the customer said went wrong, which support's note answers. */}
      <p className="break-words whitespace-pre-line">{request.reason}</p>
      <ReturnPhoto url={request.photoUrl} />
      <p className="flex justify-between gap-2 font-medium">
        <span>{request.refundedAmount === null ? text.asked : text.refunded}</span>
        <span className="tabular-nums">{formatMoney(request.refundedAmount ?? request.amount)}</span>
      </p>
      {request.decisionNote ? (
        <p>
          <span className="text-muted-foreground">{text.note}: </span>
          {request.decisionNote}
        </p>
      ) : null}
    </li>
  );
}

function StartReturn() {
  const query = useQuery(returnableOrdersQuery);
  return (
    <section aria-labelledby="start-return" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="start-return" className="text-xl font-semibold">
          {text.start}
        </h2>
        <p className="text-muted-foreground">{text.startLead}</p>
      </div>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} compact />
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground">{text.noDelivered}</p>
      ) : (
        <ul className="grid gap-2">
          {query.data.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
              <span className="grid">
                <span className="font-medium">
                  {order.orderNumber} · {order.sourceName}
                </span>
                <span className="text-muted-foreground">
                  {order.returnable
                    ? text.deliveredOn(formatDateTime(order.placedAt, order.timeZone))
                    : order.returnableAfterReview
                      ? orderCopy.returns.underReview
                      : orderCopy.returns.underReviewCoversAll}
                </span>
              </span>
              {/* An order under review says so instead; its request above links to it. */}
              {order.returnable ? (
                <Button asChild variant="outline" className="min-h-11">
                  <Link to={paths.order(order.id)}>{text.startFor(order.orderNumber)}</Link>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
