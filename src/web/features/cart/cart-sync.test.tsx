import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { CartSync } from './cart-sync';
import { guestCartStore, guestNotices } from './guest-cart';
import { useCart } from './use-cart';

const toastSuccess = vi.fn();
const toastWarning = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { success: (...args: unknown[]) => toastSuccess(...args), warning: toastWarning, error: vi.fn() } }));

const profile: Profile = { id: 'p1', userId: 'u1', email: 'c@x.test', role: 'customer', firstName: 'C', lastName: 'X', phone: null, referralCode: null, kitchenId: null };
const item = {
  id: 'g1',
  cart_id: 'local' as const,
  product_id: '22222222-2222-4222-8222-222222222222',
  bundle_id: null,
  bogo_offer_id: null,
  cloud_kitchen_product_id: null,
  warehouse_id: '11111111-1111-4111-8111-111111111111',
  quantity: 2,
  unit_price: 49,
  item_type: 'product' as const,
};
const emptyCart = { id: 'c1', kind: null, items: [], itemCount: 0, summary: { subtotal: 0, serviceFee: 0, deliveryFee: 0, taxAmount: 0, tip: 0, totalAmount: 0 }, skipped: [] };

function renderSignedIn(role: Profile['role']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['session'], { session: { id: 's', expiresAt: '' }, user: { id: 'u1', email: profile.email, name: 'C X', emailVerified: true } });
  queryClient.setQueryData(['profile'], { ...profile, role });
  render(
    <QueryClientProvider client={queryClient}>
      <CartSync />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('CartSync', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    toastSuccess.mockClear();
  });

  it("moves a guest's browser cart into the customer's cart on sign-in and removes it", async () => {
    guestCartStore.write([item]);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...emptyCart, items: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = renderSignedIn('customer');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Cart items migrated successfully'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/cart\/merge$/);
    expect(JSON.parse(String(init.body))).toEqual({
      items: [{ id: 'g1', itemType: 'product', productId: item.product_id, warehouseId: item.warehouse_id, quantity: 2 }],
    });
    expect(localStorage.getItem('groc_cart')).toBeNull();
    expect(queryClient.getQueryData(['cart'])).toEqual(emptyCart);
  });

  it('migrates every line it can read when one stored line is broken, and names what the cart did not take', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([{ ...item, unit_price: 0.01 }, { ...item, id: 'g2', product_id: null, item_type: 'bundle' }]));
    const merged = { ...emptyCart, skipped: [{ id: 'g1', itemType: 'product', name: 'Bananas', quantity: 3, reason: 'Only 3 left in stock.' }] };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(merged), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderSignedIn('customer');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Cart items migrated successfully'));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      items: [{ id: 'g1', itemType: 'product', productId: item.product_id, warehouseId: item.warehouse_id, quantity: 2 }],
    });
    expect(toastWarning).toHaveBeenCalledWith('Bananas was reduced to 3: Only 3 left in stock.');
  });

  it("keeps a guest's browser cart to what the server takes, and the cart still says which line was dropped", async () => {
    const kept = { ...item, id: 'g2', product_id: '33333333-3333-4333-8333-333333333333', quantity: 5 };
    guestCartStore.write([item, kept]);
    const quote = {
      ...emptyCart,
      id: 'local',
      items: [],
      skipped: [
        { id: 'g1', itemType: 'product', name: 'Bananas', reason: 'This item is not available.' },
        { id: 'g2', itemType: 'product', name: 'Baby Carrots', quantity: 3, reason: 'Only 3 left in stock.' },
      ],
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(quote), { status: 200, headers: { 'content-type': 'application/json' } })));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(['session'], null);
    let shown: string[] = [];
    function Probe() {
      shown = (useCart().cart?.skipped ?? []).map((notice) => notice.reason);
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <CartSync />
        <Probe />
      </QueryClientProvider>,
    );
    const { unit_price: _price, ...keptLine } = kept;
    await waitFor(() => expect(guestCartStore.read()).toEqual([{ ...keptLine, quantity: 3 }]));
    expect(shown).toEqual(['This item is not available.', 'Only 3 left in stock.']);
    guestNotices.clear();
  });

  it('leaves the browser cart alone for staff, who have no cart', async () => {
    guestCartStore.write([item]);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSignedIn('admin');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('groc_cart')).not.toBeNull();
  });
});
