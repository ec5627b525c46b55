import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import type {
  KitchenApplicationInput,
  KitchenApplicationQuery,
  kitchenDishInput,
  kitchenProfileInput,
  RejectKitchenApplicationInput,
} from '@/shared/contracts/kitchen-operator';
import type { DeclineOrderInput } from '@/shared/contracts/orders';
import type { UploadedImage } from '@/shared/contracts/staff';
import type { OrderStatus } from '@/shared/order-status';
import { api, apiFetch, ApiError, unwrap } from '@/web/lib/api-client';
import { profileQuery } from '@/web/lib/session';
import { orderKeys } from '@/web/features/orders/api/order-queries';
import { staffKeys } from '@/web/features/staff/api/staff-orders';

export const kitchenOperatorKeys = {
  myApplication: ['kitchen-applications', 'mine'] as const,
  applications: ['admin', 'kitchen-applications'] as const,
  applicationPage: (query: KitchenApplicationQuery) => [...kitchenOperatorKeys.applications, query] as const,
  kitchen: ['my-kitchen'] as const,
  profile: () => [...kitchenOperatorKeys.kitchen, 'profile'] as const,
  dishes: () => [...kitchenOperatorKeys.kitchen, 'dishes'] as const,
  ratings: () => [...kitchenOperatorKeys.kitchen, 'ratings'] as const,
};

/** Field errors belong to the form; anything else is a toast. */
function toastUnlessFieldError(error: Error) {
  if (error instanceof ApiError && error.fields) return;
  toast.error(error.message);
}

export const myKitchenApplicationQuery = queryOptions({
  queryKey: kitchenOperatorKeys.myApplication,
  queryFn: () => unwrap(api['kitchen-applications'].mine.$get()),
});

export function useSubmitKitchenApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KitchenApplicationInput) => unwrap(api['kitchen-applications'].$post({ json: input })),
    onSuccess: (application) => queryClient.setQueryData(kitchenOperatorKeys.myApplication, { application }),
    onError: toastUnlessFieldError,
  });
}

function asQuery(query: KitchenApplicationQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

export function kitchenApplicationsQuery(query: KitchenApplicationQuery) {
  return queryOptions({
    queryKey: kitchenOperatorKeys.applicationPage(query),
    queryFn: () => unwrap(api.admin['kitchen-applications'].$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}

export function useDecideKitchenApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; approve: true } | ({ id: string; approve: false } & RejectKitchenApplicationInput)) =>
      decision.approve
        ? unwrap(api.admin['kitchen-applications'][':id'].approve.$post({ param: { id: decision.id } }))
        : unwrap(api.admin['kitchen-applications'][':id'].reject.$post({ param: { id: decision.id }, json: { reason: decision.reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenOperatorKeys.applications }),
    // A refusal (409) says in the review dialog why the decision cannot be made.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? undefined : toastUnlessFieldError(error)),
  });
}

export const kitchenProfileQuery = queryOptions({
  queryKey: kitchenOperatorKeys.profile(),
  queryFn: () => unwrap(api.kitchen.profile.$get()),
});

export function useUpdateKitchenProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof kitchenProfileInput>) => unwrap(api.kitchen.profile.$put({ json: input })),
    onSuccess: (profile) => queryClient.setQueryData(kitchenOperatorKeys.profile(), profile),
    onError: toastUnlessFieldError,
  });
}

export function useSetKitchenOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOpen: boolean) => unwrap(api.kitchen.open.$put({ json: { isOpen } })),
    onSuccess: (profile) => queryClient.setQueryData(kitchenOperatorKeys.profile(), profile),
    onError: (error) => toast.error(error.message),
  });
}

export const kitchenDishesQuery = queryOptions({
  queryKey: kitchenOperatorKeys.dishes(),
  queryFn: () => unwrap(api.kitchen.dishes.$get()),
});

export function useSaveKitchenDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: z.input<typeof kitchenDishInput> }) =>
      id ? unwrap(api.kitchen.dishes[':id'].$put({ param: { id }, json: input })) : unwrap(api.kitchen.dishes.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenOperatorKeys.dishes() }),
    onError: toastUnlessFieldError,
  });
}

export function useDeleteKitchenDish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/kitchen/dishes/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenOperatorKeys.dishes() }),
    onError: (error) => toast.error(error.message),
  });
}

export const kitchenRatingsQuery = queryOptions({
  queryKey: kitchenOperatorKeys.ratings(),
  queryFn: () => unwrap(api.kitchen.ratings.$get()),
});

/** Sends an image to our storage and answers where it is served. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.set('file', file);
  return apiFetch<UploadedImage>('/api/uploads/images', { method: 'POST', body });
}

/** After the kitchen moved an order: the queue and the order's page both read it again. */
function orderChanged(queryClient: QueryClient, orderId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staffKeys.all }),
    queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  ]);
}

/** Moves a kitchen order on (accept, preparing, ready); the live feed refreshes the queue for everyone. */
export function useMoveKitchenOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status }: { orderId: string; status: OrderStatus }) =>
      unwrap(api.orders[':id'].status.$post({ param: { id: orderId }, json: { status, note: '' } })),
    onSuccess: (_order, { orderId }) => orderChanged(queryClient, orderId),
    onError: (error) => toast.error(error.message),
  });
}

/** Turns down a new order with a reason; the caller tells the kitchen how it went. */
export function useDeclineKitchenOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: DeclineOrderInput }) =>
      unwrap(api.orders[':id'].decline.$post({ param: { id: orderId }, json: input })),
    onSuccess: (_order, { orderId }) => orderChanged(queryClient, orderId),
  });
}

/** After an approval the person's role and kitchen changed: read the profile again. */
export function refreshProfile(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
}
