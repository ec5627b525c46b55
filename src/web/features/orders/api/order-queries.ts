import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart, CartNotice } from '@/shared/contracts/cart';
import type {
  Order,
  OrderList,
  OrderSummary,
  RatingInput,
  RatingSummary,
  ReturnRequest,
  ReturnRequestInput,
  TrackingSnapshot,
} from '@/shared/contracts/orders';
import { serverCartQuery } from '@/web/features/cart/api/cart-queries';
import { apiFetch } from '@/web/lib/api-client';

// The order endpoints are called by path: their contracts live in src/shared/contracts/orders.ts.
const ORDERS_PAGE_SIZE = 10;

export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  activeTracking: () => [...orderKeys.all, 'tracking', 'active'] as const,
};

export const ordersQuery = infiniteQueryOptions({
  queryKey: orderKeys.list(),
  queryFn: ({ pageParam }) => {
    const query = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) });
    if (pageParam) query.set('cursor', pageParam);
    return apiFetch<OrderList>(`/api/orders?${query}`);
  },
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => apiFetch<Order>(`/api/orders/${encodeURIComponent(orderId)}`),
  });
}

export const activeTrackingQuery = queryOptions({
  queryKey: orderKeys.activeTracking(),
  queryFn: () => apiFetch<TrackingSnapshot[]>('/api/tracking/active'),
});

export type RatedKind = 'products' | 'dishes' | 'kitchens';

export function ratingSummaryQuery(kind: RatedKind, id: string) {
  return queryOptions({
    queryKey: ['ratings', kind, id],
    queryFn: () => apiFetch<RatingSummary>(`/api/ratings/${kind}/${encodeURIComponent(id)}`),
    staleTime: 60_000,
  });
}

/**
 * Brings every cached copy of an order up to date: its detail, and its row in the order list, so a
 * change seen on one page is right on the others without a refetch.
 */
export function storeOrder(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData(orderKeys.detail(order.id), order);
  updateListedOrder(queryClient, order.id, { status: order.status, totalAmount: order.totalAmount, itemCount: order.itemCount });
}

export function updateListedOrder(queryClient: QueryClient, orderId: string, changes: Partial<OrderSummary>) {
  queryClient.setQueryData(ordersQuery.queryKey, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, orders: page.orders.map((order) => (order.id === orderId ? { ...order, ...changes } : order)) })) }
      : data,
  );
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiFetch<Order>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', json: { reason } }),
    onSuccess: (order) => {
      storeOrder(queryClient, order);
      // The stock went back: what the shop shows may have changed.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}

export function useReorder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Serialised with the cart's own changes, which write the same cart.
    scope: { id: 'cart-changes' },
    mutationFn: () => apiFetch<{ cart: Cart; skipped: CartNotice[] }>(`/api/orders/${encodeURIComponent(orderId)}/reorder`, { method: 'POST' }),
    onSuccess: async ({ cart }) => {
      await queryClient.cancelQueries({ queryKey: serverCartQuery.queryKey });
      queryClient.setQueryData(serverCartQuery.queryKey, cart);
    },
  });
}

export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnRequestInput) =>
      apiFetch<ReturnRequest>(`/api/orders/${encodeURIComponent(orderId)}/returns`, { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function useRateLine(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) => apiFetch<unknown>('/api/ratings', { method: 'PUT', json: input }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }), queryClient.invalidateQueries({ queryKey: ['ratings'] })]);
    },
  });
}

export function useTrackingLookup() {
  return useMutation({
    mutationFn: (input: { orderNumber: string; email: string }) =>
      apiFetch<{ snapshot: TrackingSnapshot; token: string }>('/api/tracking/lookup', { method: 'POST', json: input }),
  });
}
