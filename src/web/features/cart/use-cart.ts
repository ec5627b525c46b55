import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import { cartKind, lineInput, mixingRefusal, quantityLimit, quantityRefusal, sameItem } from '@/shared/cart-rules';
import { copy, stockRefusal } from '@/shared/copy';
import type { Cart, CartItemInput, CartItemType, CartLine, GuestCartItem } from '@/shared/contracts/cart';
import { settledAuth, useAuth, type AuthState } from '@/web/lib/session';
import { api, ApiError, unwrap } from '@/web/lib/api-client';
import { randomId } from '@/web/lib/random-id';
import { guestCartQuery, serverCartQuery } from './api/cart-queries';
import { guestCartStore, guestNotices, holdsItem, toInput, withGuestItem, withGuestQuantity } from './guest-cart';

const addedMessage: Record<CartItemType, string> = {
  product: copy.cart.added,
  bundle: copy.cart.bundleAdded,
  bogo: copy.cart.bogoAdded,
  cloud_kitchen: copy.cart.kitchenItemAdded,
};

const addFailedMessage: Record<CartItemType, string> = {
  product: copy.cart.addFailed,
  bundle: copy.cart.addBundleFailed,
  bogo: copy.cart.addBogoFailed,
  cloud_kitchen: copy.cart.addFailed,
};

const mixingCodes = new Set(['CART_KIND_MISMATCH', 'CART_KITCHEN_MISMATCH', 'CART_WAREHOUSE_MISMATCH']);

class CartRefusal extends Error {}

/** A customer's server cart, a guest's browser cart, none for staff (who have no cart), or not known yet. */
export type CartMode = 'server' | 'guest' | 'staff' | 'none';

/**
 * Every cart change, from whichever component, runs after the one before it: a guest's change is
 * built from the stored cart, and two overlapping ones would each write their own copy.
 */
const cartChanges = { id: 'cart-changes' };

/**
 * The one cart the UI talks to: the customer's server cart, a guest's browser cart (priced by the
 * server), or none for staff. Every change shows the toasts of the specification.
 */
export function useCart() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const guestItems = guestCartStore.use();
  const notices = guestNotices.use();
  const mode = cartModeOf(auth);

  const server = useQuery({ ...serverCartQuery, enabled: mode === 'server' });
  const guest = useQuery({ ...guestCartQuery(guestItems), enabled: mode === 'guest' && guestItems.length > 0 });

  const guestCart = guestItems.length === 0 ? emptyCart('local') : guest.data;
  const cart: Cart | undefined =
    mode === 'server'
      ? server.data
      : mode === 'guest' && guestCart
        ? // What the server dropped earlier, and what the current quote refuses, each said once.
          { ...guestCart, skipped: [...notices.filter((notice) => !guestCart.skipped.some((other) => other.id === notice.id)), ...guestCart.skipped] }
        : undefined;
  const isLoading = auth.status === 'loading' || (mode === 'server' ? server.isPending : mode === 'guest' && guestItems.length > 0 && guest.isPending);

  const setServerCart = async (next: Cart) => {
    // A read of the cart sent before this change may answer after it: its answer must not undo the change.
    await queryClient.cancelQueries({ queryKey: serverCartQuery.queryKey });
    queryClient.setQueryData(serverCartQuery.queryKey, next);
  };

  /** What a clear took away, to put back when the customer undoes it. */
  type Cleared = { mode: 'server'; items: CartItemInput[] } | { mode: 'guest'; items: GuestCartItem[] };

  const restoreCart = useMutation({
    scope: cartChanges,
    mutationFn: async (cleared: Cleared) => {
      if (cleared.mode === 'server') {
        // The lines go back through the server, which prices them and checks the stock again.
        if (mode !== 'server') throw new CartRefusal(copy.cart.notInitialized);
        await setServerCart(await unwrap(api.cart.merge.$post({ json: { items: cleared.items } })));
        return;
      }
      if (mode !== 'guest') throw new CartRefusal(copy.cart.notInitialized);
      // Anything added since the clear stays, next to the lines put back.
      const current = guestCartStore.read();
      const refusal = current.length > 0 ? mixingRefusal(cartKind(current.map((item) => item.item_type)), cleared.items[0]!.item_type) : null;
      if (refusal) throw new Error(refusal);
      let next = current;
      for (const item of cleared.items) next = withGuestItem(next, toInput(item), () => item.id);
      guestCartStore.write(next);
      guestNotices.clear();
    },
    onSuccess: () => toast.success(copy.cart.restored),
    onError: (error) => toast.error(copy.cart.restoreFailed, { description: error.message }),
  });

  const clearCart = useMutation({
    scope: cartChanges,
    mutationFn: async (): Promise<Cleared | null> => {
      if (mode === 'server') {
        const lines = queryClient.getQueryData<Cart>(serverCartQuery.queryKey)?.items ?? [];
        await setServerCart(await unwrap(api.cart.items.$delete()));
        const items = lines.flatMap((line) => lineInput(line, line.quantity) ?? []);
        return items.length > 0 ? { mode, items } : null;
      }
      if (mode === 'guest') {
        const items = guestCartStore.read();
        guestCartStore.clear();
        guestNotices.clear();
        return items.length > 0 ? { mode, items } : null;
      }
      throw new CartRefusal(copy.cart.notInitialized);
    },
    onError: (error) => toast.error(copy.cart.clearFailed, { description: error.message }),
  });

  /** Clears the cart; the toast offers to put every line back. */
  const clearWithUndo = async () => {
    const cleared = await clearCart.mutateAsync().catch(() => undefined);
    if (cleared === undefined) return;
    toast.success(copy.cart.cleared, cleared ? { action: { label: copy.cart.undo, onClick: () => restoreCart.mutate(cleared) } } : undefined);
  };

  /** The refusal's Clear Cart: empties the cart, then adds the item the customer tapped. */
  const clearThenAdd = async (input: CartItemInput) => {
    const cleared = await clearCart.mutateAsync().catch(() => undefined);
    if (cleared === undefined) return;
    toast.success(copy.cart.cleared);
    await addItem.mutateAsync(input).catch(() => undefined);
  };

  const refuse = (message: string, input: CartItemInput) =>
    toast.error(message, { action: { label: copy.cart.clearCart, onClick: () => void clearThenAdd(input) } });

  const addItem = useMutation({
    scope: cartChanges,
    mutationFn: async (input: CartItemInput) => {
      // A page can offer Add before the viewer is known (a product list answers before the session and
      // profile do): the tap waits for them and goes to the right cart instead of failing.
      const target = mode === 'none' ? cartModeOf(await settledAuth(queryClient)) : mode;
      if (target === 'server') {
        await setServerCart(await unwrap(api.cart.items.$post({ json: input })));
        return;
      }
      if (target !== 'guest') throw new CartRefusal(copy.cart.notInitialized);
      const current = guestCartStore.read();
      const refusal = mixingRefusal(cartKind(current.map((item) => item.item_type)), input.itemType);
      if (refusal) throw new ApiError(409, 'CART_KIND_MISMATCH', refusal);
      // The cap is checked here as the server checks it: a refused quantity is never stored.
      const quantity = (current.find((item) => holdsItem(item, input))?.quantity ?? 0) + input.quantity;
      const overCap = quantityRefusal(quantity);
      if (overCap) throw new ApiError(400, quantityLimit.code, overCap, { quantity: overCap });
      const next = withGuestItem(current, input, randomId);
      // The server prices the would-be cart and says whether it can take the item.
      const quote = await unwrap(api.cart.quote.$post({ json: { items: next.map(toInput) } }));
      const line = quote.items.find((candidate) => sameItem(candidate, input));
      if (!line) {
        const lineId = next.find((item) => holdsItem(item, input))?.id;
        throw new ApiError(409, 'NOT_ADDED', quote.skipped.find((skipped) => skipped.id === lineId)?.reason ?? copy.cart.addFailed);
      }
      if (line.quantity < quantity) throw new ApiError(409, 'INSUFFICIENT_STOCK', stockRefusal(line.maxQuantity));
      guestCartStore.write(next);
      guestNotices.clear();
      queryClient.setQueryData(guestCartQuery(next).queryKey, quote);
    },
    onSuccess: (_result, input) => toast.success(addedMessage[input.itemType]),
    onError: (error, input) => {
      if (error instanceof ApiError && mixingCodes.has(error.code)) refuse(error.message, input);
      else toast.error(addFailedMessage[input.itemType], { description: error.message });
    },
  });

  const setQuantity = useMutation({
    scope: cartChanges,
    mutationFn: async ({ line, quantity }: { line: CartLine; quantity: number }) => {
      if (mode === 'server') {
        await setServerCart(await unwrap(api.cart.items[':id'].$patch({ param: { id: line.id }, json: { quantity } })));
      } else if (mode === 'guest') {
        const overCap = quantityRefusal(quantity);
        if (overCap) throw new Error(overCap);
        if (quantity > line.maxQuantity) throw new Error(stockRefusal(line.maxQuantity));
        guestCartStore.write(withGuestQuantity(guestCartStore.read(), line.id, quantity));
        guestNotices.clear();
      } else throw new CartRefusal(copy.cart.notInitialized);
      return quantity;
    },
    onSuccess: (quantity) => {
      if (quantity <= 0) toast.success(copy.cart.removed);
    },
    onError: (error) => toast.error(copy.cart.updateFailed, { description: error.message }),
  });

  const removeItem = useMutation({
    scope: cartChanges,
    mutationFn: async (line: CartLine) => {
      if (mode === 'server') await setServerCart(await unwrap(api.cart.items[':id'].$delete({ param: { id: line.id } })));
      else if (mode === 'guest') {
        guestCartStore.write(withGuestQuantity(guestCartStore.read(), line.id, 0));
        guestNotices.clear();
      }
      else throw new CartRefusal(copy.cart.notInitialized);
    },
    onSuccess: () => toast.success(copy.cart.removed),
    onError: (error) => toast.error(copy.cart.removeFailed, { description: error.message }),
  });

  return {
    mode,
    cart,
    isLoading,
    error: mode === 'server' ? server.error : guest.error,
    addItem: (input: CartItemInput) => addItem.mutateAsync(input).catch(() => undefined),
    isAdding: addItem.isPending,
    setQuantity: (line: CartLine, quantity: number) => setQuantity.mutate({ line, quantity }),
    removeItem: (line: CartLine) => removeItem.mutate(line),
    clearCart: clearWithUndo,
    isUpdating: setQuantity.isPending || removeItem.isPending || clearCart.isPending || restoreCart.isPending,
  };
}

/** Which cart a viewer has: none while they are not known yet. */
function cartModeOf(auth: AuthState): CartMode {
  if (auth.status === 'loading') return 'none';
  if (auth.status === 'signed-out') return 'guest';
  return auth.profile.role === 'customer' ? 'server' : 'staff';
}

export function emptyCart(id: string): Cart {
  return {
    id,
    kind: null,
    items: [],
    itemCount: 0,
    summary: { subtotal: 0, serviceFee: 0, deliveryFee: 0, taxAmount: 0, tip: 0, totalAmount: 0 },
    skipped: [],
  };
}
