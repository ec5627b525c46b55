import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deals, ProductDetail } from '@/shared/contracts/catalog';
import { ProductDetailPage } from '@/web/app/routes/shop/product-detail';

const cart = vi.hoisted(() => ({ addItem: vi.fn(), isAdding: false, mode: 'guest' as const }));
vi.mock('@/web/features/cart/use-cart', () => ({ useCart: () => cart }));

const warehouseId = '1b693b13-ac93-45d6-9f2d-9f18d8b0d09a';
const productId = '5e0cf4d0-7811-4243-b3a3-83ba995757e9';
const bogoId = 'f4fc793e-5a1b-4ab9-9a04-938b3d77e076';

const product: ProductDetail = {
  id: productId,
  warehouseId,
  name: 'Boneless Skinless Chicken Breast',
  brand: 'Perdue',
  unit: '2 lb tray',
  image: '/api/media/products/a.svg',
  images: ['/api/media/products/a.svg', '/api/media/products/b.svg'],
  shortDescription: 'Tender chicken breasts.',
  description: 'Raised cage-free.',
  sku: 'MEASEA-POU-001',
  categoryId: '11b8b680-d3ad-4584-bd17-48ddd4ba6024',
  subcategoryId: null,
  category: { id: '11b8b680-d3ad-4584-bd17-48ddd4ba6024', name: 'Meat & Seafood', slug: 'meat-seafood' },
  subcategory: null,
  price: 939,
  stockQuantity: 5,
  inStock: true,
  bogo: { id: bogoId, name: 'Buy 2 Get 1 Free Chicken', buyQuantity: 2, getQuantity: 1 },
  discountTiers: [{ minQuantity: 2, percentage: 10, scope: 'product' }],
  related: [],
};

const deals: Deals = {
  warehouseId,
  bundles: [],
  bogoOffers: [
    {
      id: bogoId,
      name: 'Buy 2 Get 1 Free Chicken',
      description: '',
      productId,
      productName: product.name,
      image: null,
      buyQuantity: 2,
      getQuantity: 1,
      price: 1878,
      originalPrice: 2817,
      available: true,
    },
  ],
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let productAnswer: () => Response;

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/product/:id', element: <ProductDetailPage /> },
      { path: '/products/:id', element: <ProductDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ProductDetailPage', () => {
  beforeEach(() => {
    localStorage.clear();
    cart.addItem.mockReset();
    productAnswer = () => json(product);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === `/api/products/${productId}`) return productAnswer();
        if (url.pathname === '/api/deals') return json(deals);
        return json({ error: { code: 'NOT_FOUND', message: 'This product is not sold by your warehouse.' } }, 404);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds the chosen quantity from the warehouse the deals answer names', async () => {
    renderAt(`/products/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(screen.getByText('Only 5 left')).toBeInTheDocument();
    // The deals answer names the warehouse; wait for it (its offer price shows).
    expect(await screen.findByText('$18.78')).toBeInTheDocument();

    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(increase);
    await userEvent.click(increase);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    // 10 % off 939 at 2 or more: 845 each.
    expect(screen.getByText(/3 × \$8\.45 =/)).toHaveTextContent('3 × $8.45 = $25.35');

    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(cart.addItem).toHaveBeenCalledWith({ itemType: 'product', productId, warehouseId, quantity: 3 });
  });

  it('keeps the quantity within the stock', async () => {
    renderAt(`/product/${productId}`);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(input);
    await userEvent.type(input, '40');
    await userEvent.tab();
    expect(input).toHaveValue(5);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  it('offers the buy-X-get-Y deal with its set price and its own add button', async () => {
    renderAt(`/product/${productId}`);
    const callout = (await screen.findByRole('heading', { name: 'Buy 2 Get 1 Free Chicken' })).closest('section') as HTMLElement;
    expect(within(callout).getByText('Buy 2 get 1')).toBeInTheDocument();
    expect(await within(callout).findByText('$18.78')).toBeInTheDocument();
    await userEvent.click(within(callout).getByRole('button', { name: /Add offer/ }));
    expect(cart.addItem).toHaveBeenCalledWith({ itemType: 'bogo', bogoOfferId: bogoId, warehouseId, quantity: 1 });
  });

  it('cannot add a product that is out of stock', async () => {
    productAnswer = () => json({ ...product, stockQuantity: 0, inStock: false });
    renderAt(`/product/${productId}`);
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('shows a friendly not-found state when the server answers 404', async () => {
    productAnswer = () => json({ error: { code: 'NOT_FOUND', message: 'This product is not sold by your warehouse.' } }, 404);
    renderAt(`/product/${productId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByText('This product is not sold by your warehouse.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
