import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/web/lib/toast';
import { cartNoticeText, copy } from '@/shared/copy';
import { useAuth } from '@/web/lib/session';
import { api, unwrap } from '@/web/lib/api-client';
import { guestCartQuery, serverCartQuery } from './api/cart-queries';
import { guestCartStore, guestNotices, toInput, withQuoteApplied } from './guest-cart';

/**
 * Keeps the guest's browser cart to what the server takes (a line the quote refused is dropped, one it
 * limited is limited, and the cart says which), and when a customer signs in, moves it into their
 * server cart and removes it.
 */
export function CartSync() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const isCustomer = auth.status === 'signed-in' && auth.profile.role === 'customer';
  const guestItems = guestCartStore.use();
  const quote = useQuery({ ...guestCartQuery(guestItems), enabled: auth.status === 'signed-out' && guestItems.length > 0 });

  useEffect(() => {
    if (!quote.data) return;
    const next = withQuoteApplied(guestItems, quote.data.skipped);
    if (!next) return;
    guestNotices.add(next.applied);
    guestCartStore.write(next.items);
  }, [quote.data, guestItems]);

  const merge = useMutation({
    mutationFn: async () => {
      const items = guestCartStore.read().map(toInput);
      return { cart: await unwrap(api.cart.merge.$post({ json: { items } })), sent: items.length };
    },
    onSuccess: async ({ cart, sent }) => {
      guestCartStore.clear();
      // A read of the cart sent before the merge may answer after it: its answer, without the guest's
      // items, must not replace the merged cart.
      await queryClient.cancelQueries({ queryKey: serverCartQuery.queryKey });
      queryClient.setQueryData(serverCartQuery.queryKey, cart);
      // Said only when some guest line made it: a line kept with fewer units counts, one left out does not.
      const leftOut = cart.skipped.filter((notice) => notice.quantity === undefined).length;
      if (leftOut < sent) toast.success(copy.cart.migrated);
      // The guest lines the cart could not take, or took fewer of, each named.
      for (const notice of cart.skipped) toast.warning(cartNoticeText(notice));
    },
    onError: (error) => toast.error(copy.cart.loadError + error.message),
  });

  // Once per sign-in: a merge that failed is not sent again until the customer signs in again, and the
  // browser cart keeps the items meanwhile.
  const { mutate: mergeGuestItems } = merge;
  useEffect(() => {
    if (!isCustomer) {
      started.current = false;
      return;
    }
    if (started.current || guestCartStore.read().length === 0) return;
    started.current = true;
    mergeGuestItems();
  }, [isCustomer, mergeGuestItems]);

  return null;
}
