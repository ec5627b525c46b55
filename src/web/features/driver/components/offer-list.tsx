import type { UseQueryResult } from '@tanstack/react-query';
import { Inbox, Power } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import type { StaffOrderPage } from '@/shared/contracts/staff';
import { driverCopy } from '@/shared/staff-copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { Pagination } from '@/web/components/ui/pagination';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAcceptDelivery } from '../api/driver-queries';
import { DeliveryCard } from './delivery-card';

function AcceptButton({ orderId, orderNumber, onAccepted }: { orderId: string; orderNumber: string; onAccepted?: (orderId: string) => void }) {
  const accept = useAcceptDelivery({
    onSuccess: () => {
      toast.success(driverCopy.offers.accepted(orderNumber));
      onAccepted?.(orderId);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Button size="lg" className="h-12 w-full text-base" busy={accept.isPending} aria-label={`${driverCopy.offers.accept} ${orderNumber}`} onClick={() => accept.mutate(orderId)}>
      {accept.isPending ? driverCopy.offers.accepting : driverCopy.offers.accept}
    </Button>
  );
}

/**
 * The deliveries on offer to the driver, nearest (or soonest) first; nothing but a note while off shift.
 * `onAccepted` hears of an offer the driver took, which moves to their deliveries.
 */
export function OfferList({
  offers,
  onShift,
  sortedByDistance,
  onPageChange,
  onAccepted,
}: {
  offers: UseQueryResult<StaffOrderPage>;
  onShift: boolean;
  sortedByDistance: boolean;
  onPageChange: (page: number) => void;
  onAccepted?: (orderId: string) => void;
}) {
  return (
    <section aria-labelledby="offers-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="offers-heading" className="text-xl font-bold">
          {driverCopy.offers.heading}
        </h2>
        {onShift && <span className="text-sm text-muted-foreground">{sortedByDistance ? driverCopy.offers.sortedByDistance : driverCopy.offers.sortedByTime}</span>}
      </div>
      {!onShift ? (
        <EmptyState icon={Power} title={driverCopy.offers.offShift} />
      ) : offers.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : offers.isError ? (
        <QueryError title={driverCopy.offers.error} error={offers.error} onRetry={() => void offers.refetch()} />
      ) : offers.data.orders.length === 0 ? (
        <EmptyState icon={Inbox} title={driverCopy.offers.empty} />
      ) : (
        <>
          <ul className="grid gap-3">
            {offers.data.orders.map((row) => (
              <li key={row.id}>
                <DeliveryCard row={row}>
                  <AcceptButton orderId={row.id} orderNumber={row.orderNumber} onAccepted={onAccepted} />
                </DeliveryCard>
              </li>
            ))}
          </ul>
          <Pagination page={offers.data.page} pageCount={Math.ceil(offers.data.total / offers.data.pageSize)} onPageChange={onPageChange} />
        </>
      )}
    </section>
  );
}
