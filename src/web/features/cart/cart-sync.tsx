import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { copy } from '@/shared/copy';
import { useAuth } from '@/web/lib/session';
import { api, unwrap } from '@/web/lib/api-client';
import { serverCartQuery } from './api/cart-queries';
import { guestCartStore, toInput } from './guest-cart';

/** When a customer signs in, the guest's browser cart moves into their server cart and is removed. */
export function CartSync() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const isCustomer = auth.status === 'signed-in' && auth.profile.role === 'customer';

  const merge = useMutation({
    mutationFn: () => unwrap(api.cart.merge.$post({ json: { items: guestCartStore.read().map(toInput) } })),
    onSuccess: (cart) => {
      guestCartStore.clear();
      queryClient.setQueryData(serverCartQuery.queryKey, cart);
      toast.success(copy.cart.migrated);
      for (const skipped of cart.skipped) toast.warning(skipped.reason);
    },
    onError: (error) => toast.error(copy.cart.loadError + error.message),
    onSettled: () => {
      started.current = false;
    },
  });

  useEffect(() => {
    if (!isCustomer || started.current || guestCartStore.read().length === 0) return;
    started.current = true;
    merge.mutate();
  }, [isCustomer, merge]);

  return null;
}
