import { toast } from '@/web/lib/toast';
import { orderCopy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { openCartPanel } from '@/web/features/cart/components/cart-panel';
import { useReorder } from '../api/order-queries';

/** Puts the order's items back into the cart at today's prices, names what could not be added, and opens the cart. */
export function ReorderButton({ orderId }: { orderId: string }) {
  const reorder = useReorder(orderId);
  return (
    <Button
      variant="outline"
      busy={reorder.isPending}
      onClick={() =>
        reorder.mutate(undefined, {
          onSuccess: ({ skipped }) => {
            const names = skipped.map((notice) => notice.name ?? notice.reason);
            if (names.length > 0) toast.warning(orderCopy.reorder.done, { description: orderCopy.reorder.skipped(names) });
            else toast.success(orderCopy.reorder.done);
            openCartPanel();
          },
          onError: (error) => toast.error(orderCopy.reorder.failed, { description: error.message }),
        })
      }
    >
      {orderCopy.reorder.action}
    </Button>
  );
}
