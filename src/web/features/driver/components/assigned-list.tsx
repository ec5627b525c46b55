import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from '@/web/lib/toast';
import type { Actor } from '@/shared/access';
import type { StaffOrderPage, StaffOrderRow } from '@/shared/contracts/staff';
import { driverCopy } from '@/shared/staff-copy';
import { allowedTransitions, type OrderStatus } from '@/shared/order-status';
import { EmptyState } from '@/web/components/layouts/empty-state';
import { Button } from '@/web/components/ui/button';
import { QueryError } from '@/web/components/ui/query-error';
import { Skeleton } from '@/web/components/ui/skeleton';
import { staffKeys } from '@/web/features/staff/api/staff-orders';
import { useMoveDelivery, wasReassigned, whyDeliveryLeft } from '../api/driver-queries';
import { DeliverDialog } from './deliver-dialog';
import { DeliveryCard } from './delivery-card';
import { PositionSharing } from './position-sharing';

/** The one next step the status machine lets this driver take, or a note that the store is not done yet. */
function NextStep({
  row,
  driver,
  onPickedUp,
  onReassigned,
}: {
  row: StaffOrderRow;
  driver: Actor;
  onPickedUp: (orderId: string) => void;
  onReassigned: () => void;
}) {
  const move = useMoveDelivery(row.id, {
    onSuccess: () => {
      toast.success(driverCopy.assigned.pickedUpDone(row.orderNumber));
      onPickedUp(row.id);
    },
    onError: (error) => (wasReassigned(error) ? onReassigned() : toast.error(error.message)),
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
  if (next.includes('delivered')) return <DeliverDialog orderId={row.id} orderNumber={row.orderNumber} cashToCollect={row.cashToCollect} onReassigned={onReassigned} />;
  if (next.includes('out_for_delivery')) {
    return (
      <Button
        size="lg"
        className="h-12 w-full text-base"
        busy={move.isPending}
        aria-label={`${driverCopy.assigned.pickedUp}: ${row.orderNumber}`}
        onClick={() => move.mutate({ status: 'out_for_delivery' })}
      >
        {driverCopy.assigned.pickedUp}
      </Button>
    );
  }
  return <p className="rounded-md bg-muted p-2 text-sm font-medium">{driverCopy.assigned.waitingForStore}</p>;
}

/**
 * Gives the keyboard's focus to the delivery `orderId` once it is listed (in `status`, when given): to its
 * next step, or its first link while the store is not done; `done` then says so. Its next step replaces
 * the control that moved it, or it comes from the list of offers.
 */
function useFocusDelivery(list: RefObject<HTMLUListElement | null>, page: StaffOrderPage | undefined, orderId: string | null, status: OrderStatus | null, done: () => void) {
  useEffect(() => {
    const row = page?.orders.find((candidate) => candidate.id === orderId);
    if (!row || (status && row.status !== status)) return;
    const card = list.current?.querySelector(`[data-order-id="${row.id}"]`);
    if (!card) return;
    (card.querySelector<HTMLElement>('button:enabled') ?? card.querySelector<HTMLElement>('a[href]'))?.focus();
    done();
  }, [list, page, orderId, status, done]);
}

/**
 * A delivery a manager gave to another driver: this driver is told so (the server only answers that it
 * does not know the order, but it was on their list) and the lists are read again, which takes its card
 * off. The keyboard, if it was on that card, goes to the list's heading.
 */
function useReassigned(list: UseQueryResult<StaffOrderPage>, heading: RefObject<HTMLHeadingElement | null>, told: RefObject<Set<string>>) {
  const queryClient = useQueryClient();
  const gone = useRef<string | null>(null);
  useEffect(() => {
    const orderId = gone.current;
    if (!orderId || list.data?.orders.some((row) => row.id === orderId)) return;
    gone.current = null;
    if (document.activeElement === document.body) heading.current?.focus();
  }, [list.data, heading]);
  return (row: StaffOrderRow) => {
    toast.error(driverCopy.refusals.reassigned(row.orderNumber), { id: lostToastId(row.id) });
    told.current.add(row.id);
    gone.current = row.id;
    void queryClient.invalidateQueries({ queryKey: staffKeys.all });
  };
}

/** One announcement per delivery lost, however many ways the page learns of it. */
const lostToastId = (orderId: string) => `delivery-lost-${orderId}`;

/** What the driver is told of a delivery that left their list, by why it left. */
const lostMessage = {
  cancelled: driverCopy.refusals.cancelled,
  reassigned: driverCopy.refusals.reassigned,
  unknown: driverCopy.refusals.lost,
};

/**
 * A delivery that leaves the driver's list while they wait for it (cancelled, or given to another driver
 * by a manager) is announced, rather than its card vanishing while they may be on their way to the
 * store. One out for delivery leaves only when this driver delivers it, which the deliver dialog says.
 * It is announced once, and what the page already knows stands: `told` holds those a refusal already
 * said were given to another driver, and one the live feed said was cancelled stays cancelled. Only
 * otherwise is the server asked why: the feed may not have told (dropped, or the list was read again
 * for another reason), and a status it told before the change says nothing of a reassignment.
 */
function useAnnounceLost(page: StaffOrderPage | undefined, told: RefObject<Set<string>>, feedStatus: (orderId: string) => OrderStatus | undefined) {
  const previous = useRef<StaffOrderRow[] | null>(null);
  useEffect(() => {
    if (!page) return;
    const before = previous.current;
    previous.current = page.orders;
    for (const row of before ?? []) {
      if (row.status === 'out_for_delivery' || page.orders.some((listed) => listed.id === row.id)) continue;
      if (told.current.delete(row.id)) continue;
      const announce = (why: keyof typeof lostMessage) => toast.error(lostMessage[why](row.orderNumber), { id: lostToastId(row.id) });
      if (feedStatus(row.id) === 'cancelled') announce('cancelled');
      else void whyDeliveryLeft(row.id).then(announce);
    }
  }, [page, told, feedStatus]);
}

/**
 * The driver's own deliveries, each with its next step; the one out for delivery shares the driver's position.
 * The keyboard follows a delivery to its next step: `focusOrderId` (an offer just accepted, `onFocused` once
 * done), and one just picked up.
 */
export function AssignedList({
  assigned,
  driver,
  focusOrderId,
  onFocused,
  feedStatus,
}: {
  assigned: UseQueryResult<StaffOrderPage>;
  driver: Actor;
  focusOrderId: string | null;
  onFocused: () => void;
  /** The last status the live feed told of an order. */
  feedStatus: (orderId: string) => OrderStatus | undefined;
}) {
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The deliveries the driver was told were given to another driver, not yet gone from the list.
  const toldReassigned = useRef(new Set<string>());
  const reassigned = useReassigned(assigned, heading, toldReassigned);
  useAnnounceLost(assigned.data, toldReassigned, feedStatus);
  const [pickedUp, setPickedUp] = useState<string | null>(null);
  const pickedUpFocused = useCallback(() => setPickedUp(null), []);
  useFocusDelivery(list, assigned.data, focusOrderId, null, onFocused);
  useFocusDelivery(list, assigned.data, pickedUp, 'out_for_delivery', pickedUpFocused);

  return (
    <section aria-labelledby="assigned-heading" className="grid gap-3">
      <h2 id="assigned-heading" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {driverCopy.assigned.heading}
      </h2>
      {assigned.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : assigned.isError ? (
        <QueryError title={driverCopy.assigned.error} error={assigned.error} onRetry={() => void assigned.refetch()} />
      ) : assigned.data.orders.length === 0 ? (
        <EmptyState icon={Truck} title={driverCopy.assigned.empty} />
      ) : (
        <ul ref={list} className="grid gap-3">
          {assigned.data.orders.map((row) => (
            <li key={row.id} data-order-id={row.id}>
              <DeliveryCard row={row} collect>
                {row.status === 'out_for_delivery' && <PositionSharing orderId={row.id} onReassigned={() => reassigned(row)} />}
                <NextStep row={row} driver={driver} onPickedUp={setPickedUp} onReassigned={() => reassigned(row)} />
              </DeliveryCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
