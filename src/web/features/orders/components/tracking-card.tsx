import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { TrackingSnapshot } from '@/shared/contracts/orders';
import { isTerminalStatus, type OrderStatus } from '@/shared/order-status';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { QueryError } from '@/web/components/ui/query-error';
import { paths } from '@/web/config/paths';
import { cn } from '@/web/lib/cn';
import { useOrderTracking } from '../hooks/use-order-tracking';
import { DeliveryMap } from './delivery-map';
import { copy, orderCopy, orderStatusLabel } from '@/shared/copy';
import { dayLabel, formatTime } from '@/web/lib/format-time';
import { OrderStatusBadge } from './order-status-badge';

/** Groceries and dishes take the same steps. */
const progressSteps: OrderStatus[] = ['placed', 'confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered'];

/** One order followed live: its status on a stepper, the estimate, and the driver on a map once out for delivery. */
export function TrackingCard({ snapshot, token, showDetailsLink = false }: { snapshot: TrackingSnapshot; token?: string; showDetailsLink?: boolean }) {
  const tracking = useOrderTracking(snapshot.order.id, { token, initial: snapshot });
  const order = tracking.order ?? snapshot.order;
  // Still the time it arrived once a return is asked for or decided.
  const deliveredAt = order.events.findLast((event) => event.status === 'delivered')?.at;

  return (
    <Card aria-label={order.orderNumber} role="region">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>{order.orderNumber}</CardTitle>
          <p className="text-sm text-muted-foreground">{order.source.name}</p>
        </div>
        <div className="flex items-center gap-2">
          <ConnectionState state={tracking.connection} />
          <OrderStatusBadge status={order.status} partlyRefunded={order.partlyRefunded} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {tracking.error ? <QueryError compact title={orderCopy.tracking.loadError} error={tracking.error} onRetry={() => window.location.reload()} /> : null}
        <p className="text-lg font-semibold" aria-live="polite">
          {deliveredAt ? orderCopy.tracking.arrivedAt(formatTime(deliveredAt, order.source.timeZone)) : isTerminalStatus(order.status) ? orderStatusLabel(order.status, order.partlyRefunded) : arrivalPromise(order.estimatedAt, order.source.timeZone)}
        </p>
        {isTerminalStatus(order.status) ? null : <ProgressStepper status={order.status} />}
        {order.status === 'out_for_delivery' ? <DeliveryMap source={order.source} destination={order.destination} position={tracking.position} estimatedAt={order.estimatedAt} /> : null}
        {showDetailsLink ? (
          <Link to={paths.order(order.id)} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {orderCopy.tracking.details}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * 'Arriving by 8:25 PM CST'; an arrival booked for tomorrow or later names its day ('Tomorrow, by
 * 10:00 AM CST'), so an evening order for a morning window does not read as due, or late, today.
 * One past its time says it is running late (of an order not delivered yet).
 */
export function arrivalPromise(estimatedAt: string, timeZone: string) {
  const time = formatTime(estimatedAt, timeZone);
  if (Date.parse(estimatedAt) < Date.now()) return orderCopy.tracking.runningLate(time);
  const day = dayLabel(estimatedAt, timeZone);
  return day !== copy.time.today ? orderCopy.tracking.arrivesOn(day, time) : orderCopy.tracking.arrivesBy(time);
}

export function ProgressStepper({ status }: { status: OrderStatus }) {
  const steps = progressSteps;
  // After delivery (a refund asked for or decided) every step is done.
  const reached = steps.includes(status) ? steps.indexOf(status) : steps.length - 1;
  return (
    <ol aria-label={orderCopy.tracking.progress} className="grid grid-cols-1 gap-2 sm:flex sm:gap-0">
      {steps.map((step, index) => {
        const done = index <= reached;
        const current = index === reached;
        return (
          <li key={step} aria-current={current ? 'step' : undefined} className="flex items-center gap-2 sm:flex-1 sm:flex-col sm:text-center">
            <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold', done ? 'border-primary bg-primary text-primary-foreground' : 'border-muted-foreground/30 text-muted-foreground')}>
              {done ? <Check className="size-4" aria-hidden /> : index + 1}
            </span>
            <span className={cn('text-sm', current ? 'font-semibold' : done ? '' : 'text-muted-foreground')}>
              {orderCopy.statuses[step]}
              <span className="sr-only">{done ? (current ? ' (current)' : ' (done)') : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Whether the live status is flowing, and says so while it reconnects. */
export function ConnectionState({ state }: { state: ReturnType<typeof useOrderTracking>['connection'] }) {
  if (state === 'idle' || state === 'closed') return null;
  const label = state === 'open' ? orderCopy.tracking.live : state === 'reconnecting' ? orderCopy.tracking.reconnecting : orderCopy.tracking.connecting;
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
      <span className={cn('size-2 rounded-full', state === 'open' ? 'animate-pulse bg-emerald-500' : 'bg-amber-500')} aria-hidden />
      {label}
    </span>
  );
}
