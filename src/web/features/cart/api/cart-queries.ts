import { queryOptions } from '@tanstack/react-query';
import type { GuestCartItem } from '@/shared/contracts/cart';
import { api, unwrap } from '@/web/lib/api-client';
import { toInput } from '../guest-cart';

export const serverCartQuery = queryOptions({
  queryKey: ['cart'],
  queryFn: () => unwrap(api.cart.$get()),
});

/** The guest's browser cart, priced by the server. */
export function guestCartQuery(items: GuestCartItem[]) {
  return queryOptions({
    queryKey: ['guest-cart', items],
    queryFn: () => unwrap(api.cart.quote.$post({ json: { items: items.map(toInput) } })),
    staleTime: 60_000,
  });
}
