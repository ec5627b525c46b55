import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart, CartLine } from '@/shared/contracts/cart';
import { copy } from '@/shared/copy';
import { useCart } from './use-cart';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: toastError } }));

const warehouseId = '11111111-1111-4111-8111-111111111111';
const bananas = '22222222-2222-4222-8222-222222222222';
const carrots = '33333333-3333-4333-8333-333333333333';

const storedLine = (id: string, productId: string, quantity: number) => ({
  id,
  cart_id: 'local',
  product_id: productId,
  bundle_id: null,
  bogo_offer_id: null,
  cloud_kitchen_product_id: null,
  warehouse_id: warehouseId,
  quantity,
  item_type: 'product',
});

const line = (id: string, productId: string, quantity: number, maxQuantity: number): CartLine => ({
  id,
  itemType: 'product',
  productId,
  bundleId: null,
  bogoOfferId: null,
  cloudKitchenProductId: null,
  cloudKitchenId: null,
  warehouseId,
  quantity,
  unitPrice: 49,
  originalPrice: 49,
  name: productId === bananas ? 'Bananas' : 'Baby Carrots',
  detail: '1 lb',
  image: null,
  maxQuantity,
});

/** A stand-in for the server's quote: it limits every line to the cap and to the stock, as the real one does. */
function quoteServer(stock: Record<string, number>) {
  return vi.fn(async (_url: string, init?: RequestInit) => {
    const { items } = JSON.parse(String(init?.body)) as { items: { id: string; productId: string; quantity: number }[] };
    const lines = items.map((item) => {
      const max = Math.min(99, stock[item.productId] ?? 0);
      return line(item.id, item.productId, Math.min(item.quantity, max), max);
    });
    const cart: Cart = {
      id: 'local',
      kind: 'grocery',
      items: lines,
      itemCount: lines.reduce((count, item) => count + item.quantity, 0),
      summary: { subtotal: 0, serviceFee: 0, deliveryFee: 0, taxAmount: 0, tip: 0, totalAmount: 0 },
      skipped: [],
    };
    return new Response(JSON.stringify(cart), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

function renderGuestCart() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['session'], null);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCart(), { wrapper });
}

const storedCart = () => localStorage.getItem('groc_cart');

describe("a guest's cart", () => {
  beforeEach(() => {
    vi.stubGlobal('crypto', { randomUUID: () => 'new-line' });
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    toastError.mockClear();
  });

  it('never stores a quantity above the cap: one more at 99 is refused and the cart stays as it was', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([storedLine('a', bananas, 99)]));
    vi.stubGlobal('fetch', quoteServer({ [bananas]: 500 }));
    const before = storedCart();
    const { result } = renderGuestCart();
    await waitFor(() => expect(result.current.cart?.items).toHaveLength(1));

    await act(() => result.current.addItem({ itemType: 'product', productId: bananas, warehouseId, quantity: 1 }));
    expect(toastError).toHaveBeenCalledWith(copy.cart.addFailed, { description: copy.cart.quantityLimit });
    expect(storedCart()).toBe(before);

    act(() => result.current.setQuantity(result.current.cart!.items[0]!, 100));
    await waitFor(() => expect(toastError).toHaveBeenLastCalledWith(copy.cart.updateFailed, { description: copy.cart.quantityLimit }));
    expect(storedCart()).toBe(before);
    expect(result.current.cart?.items.map((item) => item.quantity)).toEqual([99]);
  });

  it('does not store an add the server limits to the stock', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([storedLine('a', bananas, 2)]));
    vi.stubGlobal('fetch', quoteServer({ [bananas]: 500, [carrots]: 3 }));
    const before = storedCart();
    const { result } = renderGuestCart();
    await waitFor(() => expect(result.current.cart?.items).toHaveLength(1));

    await act(() => result.current.addItem({ itemType: 'product', productId: carrots, warehouseId, quantity: 5 }));
    expect(toastError).toHaveBeenCalledWith(copy.cart.addFailed, { description: 'Only 3 left in stock.' });
    expect(storedCart()).toBe(before);

    await act(() => result.current.addItem({ itemType: 'product', productId: carrots, warehouseId, quantity: 3 }));
    expect(JSON.parse(storedCart()!)).toEqual([storedLine('a', bananas, 2), { ...storedLine('new-line', carrots, 3) }]);
  });
});
