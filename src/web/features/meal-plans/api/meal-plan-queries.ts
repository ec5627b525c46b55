import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { MealPlanInput, MealPlanQuery, MealPlanStatus, SubscriptionAction } from '@/shared/contracts/meal-plans';
import { mealPlanCopy } from '@/shared/copy';
import { api, ApiError, unwrap } from '@/web/lib/api-client';

export const mealPlanKeys = {
  all: ['meal-plans'] as const,
  kitchen: ['meal-plans', 'kitchen'] as const,
  public: (query: MealPlanQuery) => ['meal-plans', 'public', query] as const,
  subscriptions: ['meal-plans', 'subscriptions'] as const,
};

export const kitchenMealPlansQuery = queryOptions({
  queryKey: mealPlanKeys.kitchen,
  queryFn: () => unwrap(api.kitchen['meal-plans'].$get()),
});

export function mealPlansQuery(query: MealPlanQuery) {
  const strings = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]));
  return queryOptions({
    queryKey: mealPlanKeys.public(query),
    queryFn: () => unwrap(api['meal-plans'].$get({ query: strings })),
    placeholderData: keepPreviousData,
  });
}

export const mealPlanSubscriptionsQuery = queryOptions({
  queryKey: mealPlanKeys.subscriptions,
  queryFn: () => unwrap(api['meal-plan-subscriptions'].$get()),
});

/** Field errors belong to the form; anything else is a toast. */
function toastUnlessFieldError(error: Error) {
  if (error instanceof ApiError && error.fields) return;
  toast.error(error.message);
}

function useMealPlanMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>, success: (input: TInput) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_result, input) => {
      toast.success(success(input));
      return queryClient.invalidateQueries({ queryKey: mealPlanKeys.all });
    },
    onError: toastUnlessFieldError,
  });
}

export function useSaveMealPlan() {
  return useMealPlanMutation(
    ({ id, input }: { id?: string; input: MealPlanInput }) =>
      id ? unwrap(api.kitchen['meal-plans'][':id'].$put({ param: { id }, json: input })) : unwrap(api.kitchen['meal-plans'].$post({ json: input })),
    ({ id }) => (id ? mealPlanCopy.kitchen.saved : mealPlanCopy.kitchen.created),
  );
}

const statusToasts: Record<MealPlanStatus, string> = {
  active: mealPlanCopy.kitchen.activated,
  paused: mealPlanCopy.kitchen.paused,
  retired: mealPlanCopy.kitchen.retiredToast,
};

export function useSetMealPlanStatus() {
  return useMealPlanMutation(
    ({ id, status }: { id: string; status: MealPlanStatus }) => unwrap(api.kitchen['meal-plans'][':id'].status.$post({ param: { id }, json: { status } })),
    ({ status }) => statusToasts[status],
  );
}

export function useSubscribe() {
  return useMealPlanMutation(
    ({ planId, addressId }: { planId: string; addressId: string }) => unwrap(api['meal-plans'][':id'].subscriptions.$post({ param: { id: planId }, json: { addressId } })),
    () => mealPlanCopy.customer.subscribed,
  );
}

const actionToasts: Record<SubscriptionAction, string> = {
  pause: mealPlanCopy.customer.pausedToast,
  resume: mealPlanCopy.customer.resumedToast,
  cancel: mealPlanCopy.customer.cancelledToast,
};

export function useChangeSubscription() {
  return useMealPlanMutation(
    ({ id, action }: { id: string; action: SubscriptionAction }) => {
      const subscription = api['meal-plan-subscriptions'][':id'];
      const call = action === 'pause' ? subscription.pause : action === 'resume' ? subscription.resume : subscription.cancel;
      return unwrap(call.$post({ param: { id } }));
    },
    ({ action }) => actionToasts[action],
  );
}
