import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { addressLine } from '@/shared/contracts/locations';
import type { Order } from '@/shared/contracts/orders';
import { addressCopy, orderCopy } from '@/shared/copy';
import { staffOrderCopy as copy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { usePageTitle } from '@/web/components/layouts/page-title';
import { orderQuery } from '@/web/features/orders/api/order-queries';
import { OrderLines } from '@/web/features/orders/components/order-lines';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { StatusTimeline } from '@/web/features/orders/components/status-timeline';
import { formatDateTime } from '@/web/lib/format-time';
import { useAuth } from '@/web/lib/session';
import { RefundForm } from './refund-form';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function Totals({ order }: { order: Order }) {
  const { totals } = order;
  return (
    <dl className="grid gap-1 text-sm">
      <Row label={copy.subtotal} value={formatMoney(totals.subtotal)} />
      {totals.savings.total > 0 ? <Row label={copy.savings} value={formatMoney(totals.savings.total)} /> : null}
      <Row label={copy.deliveryFee} value={formatMoney(totals.deliveryFee)} />
      <Row label={copy.serviceFee} value={formatMoney(totals.serviceFee)} />
      <Row label={copy.tax} value={formatMoney(totals.taxAmount)} />
      <Row label={copy.tip} value={formatMoney(totals.tip)} />
      <Row label={copy.total} value={formatMoney(totals.totalAmount)} strong />
    </dl>
  );
}

function Refunds({ order }: { order: Order }) {
  if (order.refunds.length === 0) {
    // Units missing at picking on an order paid on delivery are taken off what is due, not refunded in money.
    const takenOff = order.lines.some((line) => line.fulfilment.status !== 'as_ordered');
    return <p className="text-sm text-muted-foreground">{takenOff && order.payment.method !== 'card' ? copy.takenOffAmountDue : copy.noRefunds}</p>;
  }
  return (
    <ul className="grid gap-2 text-sm" aria-label={copy.refunds}>
      {order.refunds.map((refund) => (
        <li key={refund.id} className="grid gap-0.5 rounded-md border p-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium tabular-nums">{formatMoney(refund.amount)}</span>
            <span className="flex gap-1">
              <Badge>{orderCopy.refundKinds[refund.kind]}</Badge>
              <Badge tone={refund.status === 'failed' ? 'danger' : refund.status === 'pending' ? 'warning' : 'success'}>{orderCopy.refundStatuses[refund.status]}</Badge>
            </span>
          </div>
          <time dateTime={refund.at} className="text-muted-foreground">
            {formatDateTime(refund.at, order.timeZone)}
          </time>
          {refund.reason ? <p className="break-words whitespace-pre-line">{refund.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * An order as staff see it: lines, totals, address, payment, the status timeline with who moved it,
 * refunds so far and what may still be refunded; support and admins refund from it. `actions` renders
 * what the viewer's dashboard lets them do with the order now, under its heading.
 */
export function StaffOrderDetail({ orderId, actions }: { orderId: string; actions?: (order: Order) => ReactNode }) {
  const order = useQuery(orderQuery(orderId));
  const auth = useAuth();
  usePageTitle(order.data?.orderNumber);
  const mayRefund = auth.status === 'signed-in' && (auth.profile.role === 'admin' || auth.profile.role === 'support');

  if (order.isError) return <QueryError title={copy.loadFailed} error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  const data = order.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight break-all">{data.orderNumber}</h1>
        <OrderStatusBadge status={data.status} partlyRefunded={data.partlyRefunded} />
        <span className="text-sm text-muted-foreground">
          {data.sourceName} · <time dateTime={data.placedAt}>{formatDateTime(data.placedAt, data.timeZone)}</time>
        </span>
      </div>
      {actions?.(data)}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{copy.lines}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <OrderLines order={data} />
              <Totals order={data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{copy.timeline}</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusTimeline events={data.events} timeZone={data.timeZone} reader="staff" />
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{copy.payment}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-1 text-sm">
                <Row label={copy.paymentMethod} value={orderCopy.paymentMethods[data.payment.method]} />
                <Row label={copy.paymentStatus} value={orderCopy.paymentStatuses[data.payment.status]} />
                <Row label={copy.refundedAmount} value={formatMoney(data.payment.refundedAmount)} />
                <Row label={copy.refundableAmount} value={formatMoney(data.refundableAmount)} strong />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{copy.address}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <address className="not-italic break-words">
                {data.address.label ? <span className="font-medium">{data.address.label}: </span> : null}
                {addressLine(data.address)}
              </address>
              {data.address.deliveryInstructions ? (
                <p className="break-words whitespace-pre-line">
                  <span className="text-muted-foreground">{addressCopy.deliveryInstructions}: </span>
                  {data.address.deliveryInstructions}
                </p>
              ) : null}
              {data.driverNotes ? (
                <p className="break-words whitespace-pre-line">
                  <span className="text-muted-foreground">{copy.customerNotes}: </span>
                  {data.driverNotes}
                </p>
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{copy.refunds}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Refunds order={data} />
              {mayRefund ? (
                <section aria-labelledby="refund-heading" className="grid gap-3 border-t pt-4">
                  <h3 id="refund-heading" className="font-semibold">
                    {copy.refundTitle}
                  </h3>
                  <RefundForm order={data} />
                </section>
              ) : null}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
