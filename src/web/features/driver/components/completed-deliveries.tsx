import type { UseQueryResult } from '@tanstack/react-query';
import { PackageCheck } from 'lucide-react';
import type { CompletedDeliveriesPage, CompletedDelivery, DeliveryEarnings } from '@/shared/contracts/staff';
import { formatMoney } from '@/shared/money';
import { driverCopy } from '@/shared/staff-copy';
import { ListState } from '@/web/components/ui/list-state';
import { Pagination } from '@/web/components/ui/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDateTime } from '@/web/lib/format-time';

const text = driverCopy.completed;

function EarningsTile({ label, earnings }: { label: string; earnings: DeliveryEarnings }) {
  return (
    <div className="grid gap-1 rounded-xl border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{formatMoney(earnings.tips)}</dd>
      <dd className="text-sm text-muted-foreground">{text.tipsFrom(earnings.deliveries)}</dd>
    </div>
  );
}

/** Today's and the last 7 days' deliveries and tips, as the server counted them. Nothing while it failed: the list says so. */
export function EarningsSummary({ query }: { query: UseQueryResult<CompletedDeliveriesPage> }) {
  if (query.data === undefined) return query.isError ? null : <Skeleton className="h-28 w-full rounded-xl" />;
  const { summary } = query.data;
  return (
    <section aria-labelledby="earnings-heading" className="grid gap-2">
      <h2 id="earnings-heading" className="text-xl font-bold">
        {text.summaryHeading}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <EarningsTile label={text.today} earnings={summary.today} />
        <EarningsTile label={text.lastSevenDays} earnings={summary.lastSevenDays} />
      </dl>
      <p className="text-sm text-muted-foreground">{text.daysNote(summary.timeZone)}</p>
    </section>
  );
}

function CompletedRow({ delivery }: { delivery: CompletedDelivery }) {
  return (
    <li>
      <article aria-label={delivery.orderNumber} className="grid gap-2 rounded-xl border p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 className="font-semibold break-all">{delivery.orderNumber}</h3>
          <p className="text-base font-semibold tabular-nums">
            {delivery.tip > 0 ? (
              <>
                <span className="sr-only">{text.tip} </span>
                {formatMoney(delivery.tip)}
              </>
            ) : (
              <span className="font-normal text-muted-foreground">{text.noTip}</span>
            )}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">{text.from}</dt>
          <dd className="break-words">{delivery.pickupName}</dd>
          <dt className="text-muted-foreground">{text.to}</dt>
          <dd className="break-words">{delivery.area}</dd>
          <dt className="text-muted-foreground">{text.delivered}</dt>
          <dd>
            <time dateTime={delivery.deliveredAt}>{formatDateTime(delivery.deliveredAt, delivery.timeZone)}</time>
          </dd>
        </dl>
      </article>
    </li>
  );
}

/** The driver's completed deliveries, newest first, a page at a time. */
export function CompletedList({ query, onPageChange }: { query: UseQueryResult<CompletedDeliveriesPage>; onPageChange: (page: number) => void }) {
  return (
    <section aria-labelledby="completed-heading" className="grid gap-3">
      <h2 id="completed-heading" className="text-xl font-bold">
        {text.listHeading}
      </h2>
      <ListState
        query={query}
        items={(data) => data.deliveries}
        what={text.what}
        errorTitle={text.error}
        empty={text.empty}
        emptyIcon={PackageCheck}
        skeleton={{ rows: 3, className: 'h-28 w-full rounded-xl' }}
      >
        {(deliveries, data) => (
          <>
            <ul className="grid gap-3">
              {deliveries.map((delivery) => (
                <CompletedRow key={delivery.id} delivery={delivery} />
              ))}
            </ul>
            <Pagination page={data.page} pageCount={Math.ceil(data.total / data.pageSize)} onPageChange={onPageChange} />
          </>
        )}
      </ListState>
    </section>
  );
}
