import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '@/shared/contracts/orders';
import { orderCopy, supportCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { orderQuery } from '@/web/features/orders/api/order-queries';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { StatusTimeline } from '@/web/features/orders/components/status-timeline';
import { useStaffFeed } from '@/web/features/staff/hooks/use-staff-feed';
import { formatDateTime } from '@/web/lib/format-time';

const text = supportCopy.order;

/** One order as support sees it: what was bought and paid, what was refunded or asked back, and its timeline. */
export function SupportOrderPage() {
  const { id = '' } = useParams();
  // The order is read again whenever its status changes.
  useStaffFeed();
  const order = useQuery(orderQuery(id));
  return (
    <div className="grid gap-6">
      <Link to={paths.supportOrders} className="inline-flex min-h-10 w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {text.back}
      </Link>
      {order.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : order.isError ? (
        <QueryError title={text.loadError} error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <OrderFacts order={order.data} />
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2 rounded-lg border p-4 text-sm" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="min-w-0 break-words text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: Order }) {
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{order.orderNumber}</h1>
        <OrderStatusBadge status={order.status} />
        <p className="w-full text-sm text-muted-foreground">
          {text.placed} <time dateTime={order.placedAt}>{formatDateTime(order.placedAt, order.timeZone)}</time> · {order.source.name}
        </p>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={text.items}>
          <dl className="grid gap-1">
            {order.lines.map((line) => (
              <Row key={line.id} label={`${line.quantity} × ${line.name}${line.refundedQuantity > 0 ? ` (${line.refundedQuantity} returned)` : ''}`} value={formatMoney(line.unitPrice * line.quantity)} />
            ))}
          </dl>
        </Section>
        <Section title={text.totals}>
          <dl className="grid gap-1">
            <Row label={text.total} value={formatMoney(order.totals.totalAmount)} />
            <Row label={text.payment} value={`${orderCopy.paymentMethods[order.payment.method]} · ${orderCopy.paymentStatuses[order.payment.status]}`} />
            <Row label={text.refunded} value={formatMoney(order.payment.refundedAmount)} />
            <Row label={text.refundable} value={formatMoney(order.refundableAmount)} />
          </dl>
        </Section>
        <Section title={text.deliverTo}>
          <address className="not-italic break-words">
            {order.address.streetAddress}, {order.address.city}, {order.address.state} {order.address.zipCode}
          </address>
        </Section>
        {order.refunds.length > 0 ? (
          <Section title={text.refunds}>
            <dl className="grid gap-1">
              {order.refunds.map((refund) => (
                <Row key={refund.id} label={`${orderCopy.refundKinds[refund.kind]}${refund.reason ? `: ${refund.reason}` : ''}`} value={formatMoney(refund.amount)} />
              ))}
            </dl>
          </Section>
        ) : null}
        {order.returnRequests.length > 0 ? (
          <Section title={text.returns}>
            <ul className="grid gap-2">
              {order.returnRequests.map((request) => (
                <li key={request.id} className="grid gap-1 border-t pt-2 first:border-t-0 first:pt-0">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span>{request.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</span>
                    <span className="tabular-nums">{formatMoney(request.refundedAmount ?? request.amount)}</span>
                  </p>
                  <p className="text-muted-foreground">{orderCopy.returnStatuses[request.status]}</p>
                  <p className="break-words whitespace-pre-line">{request.reason}</p>
                  {request.decisionNote ? <p className="break-words whitespace-pre-line text-muted-foreground">{request.decisionNote}</p> : null}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <Section title={text.timeline}>
          <StatusTimeline events={order.events} timeZone={order.timeZone} />
        </Section>
      </div>
    </>
  );
}
