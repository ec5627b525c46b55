import { kitchenCopy } from '@/shared/copy';
import type { OrderStatus } from '@/shared/order-status';
import { Button } from '@/web/components/ui/button';
import { useMoveKitchenOrder } from '../api/kitchen-operator';
import { DeclineOrderDialog } from './decline-order-dialog';

const text = kitchenCopy.orders;
/** The kitchen's own steps; handing over to the driver is the driver's. */
const kitchenSteps = ['confirmed', 'processing', 'ready'] as const;

/**
 * What the kitchen may do with an order now, on its card and on its page: the next steps the viewer
 * is allowed (`transitions`), and declining it while it is still new (`declinable`).
 */
export function KitchenOrderActions({
  order,
  transitions,
  declinable,
  onDeclined,
}: {
  order: { id: string; orderNumber: string };
  transitions: readonly OrderStatus[];
  declinable: boolean;
  onDeclined?(): void;
}) {
  const move = useMoveKitchenOrder();
  const next = transitions.filter((status): status is (typeof kitchenSteps)[number] => (kitchenSteps as readonly string[]).includes(status));
  if (next.length === 0 && !declinable) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {next.map((status) => (
        <Button
          key={status}
          className="min-h-10"
          busy={move.isPending}
          onClick={() => move.mutate({ orderId: order.id, status })}
          aria-label={`${text.actions[status]}: ${order.orderNumber}`}
        >
          {text.actions[status]}
        </Button>
      ))}
      {declinable ? <DeclineOrderDialog order={order} onDeclined={() => onDeclined?.()} /> : null}
    </div>
  );
}
