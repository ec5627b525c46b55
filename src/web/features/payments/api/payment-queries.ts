import { queryOptions } from '@tanstack/react-query';
import { order, paymentConfig } from '@/shared/contracts/orders';
import { api, unwrap } from '@/web/lib/api-client';

/** Whether card payments are offered, and the key Stripe.js loads with. It changes only with the server's configuration. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: async () => paymentConfig.parse(await unwrap(api.payments.config.$get())),
  staleTime: 5 * 60_000,
});

const orderPayment = order.pick({ id: true, totalAmount: true, payment: true });
export type OrderPayment = ReturnType<typeof orderPayment.parse>;

/** What an order owes and where its payment stands; the card form polls it until the webhook has marked it paid. */
export function orderPaymentQuery(orderId: string) {
  return queryOptions({
    queryKey: ['payments', 'order', orderId],
    queryFn: async () => orderPayment.parse(await unwrap(api.orders[':id'].$get({ param: { id: orderId } }))),
    staleTime: 0,
  });
}
