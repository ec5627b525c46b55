import { useQuery } from '@tanstack/react-query';
import { Phone, Truck } from 'lucide-react';
import { managerCopy } from '@/shared/staff-copy';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { PageSpinner } from '@/web/components/ui/spinner';
import { OrderStatusBadge } from '@/web/features/orders/components/order-status-badge';
import { formatTime } from '@/web/lib/format-time';
import { managerDriversQuery } from '../api/manager-queries';

const copy = managerCopy.drivers;

/** Drivers on shift at the manager's warehouses and what each is delivering; refreshed by the staff feed. */
export function DriverList({ warehouseId }: { warehouseId?: string }) {
  const query = useQuery(managerDriversQuery(warehouseId));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.drivers.length === 0) return <EmptyState icon={Truck} title={copy.empty} />;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {query.data.drivers.map((driver) => (
        <li key={driver.profileId} className="grid gap-3 rounded-lg border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">{driver.name}</h2>
            <span className="text-sm text-muted-foreground">{driver.warehouses.map((warehouse) => warehouse.name).join(', ')}</span>
            {driver.phone ? (
              <Button asChild variant="outline" size="icon" className="ml-auto size-10">
                <a href={`tel:${driver.phone}`} aria-label={copy.call(driver.name)}>
                  <Phone aria-hidden />
                </a>
              </Button>
            ) : null}
          </div>
          {driver.onShiftSince ? <p className="text-sm text-muted-foreground">{copy.onShiftSince(formatTime(driver.onShiftSince, driver.warehouses[0]?.timeZone))}</p> : null}
          {driver.deliveries.length === 0 ? (
            <p className="text-sm">{copy.noDeliveries}</p>
          ) : (
            <ul className="grid gap-2">
              {driver.deliveries.map((delivery) => (
                <li key={delivery.orderId} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{delivery.orderNumber}</span>
                  <OrderStatusBadge status={delivery.status} />
                  <span className="w-full break-words text-muted-foreground">{delivery.dropOff}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
