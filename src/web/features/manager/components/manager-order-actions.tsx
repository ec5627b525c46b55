import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { orderCopy } from '@/shared/copy';
import { managerCopy } from '@/shared/staff-copy';
import type { OrderStatus, OrderType } from '@/shared/order-status';
import { Button } from '@/web/components/ui/button';
import { paths } from '@/web/config/paths';
import { useMoveOrder } from '../api/manager-queries';
import { AssignDriverDialog, type AssignableOrder } from './assign-driver-dialog';

const copy = managerCopy.queue;
/** The moves the warehouse makes; the driver's own are not buttons here. */
const operatorMoves = ['confirmed', 'processing', 'ready'] as const;

/**
 * What the manager may do with an order now, in the queue and on the order's page: the moves the
 * viewer is allowed (`transitions`), the pick list while a grocery order is being picked, and
 * assigning a driver when `assignDriver` says so.
 */
export function ManagerOrderActions({
  order,
  transitions,
  assignDriver,
}: {
  order: AssignableOrder & { type: OrderType; status: OrderStatus };
  transitions: readonly OrderStatus[];
  assignDriver: boolean;
}) {
  const move = useMoveOrder();
  const moves = transitions.filter((status): status is (typeof operatorMoves)[number] => (operatorMoves as readonly string[]).includes(status));
  const picking = order.type === 'grocery' && (order.status === 'confirmed' || order.status === 'processing');

  async function moveTo(status: OrderStatus) {
    try {
      await move.mutateAsync({ orderId: order.id, status });
      toast.success(copy.moved(order.orderNumber, orderCopy.statuses[status]));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : copy.moveFailed);
    }
  }

  if (moves.length === 0 && !picking && !assignDriver) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((status) => (
        <Button key={status} className="h-10" busy={move.isPending} onClick={() => void moveTo(status)} aria-label={`${copy.actions[status]} ${order.orderNumber}`}>
          {copy.actions[status]}
        </Button>
      ))}
      {picking ? (
        <Button asChild variant="outline" className="h-10">
          <Link to={`${paths.managerPickList}?orders=${order.id}`} aria-label={`${copy.actions.pick} ${order.orderNumber}`}>
            {copy.actions.pick}
          </Link>
        </Button>
      ) : null}
      {assignDriver ? <AssignDriverDialog order={order} /> : null}
    </div>
  );
}
