import type { UseQueryResult } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import type { Actor } from '@/shared/access';
import type { StaffOrderPage, StaffOrderRow } from '@/shared/contracts/staff';
import { driverCopy } from '@/shared/staff-copy';
import { allowedTransitions } from '@/shared/order-status';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useMoveDelivery } from '../api/driver-queries';
import { DeliverDialog } from './deliver-dialog';
import { DeliveryCard } from './delivery-card';
import { PositionSharing } from './position-sharing';

/** The one next step the status machine lets this driver take, or a note that the store is not done yet. */
function NextStep({ row, driver }: { row: StaffOrderRow; driver: Actor }) {
  const move = useMoveDelivery(row.id, {
    onSuccess: () => toast.success(driverCopy.assigned.pickedUpDone(row.orderNumber)),
    onError: (error) => toast.error(error.message),
  });
  const facts = {
    type: row.type,
    status: row.status,
    customerProfileId: row.customer.profileId,
    warehouseId: row.warehouse.id,
    kitchenId: row.kitchen?.id ?? null,
    driverProfileId: row.driver?.profileId ?? null,
  };
  const next = allowedTransitions({ viewer: driver, order: facts });
  if (next.includes('delivered')) return <DeliverDialog orderId={row.id} orderNumber={row.orderNumber} cashToCollect={row.cashToCollect} />;
  if (next.includes('out_for_delivery')) {
    return (
      <Button
        size="lg"
        className="h-12 w-full text-base"
        disabled={move.isPending}
        aria-label={`${driverCopy.assigned.pickedUp}: ${row.orderNumber}`}
        onClick={() => move.mutate({ status: 'out_for_delivery' })}
      >
        {driverCopy.assigned.pickedUp}
      </Button>
    );
  }
  return <p className="rounded-md bg-muted p-2 text-sm font-medium">{driverCopy.assigned.waitingForStore}</p>;
}

/** The driver's own deliveries, each with its next step; the one out for delivery shares the driver's position. */
export function AssignedList({ assigned, driver }: { assigned: UseQueryResult<StaffOrderPage>; driver: Actor }) {
  return (
    <section aria-labelledby="assigned-heading" className="grid gap-3">
      <h2 id="assigned-heading" className="text-xl font-bold">
        {driverCopy.assigned.heading}
      </h2>
      {assigned.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : assigned.isError ? (
        <QueryError title={driverCopy.assigned.error} error={assigned.error} onRetry={() => void assigned.refetch()} />
      ) : assigned.data.orders.length === 0 ? (
        <EmptyState icon={Truck} title={driverCopy.assigned.empty} />
      ) : (
        <ul className="grid gap-3">
          {assigned.data.orders.map((row) => (
            <li key={row.id}>
              <DeliveryCard row={row} collect>
                {row.status === 'out_for_delivery' && <PositionSharing orderId={row.id} />}
                <NextStep row={row} driver={driver} />
              </DeliveryCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
