import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category, ProductCard } from '@/shared/contracts/catalog';
import { ProductsPage } from '@/web/app/routes/shop/products';

vi.mock('@/web/features/cart/use-cart', () => ({ useCart: () => ({ addItem: vi.fn(), isAdding: false, mode: 'guest' }) }));

const warehouseId = '1b693b13-ac93-45d6-9f2d-9f18d8b0d09a';
const cheese = { id: '4977b8b5-9ff0-4d35-a295-a9ee253f3c54', name: 'Cheese', slug: 'cheese' };
const yogurt = { id: 'e467a889-c160-462e-895b-816f1e989ed8', name: 'Yogurt', slug: 'yogurt' };
const categories: Category[] = [
  {
    id: '5253cbcb-9437-4514-8188-9562143c2064',
    name: 'Dairy & Eggs',
    slug: 'dairy-eggs',
    description: 'Milk, cheese and eggs.',
    icon: 'Milk',
    color: '#3b82f6',
    image: '/api/media/categories/dairy-eggs.svg',
    productCount: 27,
    subcategories: [cheese, yogurt],
  },
  {
    id: '02d345ce-4236-48db-a772-d5e49a9c3142',
    name: 'Bakery',
    slug: 'bakery',
    description: 'Bread and pastries.',
    icon: 'Croissant',
    color: '#d97706',
    image: '/api/media/categories/bakery.svg',
    productCount: 24,
    subcategories: [],
  },
];
const [dairy, bakery] = categories as [Category, Category];

function card(name: string, index: number): ProductCard {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name,
    brand: 'Brand',
    unit: '1 ct',
    image: null,
    shortDescription: '',
    categoryId: dairy.id,
    subcategoryId: cheese.id,
    price: 500 + index,
    stockQuantity: 10,
    inStock: true,
    bogo: null,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let productRequests: URLSearchParams[] = [];
let failProducts = 0;

function answer(url: URL): Response {
  if (url.pathname === '/api/categories') return json(categories);
  if (url.pathname === '/api/products') {
    productRequests.push(url.searchParams);
    if (failProducts > 0) {
      failProducts -= 1;
      return json({ error: { code: 'INTERNAL', message: 'The catalog is having a moment.' } }, 500);
    }
    const q = url.searchParams.get('q');
    const total = q === 'nothing' ? 0 : 50;
    const page = Number(url.searchParams.get('page') ?? 1);
    return json({ warehouseId, items: total ? [card(`Brie ${page}`, 1), card('Cheddar', 2)] : [], total, page, pageSize: Number(url.searchParams.get('pageSize') ?? 24) });
  }
  return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/products', element: <ProductsPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastProductRequest = () => productRequests.at(-1);

describe('ProductsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    productRequests = [];
    failProducts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => answer(new URL(input instanceof Request ? input.url : String(input)))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads its filters from the address and asks the server for exactly those', async () => {
    renderAt(`/products?category=${dairy.id}&subcategory=${cheese.id}&q=brie&sort=price_desc&page=2`);

    expect(await screen.findByRole('heading', { level: 2, name: /50 products/ })).toHaveTextContent('50 products for “brie”');
    const request = lastProductRequest();
    expect(request?.get('categoryId')).toBe(dairy.id);
    expect(request?.get('subcategoryId')).toBe(cheese.id);
    expect(request?.get('q')).toBe('brie');
    expect(request?.get('sort')).toBe('price_desc');
    expect(request?.get('page')).toBe('2');

    expect(screen.getByLabelText('Search products')).toHaveValue('brie');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue(dairy.id));
    expect(screen.getByLabelText('Subcategory')).toHaveValue(cheese.id);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dairy & Eggs');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 2 of 3');
    expect(screen.getByRole('link', { name: 'Brie 2' })).toBeInTheDocument();
  });

  it('writes a search to ?q= and starts again at page 1, keeping the sort', async () => {
    const router = renderAt('/products?sort=name_asc&page=3');
    await screen.findByRole('link', { name: 'Brie 3' });

    const search = screen.getByLabelText('Search products');
    await userEvent.type(search, 'chiken');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.search).toBe('?q=chiken&sort=name_asc');
    await screen.findByRole('link', { name: 'Brie 1' });
    expect(lastProductRequest()?.get('q')).toBe('chiken');
    expect(lastProductRequest()?.get('page')).toBe('1');
  });

  it('changing the category drops the subcategory and the page', async () => {
    const router = renderAt(`/products?category=${dairy.id}&subcategory=${yogurt.id}&page=2`);
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue(dairy.id));

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Bakery');
    expect(router.state.location.search).toBe(`?category=${bakery.id}`);
    expect(screen.getByLabelText('Subcategory')).toBeDisabled();
  });

  it('pages with Previous and Next through the address', async () => {
    const router = renderAt('/products');
    await screen.findByRole('link', { name: 'Brie 1' });
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says when nothing matches and offers a reset', async () => {
    renderAt('/products?q=nothing');
    expect(await screen.findByRole('heading', { name: 'No products match your search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset search and filters' })).toHaveAttribute('href', '/products');
  });

  it('shows a failure with a Retry that loads again', async () => {
    failProducts = 1;
    renderAt('/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalog is having a moment.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Brie 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
