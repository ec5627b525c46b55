import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order, OrderSummary, RatingInput, RatingSummary, ReturnRequestInput } from '@/shared/contracts/orders';
import { serverCartQuery } from '@/web/features/cart/api/cart-queries';
import { api, unwrap } from '@/web/lib/api-client';
import type { MutationOutcome } from '@/web/lib/mutation-outcome';

const ORDERS_PAGE_SIZE = 10;

export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  activeTracking: () => [...orderKeys.all, 'tracking', 'active'] as const,
};

export const ordersQuery = infiniteQueryOptions({
  queryKey: orderKeys.list(),
  queryFn: ({ pageParam }) => unwrap(api.orders.$get({ query: { limit: String(ORDERS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) } })),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/**
 * How often a return under review is read again: the order's stream ends at delivery, and the
 * customer watching the order or /returns should see support's decision without a reload.
 */
export const RETURN_REVIEW_REFRESH_MS = 10_000;

export function orderQuery(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => unwrap(api.orders[':id'].$get({ param: { id: orderId } })),
    refetchInterval: (query) => (query.state.data?.status === 'refund_requested' ? RETURN_REVIEW_REFRESH_MS : false),
  });
}

/** The customer's return requests and their status, newest first; read again while any is under review. */
export const myReturnsQuery = queryOptions({
  queryKey: [...orderKeys.all, 'returns'] as const,
  queryFn: () => unwrap(api.returns.mine.$get()),
  refetchInterval: (query) => (query.state.data?.returns.some((request) => request.status === 'requested') ? RETURN_REVIEW_REFRESH_MS : false),
});

/** How many recent orders the returns page looks through for delivered ones to return from. */
const RETURNABLE_LOOKBACK = 50;

/**
 * The customer's recent orders a return may still be asked of (delivered, or refunded only in part), and
 * those with a request under review, which take another only once support has approved it.
 */
export const returnableOrdersQuery = queryOptions({
  queryKey: [...orderKeys.all, 'returnable'] as const,
  queryFn: async () => {
    const page = await unwrap(api.orders.$get({ query: { limit: String(RETURNABLE_LOOKBACK) } }));
    return page.orders.filter((order) => order.returnable || order.status === 'refund_requested');
  },
  // An order under review is offered again once support decides: read again while one is listed.
  refetchInterval: (query) => (query.state.data?.some((order) => order.status === 'refund_requested') ? RETURN_REVIEW_REFRESH_MS : false),
});

export const activeTrackingQuery = queryOptions({
  queryKey: orderKeys.activeTracking(),
  queryFn: () => unwrap(api.tracking.active.$get()),
});

export type RatedKind = 'products' | 'dishes' | 'kitchens';

export function ratingSummaryQuery(kind: RatedKind, id: string) {
  return queryOptions({
    queryKey: ['ratings', kind, id],
    queryFn: (): Promise<RatingSummary> => unwrap(api.ratings[kind][':id'].$get({ param: { id } })),
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

export function useCancelOrder(orderId: string, outcome: MutationOutcome<Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => unwrap(api.orders[':id'].cancel.$post({ param: { id: orderId }, json: { reason } })),
    onSuccess: (order) => {
      storeOrder(queryClient, order);
      // The stock went back: what the shop shows may have changed.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      outcome.onSuccess?.(order);
    },
    onError: outcome.onError,
  });
}

export function useReorder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Serialised with the cart's own changes, which write the same cart.
    scope: { id: 'cart-changes' },
    mutationFn: () => unwrap(api.orders[':id'].reorder.$post({ param: { id: orderId } })),
    onSuccess: async ({ cart }) => {
      await queryClient.cancelQueries({ queryKey: serverCartQuery.queryKey });
      queryClient.setQueryData(serverCartQuery.queryKey, cart);
    },
  });
}

export function useRequestReturn(orderId: string, outcome: MutationOutcome<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnRequestInput) => unwrap(api.orders[':id'].returns.$post({ param: { id: orderId }, json: input })),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      outcome.onSuccess?.(result);
    },
    onError: outcome.onError,
  });
}

export function useRateLine(orderId: string, outcome: MutationOutcome<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) => unwrap(api.ratings.$put({ json: input })),
    onSuccess: async (result) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }), queryClient.invalidateQueries({ queryKey: ['ratings'] })]);
      outcome.onSuccess?.(result);
    },
    onError: outcome.onError,
  });
}

export function useTrackingLookup() {
  return useMutation({
    mutationFn: (input: { orderNumber: string; email: string }) => unwrap(api.tracking.lookup.$post({ json: input })),
  });
}
