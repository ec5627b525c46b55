import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { managerCopy, staffCopy } from '@/shared/staff-copy';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { QueryError } from '@/web/components/ui/query-error';
import { ApiError } from '@/web/lib/api-client';
import { managerDriversQuery, useAssignDriver } from '../api/manager-queries';

const copy = managerCopy.assign;

/** What the dialog needs of an order, from a queue row or the order's page. */
export interface AssignableOrder {
  id: string;
  orderNumber: string;
  warehouseId: string;
  driverProfileId: string | null;
}

/** Chooses a driver on shift at the order's warehouse, showing how busy each one is. */
export function AssignDriverDialog({ order }: { order: AssignableOrder }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(order.driverProfileId);
  const drivers = useQuery({ ...managerDriversQuery(order.warehouseId), enabled: open });
  const assign = useAssignDriver();
  const error = assign.error instanceof ApiError ? (assign.error.fields?.driverProfileId ?? assign.error.message) : null;

  async function submit() {
    if (!chosen) return;
    try {
      const updated = await assign.mutateAsync({ orderId: order.id, driverProfileId: chosen });
      toast.success(copy.done(updated.driver?.firstName ?? ''));
      setOpen(false);
    } catch {
      toast.error(copy.failed);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-10" aria-label={`${managerCopy.queue.actions.assign} ${order.orderNumber}`}>
          {managerCopy.queue.actions.assign}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title(order.orderNumber)}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        {drivers.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {staffCopy.loading}
          </p>
        ) : drivers.isError ? (
          <QueryError compact error={drivers.error} onRetry={() => void drivers.refetch()} />
        ) : drivers.data.drivers.length === 0 ? (
          <p className="text-sm text-muted-foreground">{copy.none}</p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{copy.choose}</legend>
            {drivers.data.drivers.map((driver) => (
              <label key={driver.profileId} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 has-[:checked]:border-primary">
                <input type="radio" name="driver" className="size-4" value={driver.profileId} checked={chosen === driver.profileId} onChange={() => setChosen(driver.profileId)} />
                <span className="font-medium">{driver.name}</span>
                <span className="ml-auto text-sm text-muted-foreground">{copy.deliveries(driver.deliveries.length)}</span>
              </label>
            ))}
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {copy.cancel}
          </Button>
          <Button onClick={() => void submit()} disabled={!chosen} busy={assign.isPending}>
            {copy.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
