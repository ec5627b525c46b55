import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnavailableLineInput } from '@/shared/contracts/manager';
import type { OrderStatus } from '@/shared/order-status';
import { orderKeys, storeOrder } from '@/web/features/orders/api/order-queries';
import { staffKeys } from '@/web/features/staff/api/staff-orders';
import { api, unwrap } from '@/web/lib/api-client';

// Under the staff keys, so the live feed refetches them on every order event.
export const managerKeys = {
  all: [...staffKeys.all, 'manager'] as const,
  pickList: (orderIds: readonly string[]) => [...managerKeys.all, 'pick-list', [...orderIds].sort().join(',')] as const,
  drivers: (warehouseId?: string) => [...managerKeys.all, 'drivers', warehouseId ?? 'all'] as const,
  substitutes: (orderId: string, lineId: string, q: string) => [...managerKeys.all, 'substitutes', orderId, lineId, q] as const,
};

export function pickListQuery(orderIds: readonly string[]) {
  return queryOptions({
    queryKey: managerKeys.pickList(orderIds),
    queryFn: () => unwrap(api.manager['pick-list'].$get({ query: { orderIds: [...orderIds].join(',') } })),
    enabled: orderIds.length > 0,
  });
}

export function managerDriversQuery(warehouseId?: string) {
  return queryOptions({
    queryKey: managerKeys.drivers(warehouseId),
    queryFn: () => unwrap(api.manager.drivers.$get({ query: warehouseId ? { warehouseId } : {} })),
  });
}

export function substitutesQuery(orderId: string, lineId: string, q: string) {
  return queryOptions({
    queryKey: managerKeys.substitutes(orderId, lineId, q),
    queryFn: () => unwrap(api.orders[':id'].lines[':lineId'].substitutes.$get({ param: { id: orderId, lineId }, query: q ? { q } : {} })),
  });
}

/** After a change to an order: its cached copies, and the staff lists that show it. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return (order: Parameters<typeof storeOrder>[1]) => {
    storeOrder(queryClient, order);
    void queryClient.invalidateQueries({ queryKey: staffKeys.all });
  };
}

export function useMoveOrder() {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (input: { orderId: string; status: OrderStatus }) =>
      unwrap(api.orders[':id'].status.$post({ param: { id: input.orderId }, json: { status: input.status } })),
    onSuccess: changed,
  });
}

export function useAssignDriver() {
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (input: { orderId: string; driverProfileId: string }) =>
      unwrap(api.orders[':id'].driver.$post({ param: { id: input.orderId }, json: { driverProfileId: input.driverProfileId } })),
    onSuccess: changed,
  });
}

export function useMarkLineUnavailable() {
  const changed = useOrderChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: string; lineId: string; body: UnavailableLineInput }) =>
      unwrap(api.orders[':id'].lines[':lineId'].unavailable.$post({ param: { id: input.orderId, lineId: input.lineId }, json: input.body })),
    onSuccess: (order) => {
      changed(order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
    },
  });
}
