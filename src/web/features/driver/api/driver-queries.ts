import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isTimeZone, type Coordinates } from '@/shared/contracts/locations';
import type { Order } from '@/shared/contracts/orders';
import type { CompletedDeliveriesQuery } from '@/shared/contracts/staff';
import type { OrderStatus } from '@/shared/order-status';
import { storeOrder } from '@/web/features/orders/api/order-queries';
import { staffKeys } from '@/web/features/staff/api/staff-orders';
import { api, ApiError, unwrap } from '@/web/lib/api-client';
import type { MutationOutcome } from '@/web/lib/mutation-outcome';

export const driverKeys = {
  availability: ['driver', 'availability'] as const,
  completed: ['driver', 'completed'] as const,
  completedPage: (query: CompletedDeliveriesQuery) => [...driverKeys.completed, query] as const,
};

export const availabilityQuery = queryOptions({
  queryKey: driverKeys.availability,
  queryFn: () => unwrap(api.driver.availability.$get()),
});

/** The device's own IANA zone, when it names one the server takes; undefined leaves the business's. */
export function deviceTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : undefined;
}

const refusedZoneKey = 'refusedTimeZone';

/** The device zone the server refused in this app session, if any. */
function refusedZone(): string | null {
  try {
    return sessionStorage.getItem(refusedZoneKey);
  } catch {
    return null;
  }
}

function rememberRefusedZone(zone: string) {
  try {
    sessionStorage.setItem(refusedZoneKey, zone);
  } catch {
    // Storage refused: the zone is asked for again next time, and refused again.
  }
}

/**
 * A page of the driver's completed deliveries, with today's and the week's tips, their days counted in
 * `timeZone` (the device's: the driver's own clock); the previous page stays on screen while the next loads.
 * A zone the server refuses (its time-zone data may be older than the device's) is dropped, so the days
 * are the business's, which the answer names, rather than no deliveries at all; the refusal is remembered
 * for the app session, so each later page costs one request. Another zone (the driver travelled) is tried.
 */
export function completedDeliveriesQuery(query: { page: number; pageSize: number; timeZone?: string }) {
  const fetchPage = (timeZone: string | undefined) =>
    unwrap(
      api.driver['completed-deliveries'].$get({
        query: { page: String(query.page), pageSize: String(query.pageSize), ...(timeZone ? { timeZone } : {}) },
      }),
    );
  return queryOptions({
    queryKey: driverKeys.completedPage(query),
    queryFn: async () => {
      const timeZone = query.timeZone === refusedZone() ? undefined : query.timeZone;
      try {
        return await fetchPage(timeZone);
      } catch (error) {
        if (timeZone && error instanceof ApiError && error.status === 400 && error.fields?.timeZone) {
          rememberRefusedZone(timeZone);
          return fetchPage(undefined);
        }
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

/** Going on or off shift changes which offers the driver sees. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (available: boolean) => unwrap(api.driver.availability.$put({ json: { available } })),
    onSuccess: (availability) => {
      queryClient.setQueryData(driverKeys.availability, availability);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}

/** Takes an offer; whatever the answer (taken by someone else included), the lists are read again. */
export function useAcceptDelivery(outcome: MutationOutcome<Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => unwrap(api.orders[':id'].accept.$post({ param: { id: orderId } })),
    onSuccess: (order) => {
      storeOrder(queryClient, order);
      outcome.onSuccess?.(order);
    },
    onError: outcome.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/**
 * Moves one of the driver's deliveries on: picked up, or delivered with the customer's code and a note.
 * Whatever the answer, the lists are read again: a refusal may mean the delivery is no longer theirs (a
 * manager gave it to another driver, and the live feed, when connected, has not yet told this page), and
 * a delivery made joins the completed ones.
 */
export function useMoveDelivery(orderId: string, outcome: MutationOutcome<Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: OrderStatus; note?: string; deliveryCode?: string }) =>
      unwrap(api.orders[':id'].status.$post({ param: { id: orderId }, json: { note: '', ...input } })),
    onSuccess: (order) => {
      storeOrder(queryClient, order);
      outcome.onSuccess?.(order);
    },
    onError: outcome.onError,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.all }), queryClient.invalidateQueries({ queryKey: driverKeys.completed })]),
  });
}

/**
 * Whether a refusal of a delivery on the driver's own list means it is no longer theirs: the server answers
 * 404 for an order the driver may not see, which one they had becomes once a manager gives it to another driver.
 */
export function wasReassigned(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Why one of the driver's deliveries left their list, as the server tells: they may still read one that
 * was cancelled, and are told one given to another driver does not exist. `unknown` when there is no
 * answer (the connection dropped) or the order left for another reason.
 */
export async function whyDeliveryLeft(orderId: string): Promise<'cancelled' | 'reassigned' | 'unknown'> {
  try {
    const order = await unwrap(api.orders[':id'].$get({ param: { id: orderId } }));
    return order.status === 'cancelled' ? 'cancelled' : 'unknown';
  } catch (error) {
    return wasReassigned(error) ? 'reassigned' : 'unknown';
  }
}

/** Reports where the driver is, for the customer's tracking page. */
export function sendPosition(orderId: string, position: Coordinates) {
  return unwrap(api.tracking.orders[':id'].position.$post({ param: { id: orderId }, json: position }));
}
