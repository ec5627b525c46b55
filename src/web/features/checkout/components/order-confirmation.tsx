import { useQuery } from '@tanstack/react-query';
import { CircleCheck, PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { orderSuccessCopy } from '@/shared/copy';
import { id as idSchema } from '@/shared/contracts/common';
import type { Order } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { usePageTitle } from '@/web/components/layouts/page-title';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/web/config/paths';
import { ApiError } from '@/web/lib/api-client';
import { dayLabel, formatTime, formatWindow } from '@/web/lib/format-time';
import { orderQuery } from '@/web/features/orders/api/order-queries';

/** What a card form needs to take a pending card payment; the app plugs the payments feature's form in. */
export interface CardPaymentSlot {
  clientSecret: string;
  orderId: string;
  onPaid: () => void;
}

function NotFound() {
  return (
    <EmptyState icon={PackageSearch} title={orderSuccessCopy.notFoundTitle}>
      <p>{orderSuccessCopy.notFoundBody}</p>
      <Button asChild className="mt-4">
        <Link to={paths.orders}>{orderSuccessCopy.toOrders}</Link>
      </Button>
    </EmptyState>
  );
}

function arrival(order: Order): { label: string; value: string } {
  const { delivery, timeZone } = order;
  if (delivery.kind === 'window' && delivery.windowStart && delivery.windowEnd) {
    return { label: orderSuccessCopy.window, value: `${dayLabel(delivery.windowStart, timeZone)}, ${formatWindow({ start: delivery.windowStart, end: delivery.windowEnd }, timeZone)}` };
  }
  return { label: orderSuccessCopy.arrives, value: orderSuccessCopy.arrivesBy(dayLabel(delivery.estimatedAt, timeZone), formatTime(delivery.estimatedAt, timeZone)) };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * The confirmation of a placed order, read from the server: its number, when it arrives, the total,
 * how it is paid, the code for the driver and what happens next.
 */
export function OrderConfirmation({ orderId, renderCardPayment }: { orderId: string | null; renderCardPayment?: (slot: CardPaymentSlot) => ReactNode }) {
  const valid = idSchema.safeParse(orderId).success;
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: valid });
  usePageTitle(orderSuccessCopy.title);

  if (!valid) return <NotFound />;
  if (order.isPending) {
    return (
      <div className="mx-auto grid max-w-2xl gap-4" aria-busy="true" aria-label={orderSuccessCopy.loading}>
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400)) return <NotFound />;
    return <QueryError title={orderSuccessCopy.loadFailed} error={order.error} onRetry={() => order.refetch()} />;
  }

  const placed = order.data;
  const when = arrival(placed);
  const cardPending = placed.payment.method === 'card' && placed.payment.status === 'pending';
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheck className="size-14 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{orderSuccessCopy.title}</h1>
        <p className="text-muted-foreground">{orderSuccessCopy.thanks(placed.sourceName)}</p>
      </div>

      <section aria-label={orderSuccessCopy.title} className="grid gap-5 rounded-xl border bg-card p-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact label={orderSuccessCopy.orderNumber}>
            <span className="font-mono text-lg" data-testid="order-number">
              {placed.orderNumber}
            </span>
          </Fact>
          <Fact label={when.label}>{when.value}</Fact>
          <Fact label={orderSuccessCopy.total}>
            <span className="tabular-nums">{formatMoney(placed.totals.totalAmount)}</span>
          </Fact>
          <Fact label={orderSuccessCopy.payment}>
            <span className="flex flex-wrap items-center gap-2">
              {orderSuccessCopy.methods[placed.payment.method]}
              {cardPending ? <Badge tone="warning">{orderSuccessCopy.paymentPending}</Badge> : null}
            </span>
          </Fact>
        </dl>
        {cardPending && placed.payment.clientSecret && renderCardPayment ? (
          <div data-slot="card-payment">{renderCardPayment({ clientSecret: placed.payment.clientSecret, orderId: placed.id, onPaid: () => void order.refetch() })}</div>
        ) : null}
        {placed.deliveryCode ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed bg-muted/40 p-4">
            <div className="grid gap-0.5">
              <p className="text-sm font-medium">{orderSuccessCopy.deliveryCode}</p>
              <p className="text-sm text-muted-foreground">{orderSuccessCopy.deliveryCodeNote}</p>
            </div>
            <p className="font-mono text-3xl font-bold tracking-[0.3em]" data-testid="delivery-code">
              {placed.deliveryCode}
            </p>
          </div>
        ) : null}
      </section>

      <section aria-label={orderSuccessCopy.next} className="grid gap-3 rounded-xl border bg-card p-5">
        <h2 className="text-lg font-semibold">{orderSuccessCopy.next}</h2>
        <ol className="grid gap-3">
          {orderSuccessCopy.steps[placed.type].map((step, index) => (
            <li key={step} className="flex items-center gap-3 text-sm">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full border bg-muted text-xs font-semibold" aria-hidden>
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to={paths.order(placed.id)}>{orderSuccessCopy.track}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.products}>{orderSuccessCopy.continueShopping}</Link>
        </Button>
      </div>
    </div>
  );
}
