import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart, CartLine } from '@/shared/contracts/cart';
import { copy } from '@/shared/copy';
import { CartPanel } from './cart-panel';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const warehouseId = '11111111-1111-4111-8111-111111111111';
const ids = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];

const stored = (id: string, productId: string, quantity: number) => ({
  id,
  cart_id: 'local',
  product_id: productId,
  warehouse_id: warehouseId,
  quantity,
  item_type: 'product',
});

const line = (id: string, productId: string, name: string, quantity: number): CartLine => ({
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
  name,
  detail: '1 lb',
  image: null,
  maxQuantity: 99,
});

function renderPanel(session: unknown, role?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['session'], session);
  if (role) queryClient.setQueryData(['profile'], { id: 'p', userId: 'u', email: 'm@x.test', role, firstName: 'M', lastName: 'X', phone: null, referralCode: null, kitchenId: null });
  const router = createMemoryRouter([{ path: '/', element: <CartPanel /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('CartPanel', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows every line the server took, says which one it dropped, and shows the cap where it stops "+"', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([stored('a', ids[0]!, 99), stored('b', ids[1]!, 1), stored('c', ids[2]!, 2)]));
    const quote: Cart = {
      id: 'local',
      kind: 'grocery',
      items: [line('a', ids[0]!, 'Bananas', 99), line('c', ids[2]!, 'Gala Apples', 2)],
      itemCount: 101,
      summary: { subtotal: 0, serviceFee: 0, deliveryFee: 0, taxAmount: 0, tip: 0, totalAmount: 0 },
      skipped: [{ id: 'b', itemType: 'product', name: 'Dragon Fruit', reason: 'This item is not available.' }],
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(quote), { status: 200, headers: { 'content-type': 'application/json' } })));
    renderPanel(null);
    await userEvent.click(await screen.findByRole('button', { name: copy.header.cart }));

    const items = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(items).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Bananas', 'Gala Apples']);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(copy.cart.notKeptTitle);
    expect(notice).toHaveTextContent('Dragon Fruit was removed: This item is not available.');

    const increase = screen.getByRole('button', { name: 'Increase quantity of Bananas' });
    expect(increase).toBeDisabled();
    expect(increase).toHaveAccessibleDescription('Max 99');
    expect(screen.getByRole('button', { name: 'Increase quantity of Gala Apples' })).toBeEnabled();
  });

  it('is not there for staff, who have no cart', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPanel({ session: { id: 's', expiresAt: '' }, user: { id: 'u', email: 'm@x.test', name: 'M X', emailVerified: true } }, 'manager');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: copy.header.cart })).toBeNull();
  });
});
