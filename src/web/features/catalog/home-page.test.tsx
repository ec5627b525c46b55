import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deals } from '@/shared/contracts/catalog';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import { HomePage } from '@/web/app/routes/shop/home';

const cart = vi.hoisted(() => ({ addItem: vi.fn(), isAdding: false, mode: 'guest' as const }));
vi.mock('@/web/features/cart/use-cart', () => ({ useCart: () => cart }));

const warehouseId = '1b693b13-ac93-45d6-9f2d-9f18d8b0d09a';
const item = { productId: '7efb8c56-41be-40f8-ad5d-0bb29c5ceaa6', name: 'Brioche Burger Buns', quantity: 2, image: null };

const deals: Deals = {
  warehouseId,
  bundles: [
    { id: '48c18e84-a170-407e-b0fd-bc7fa05a6deb', name: 'Backyard Burger Cookout', description: '', image: null, price: 3539, originalPrice: 4132, available: true, items: [item] },
    { id: '08de0447-b544-45a5-9599-6ad8c94ccc3f', name: 'Breakfast Basics', description: '', image: null, price: 2989, originalPrice: 3474, available: false, items: [item] },
  ],
  bogoOffers: [
    {
      id: 'f4fc793e-5a1b-4ab9-9a04-938b3d77e076',
      name: 'Buy 2 Get 1 Free Barilla Spaghetti',
      description: '',
      productId: '556407e8-7656-4db3-bcf9-4ee929de2c1e',
      productName: 'Spaghetti',
      image: null,
      buyQuantity: 2,
      getQuantity: 1,
      price: 398,
      originalPrice: 597,
      available: true,
    },
  ],
};

function kitchen(index: number, openNow: boolean): KitchenSummary {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    businessName: `Kitchen ${index}`,
    kitchenType: 'commercial',
    cuisine: 'Italian',
    description: '',
    image: '/api/media/kitchens/k.svg',
    city: 'Hoboken',
    state: 'NJ',
    prepTimeMinutes: 45,
    openNow,
    rating: null,
    ratingCount: 0,
    distanceMiles: null,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderHome() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('HomePage', () => {
  beforeEach(() => {
    localStorage.clear();
    cart.addItem.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        switch (url.pathname) {
          case '/api/auth/get-session':
            return json(null);
          case '/api/deals':
            return json(deals);
          case '/api/categories':
            return json([]);
          case '/api/products':
            return json({ warehouseId, items: [], total: 0, page: 1, pageSize: 8 });
          case '/api/warehouses':
            return json([{ id: warehouseId, name: 'Georgetown', location: 'Georgetown, TX', streetAddress: '', city: 'Georgetown', state: 'TX', latitude: 30.6333, longitude: -97.6779, deliveryRadiusMiles: 40, isDefault: true }]);
          case '/api/kitchens/nearby':
            return json({ success: true, cloudKitchens: [1, 2, 3, 4, 5].map((index) => ({ ...kitchen(index, index !== 2), distanceMiles: index * 1.5 })) });
          default:
            return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
        }
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds a bundle and an offer from the warehouse that priced the deals', async () => {
    renderHome();
    const bundle = (await screen.findByRole('heading', { name: 'Backyard Burger Cookout' })).closest('article') as HTMLElement;
    expect(within(bundle).getByText('2 × Brioche Burger Buns')).toBeInTheDocument();
    await userEvent.click(within(bundle).getByRole('button', { name: /Add bundle/ }));
    expect(cart.addItem).toHaveBeenCalledWith({ itemType: 'bundle', bundleId: '48c18e84-a170-407e-b0fd-bc7fa05a6deb', warehouseId, quantity: 1 });

    const offer = screen.getByRole('heading', { name: 'Buy 2 Get 1 Free Barilla Spaghetti' }).closest('article') as HTMLElement;
    expect(within(offer).getByText('Buy 2 get 1')).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: /Add offer/ }));
    expect(cart.addItem).toHaveBeenLastCalledWith({ itemType: 'bogo', bogoOfferId: 'f4fc793e-5a1b-4ab9-9a04-938b3d77e076', warehouseId, quantity: 1 });
  });

  it('disables a bundle the warehouse cannot make up', async () => {
    renderHome();
    const bundle = (await screen.findByRole('heading', { name: 'Breakfast Basics' })).closest('article') as HTMLElement;
    expect(within(bundle).getByRole('button', { name: /Add bundle/ })).toBeDisabled();
  });

  it('teases the first four cloud kitchens with their open state', async () => {
    renderHome();
    const list = await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByRole('link', { name: 'Kitchen 1' })).toHaveAttribute('href', '/cloud-kitchen/00000000-0000-4000-8000-000000000001/menu');
    expect(within(list).getAllByText('Open now')).toHaveLength(3);
    expect(within(list).getByText('Closed')).toBeInTheDocument();
    expect(within(list).getByText('1.5 mi away')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all cloud kitchens' })).toHaveAttribute('href', '/cloud-kitchens');
  });
});
