import { useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@/shared/contracts/orders';
import { addressCopy, orderCopy } from '@/shared/copy';
import { formatMoney } from '@/shared/money';
import { isTrackingOver } from '@/shared/order-status';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { usePageTitle } from '@/web/components/layouts/page-title';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { ApiError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/session';
import { orderQuery } from '../api/order-queries';
import { useOrderTracking } from '../hooks/use-order-tracking';
import { CancelOrderDialog } from './cancel-order-dialog';
import { DeliveryMap } from './delivery-map';
import { formatDateTime, formatRelative, formatTime } from '@/web/lib/format-time';
import { OrderLines } from './order-lines';
import { OrderStatusBadge } from './order-status-badge';
import { ReorderButton } from './reorder-button';
import { ReturnPhoto } from './return-photo';
import { ReturnRequestDialog } from './return-request-dialog';
import { StatusTimeline } from './status-timeline';
import { arrivalPromise, ConnectionState, ProgressStepper } from './tracking-card';

/** One of the customer's orders: lines, totals, delivery, payment, its live status and what may be done now. */
export function OrderDetail({ orderId }: { orderId: string | null }) {
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: orderId !== null });
  if (orderId === null || (order.error instanceof ApiError && order.error.status === 404)) return <OrderNotFound />;
  if (order.isError) return <QueryError title={orderCopy.detail.loadError} error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label={orderCopy.detail.loading}>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  return <OrderView order={order.data} />;
}

function OrderNotFound() {
  return (
    <EmptyState icon={PackageSearch} title={orderCopy.detail.notFoundTitle}>
      <p>{orderCopy.detail.notFoundBody}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link to={paths.orders}>{orderCopy.detail.backToOrders}</Link>
      </Button>
    </EmptyState>
  );
}

function OrderView({ order }: { order: Order }) {
  const auth = useAuth();
  // A customer only ever reads their own orders; anyone else here is staff.
  const reader = auth.status === 'signed-in' && auth.profile.role !== 'customer' ? 'staff' : 'customer';
  const live = !isTrackingOver(order.status);
  const tracking = useOrderTracking(order.id, { enabled: live });
  usePageTitle(order.orderNumber);
  const { actions } = order;

  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{order.orderNumber}</h1>
          <OrderStatusBadge status={order.status} partlyRefunded={order.partlyRefunded} />
        </div>
        <p className="text-muted-foreground">
          {order.sourceName} · {orderCopy.detail.itemCount(order.itemCount)} · <time dateTime={order.placedAt}>{formatDateTime(order.placedAt, order.timeZone)}</time> ({formatRelative(order.placedAt, order.timeZone)})
        </p>
        {actions.cancel || actions.reorder || actions.requestReturn ? (
          <div className="flex flex-wrap gap-2">
            {actions.cancel ? <CancelOrderDialog orderId={order.id} paid={order.payment.method === 'card' && order.payment.status === 'paid'} /> : null}
            {actions.reorder ? <ReorderButton orderId={order.id} /> : null}
            {actions.requestReturn ? <ReturnRequestDialog order={order} /> : null}
          </div>
        ) : null}
        <KitchenDeclined order={order} />
        {/* Where the return action would be: the order takes no second request while one is reviewed. */}
        {reader === 'customer' && order.status === 'refund_requested' ? (
          <p className="text-sm text-muted-foreground">{order.returnableAfterReview ? orderCopy.returns.underReview : orderCopy.returns.underReviewCoversAll}</p>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          {live ? (
            <Section title={orderCopy.tracking.progress}>
              <div className="grid gap-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{arrivalPromise(order.delivery.estimatedAt, order.timeZone)}</p>
                  <ConnectionState state={tracking.connection} />
                </div>
                <ProgressStepper status={order.status} />
                {order.deliveryCode ? (
                  <div className="grid gap-1 rounded-lg bg-muted/50 p-3">
                    <p className="text-sm font-medium">{orderCopy.detail.deliveryCode}</p>
                    <p className="font-mono text-3xl font-bold tracking-[0.3em]">{order.deliveryCode}</p>
                    <p className="text-sm text-muted-foreground">{orderCopy.detail.deliveryCodeHint}</p>
                  </div>
                ) : null}
                {order.status === 'out_for_delivery' ? (
                  // Nothing is said of the driver's location until the stream's snapshot tells it.
                  <DeliveryMap source={order.source} destination={order.address} position={tracking.order ? tracking.position : undefined} estimatedAt={tracking.order?.estimatedAt ?? order.delivery.estimatedAt} />
                ) : null}
              </div>
            </Section>
          ) : null}

          <Section title={orderCopy.detail.items}>
            <OrderLines order={order} />
          </Section>

          <Section title={orderCopy.detail.timeline}>
            <StatusTimeline events={order.events} timeZone={order.timeZone} reader={reader} />
          </Section>

          {order.returnRequests.length > 0 ? (
            <Section title={orderCopy.detail.returnRequests}>
              <ul className="grid gap-3">
                {order.returnRequests.map((request) => (
                  <li key={request.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                    <p className="flex flex-wrap justify-between gap-2 font-medium">
                      <span>{request.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</span>
                      {/* What support refunded once approved (possibly less than asked), else what was asked. */}
                      <span className="tabular-nums">{formatMoney(request.refundedAmount ?? request.amount)}</span>
                    </p>
                    <p className="text-muted-foreground">
                      {/* A decided request reads when it was decided; an open one, when it was asked. */}
                      {orderCopy.returnStatuses[request.status]} ·{' '}
                      <time dateTime={request.decidedAt ?? request.createdAt}>{formatDateTime(request.decidedAt ?? request.createdAt, order.timeZone)}</time>
                    </p>
                    <p className="break-words whitespace-pre-line">{request.reason}</p>
                    <ReturnPhoto url={request.photoUrl} />
                    {request.decisionNote ? <p className="break-words whitespace-pre-line text-muted-foreground">{request.decisionNote}</p> : null}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>

        <div className="grid min-w-0 gap-6">
          <Section title={orderCopy.detail.summary}>
            <Totals order={order} />
          </Section>

          <Section title={orderCopy.detail.deliverTo}>
            <address className="text-sm not-italic">
              <span className="font-medium">{order.address.label}</span>
              <br />
              {order.address.streetAddress}
              {order.address.unit ? `, ${order.address.unit}` : null}
              <br />
              {order.address.city}, {order.address.state} {order.address.zipCode}
            </address>
            {order.address.deliveryInstructions ? (
              <p className="mt-2 text-sm break-words whitespace-pre-line">
                <span className="font-medium">{addressCopy.deliveryInstructions}: </span>
                {order.address.deliveryInstructions}
              </p>
            ) : null}
            <DeliveryTime order={order} />
            {order.driverNotes ? (
              <p className="mt-2 text-sm break-words whitespace-pre-line">
                <span className="font-medium">{orderCopy.detail.driverNotes}: </span>
                {order.driverNotes}
              </p>
            ) : null}
          </Section>

          <Section title={orderCopy.detail.payment}>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{orderCopy.paymentMethods[order.payment.method]}</dt>
              <dd>{orderCopy.paymentStatuses[order.payment.status]}</dd>
              {order.payment.refundedAmount > 0 ? (
                <>
                  <dt className="text-muted-foreground">{orderCopy.detail.refunded}</dt>
                  <dd className="tabular-nums">{formatMoney(order.payment.refundedAmount)}</dd>
                </>
              ) : null}
            </dl>
            {order.refunds.length > 0 ? (
              <ul className="mt-3 grid gap-2 border-t pt-3 text-sm" aria-label={orderCopy.detail.refunds}>
                {order.refunds.map((refund) => (
                  <li key={refund.id} className="grid grid-cols-[1fr_auto] gap-x-3">
                    <span>{orderCopy.refundKinds[refund.kind]}</span>
                    <span className="tabular-nums">{formatMoney(refund.amount)}</span>
                    <span className="text-muted-foreground">
                      {orderCopy.refundStatuses[refund.status]} · <time dateTime={refund.at}>{formatDateTime(refund.at, order.timeZone)}</time>
                    </span>
                    {refund.reason ? <span className="col-span-2 break-words text-muted-foreground">{refund.reason}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </Section>
        </div>
      </div>
    </div>
  );
}

/** When the kitchen turned the order down: why, in its words, and what became of the money. */
function KitchenDeclined({ order }: { order: Order }) {
  const declined = order.status === 'cancelled' ? order.events.findLast((event) => event.status === 'cancelled' && event.actor === 'cloud_kitchen') : undefined;
  if (!declined) return null;
  const words = orderCopy.declined;
  let money: string = words.nothingDue;
  if (order.payment.refundedAmount > 0) money = words.refunded(formatMoney(order.payment.refundedAmount));
  // Paid and nothing refunded: the card provider refused the refund.
  else if (order.payment.method === 'card') money = order.payment.status === 'paid' ? words.refundFailed : words.notCharged;
  return (
    <div className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
      <p className="font-semibold">{words.title}</p>
      {declined.note ? <p className="break-words whitespace-pre-line">{declined.note}</p> : null}
      <p>{money}</p>
    </div>
  );
}

/** When it arrived, once it has; a cancelled order promises nothing; otherwise the window or the estimate. */
function DeliveryTime({ order }: { order: Order }) {
  const delivered = order.events.findLast((event) => event.status === 'delivered');
  let text: string | null;
  if (delivered) text = `${orderCopy.detail.deliveredAt}: ${formatDateTime(delivered.at, order.timeZone)}`;
  else if (order.status === 'cancelled') text = null;
  else if (order.delivery.kind === 'window' && order.delivery.windowStart && order.delivery.windowEnd) {
    text = `${orderCopy.detail.window}: ${formatDateTime(order.delivery.windowStart, order.timeZone)} – ${formatTime(order.delivery.windowEnd, order.timeZone)}`;
  } else text = `${orderCopy.detail.estimate}: ${formatDateTime(order.delivery.estimatedAt, order.timeZone)}`;
  return text ? <p className="mt-2 text-sm text-muted-foreground">{text}</p> : null;
}

function Totals({ order }: { order: Order }) {
  const { totals } = order;
  const rows: [string, string][] = [
    [orderCopy.detail.subtotal, formatMoney(totals.subtotal)],
    ...(totals.savings.total > 0 ? ([[orderCopy.detail.savings, formatMoney(totals.savings.total)]] as [string, string][]) : []),
    [orderCopy.detail.serviceFee, formatMoney(totals.serviceFee)],
    [orderCopy.detail.deliveryFee, totals.deliveryFee === 0 ? orderCopy.detail.free : formatMoney(totals.deliveryFee)],
    [orderCopy.detail.tax, formatMoney(totals.taxAmount)],
    ...(totals.tip > 0 ? ([[orderCopy.detail.tip, formatMoney(totals.tip)]] as [string, string][]) : []),
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={`text-right tabular-nums ${label === orderCopy.detail.savings ? 'text-primary' : ''}`}>{value}</dd>
        </div>
      ))}
      {/* One rule across both columns: drawn on each cell, the gap between the columns would break it. */}
      <div className="col-span-2 mt-2 grid grid-cols-subgrid border-t pt-2 font-semibold">
        <dt>{orderCopy.detail.total}</dt>
        <dd className="text-right tabular-nums">{formatMoney(totals.totalAmount)}</dd>
      </div>
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
