import { BellRing, Clock, Navigation, Package, StickyNote } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StaffOrderRow } from '@/shared/contracts/staff';
import { addressCopy } from '@/shared/copy';
import { driverCopy } from '@/shared/staff-copy';
import { formatMoney } from '@/shared/money';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { formatTime, formatWindow } from '@/web/lib/format-time';
import { CashToCollect } from './cash-to-collect';

const directionsUrl = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

function Place({ label, name, address }: { label: string; name?: string; address: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="flex items-start justify-between gap-2">
        <span className="min-w-0 break-words">
          {name && <span className="block font-semibold">{name}</span>}
          {address}
        </span>
        <a
          href={directionsUrl(address)}
          target="_blank"
          rel="noreferrer"
          aria-label={driverCopy.card.directions(name ?? address)}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md border text-foreground hover:bg-accent"
        >
          <Navigation className="size-4" aria-hidden />
        </a>
      </dd>
    </div>
  );
}

/**
 * One delivery as a driver needs it at a glance: where from, where to, what, the tip and the customer's
 * notes; on the driver's own deliveries (`collect`), the cash to take at the door first of all.
 */
export function DeliveryCard({ row, collect = false, children }: { row: StaffOrderRow; collect?: boolean; children?: ReactNode }) {
  const due = row.delivery.windowStart && row.delivery.windowEnd
    ? formatWindow({ start: row.delivery.windowStart, end: row.delivery.windowEnd }, row.timeZone)
    : formatTime(row.delivery.estimatedAt, row.timeZone);
  return (
    <article aria-label={row.orderNumber} className="grid gap-3 rounded-xl border-2 bg-card p-4 text-card-foreground shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">{row.orderNumber}</h3>
        <div className="flex items-center gap-2">
          {row.distanceMiles !== null && <span className="text-sm font-semibold">{driverCopy.card.milesAway(row.distanceMiles)}</span>}
          <OrderStatusBadge status={row.status} />
        </div>
      </header>
      {collect && <CashToCollect amount={row.cashToCollect} />}
      {/* A description list holds only term and detail groups, so each icon sits inside its term or detail. */}
      <div className="grid gap-3 text-base">
        <dl className="grid gap-3">
          <Place label={driverCopy.card.pickup} name={row.pickup.name} address={row.pickup.address} />
          <Place label={driverCopy.card.dropOff} address={row.dropOff} />
          {row.deliveryInstructions ? (
            <div className="relative min-w-0 pl-5.5">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                <BellRing className="absolute top-1 left-0 size-4 text-card-foreground" aria-hidden />
                {addressCopy.deliveryInstructions}
              </dt>
              <dd className="font-semibold whitespace-pre-wrap break-words">{row.deliveryInstructions}</dd>
            </div>
          ) : null}
        </dl>
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          <div>
            <dt className="sr-only">{driverCopy.card.itemsLabel}</dt>
            <dd className="flex items-center gap-1.5">
              <Package className="size-4" aria-hidden />
              {driverCopy.card.items(row.itemCount)}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>{driverCopy.card.tip}</dt>
            <dd className="font-semibold">{formatMoney(row.tip)}</dd>
          </div>
          <div>
            <dt className="sr-only">{driverCopy.card.due}</dt>
            <dd className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden />
              {due}
            </dd>
          </div>
        </dl>
        <dl>
          <div className="relative min-w-0 pl-5.5">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              <StickyNote className="absolute top-1 left-0 size-4 text-card-foreground" aria-hidden />
              {driverCopy.card.notes}
            </dt>
            <dd className="whitespace-pre-wrap break-words">{row.driverNotes || driverCopy.card.noNotes}</dd>
          </div>
        </dl>
      </div>
      {children}
    </article>
  );
}
