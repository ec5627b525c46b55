import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundInput } from '@/shared/contracts/orders';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import { api, unwrap } from '@/web/lib/api-client';
import { staffKeys } from './staff-orders';

/** Refunds an order (support, admin); the order's page and the staff lists show it at once. */
export function useRefundOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => unwrap(api.orders[':id'].refunds.$post({ param: { id: orderId }, json: input })),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
