import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  checkoutQuote,
  placedOrder,
  type CheckoutQuoteInput,
  type PlacedOrder,
  type PlaceOrderInput,
} from '@/shared/contracts/orders';
import { api, unwrap } from '@/web/lib/api-client';

/** What the quote is priced for: the choices, plus the cart's lines so a change to the cart re-quotes. */
export interface QuoteKey extends CheckoutQuoteInput {
  cart: string;
}

/** The server's price of the customer's cart for an address, a delivery time and a tip; never computed here. */
export function checkoutQuoteQuery({ cart, ...input }: QuoteKey) {
  return queryOptions({
    queryKey: ['checkout', 'quote', { ...input, cart }],
    queryFn: async () => checkoutQuote.parse(await unwrap(api.checkout.quote.$post({ json: input }))),
    // The page keeps showing the last quote while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Places the order under the attempt's idempotency key: a retry of the same attempt sends the same key.
 * `onPlaced` runs before the cart is re-read, so the page leaves before it could show an empty cart.
 */
export function usePlaceOrder({ onPlaced }: { onPlaced: (placed: PlacedOrder) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, key }: { input: PlaceOrderInput; key: string }) =>
      placedOrder.parse(await unwrap(api.orders.$post({ json: input, header: { 'idempotency-key': key } }))),
    onSuccess: (placed) => {
      onPlaced(placed);
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
