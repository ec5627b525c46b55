import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copy } from '@/shared/copy';
import { ProductsPage } from '@/web/app/routes/shop/products';
import { beginLocationSession, recordPositionWarehouse, resetLocationState } from '@/web/features/locations/location-state';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aProduct, bakeryId, cheeseId, dairyId, jerseyCityId, yogurtId } from '@/web/test/fake-data';
import { expectToast, renderApp } from '@/web/test/render-app';

let api: FakeApi;

function renderAt(path: string) {
  return renderApp(<ProductsPage />, { api, path, route: '/products' });
}

const lastProductRequest = () => api.requestsTo('GET /api/products').at(-1)?.query;

describe('ProductsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    // 50 cheeses (two of them named for the search below) and a loaf, at Georgetown.
    api.data.products = [
      ...Array.from({ length: 48 }, (_, index) => aProduct(index + 10, { name: `Cheese ${String(index + 10).padStart(2, '0')}`, price: 300 + index })),
      aProduct(1, { name: 'Brie de Meaux', price: 900 }),
      aProduct(2, { name: 'Brie Light', price: 800 }),
      aProduct(3, { name: 'Sourdough', categoryId: bakeryId, subcategoryId: null }),
    ];
  });

  it('reads its filters from the address and asks the server for exactly those', async () => {
    renderAt(`/products?category=${dairyId}&subcategory=${cheeseId}&q=brie&sort=price_desc&page=1`);

    expect(await screen.findByRole('heading', { level: 2, name: /2 products/ })).toHaveTextContent('2 products for “brie”');
    const request = lastProductRequest();
    expect(request?.get('categoryId')).toBe(dairyId);
    expect(request?.get('subcategoryId')).toBe(cheeseId);
    expect(request?.get('q')).toBe('brie');
    expect(request?.get('sort')).toBe('price_desc');
    expect(request?.get('page')).toBe('1');

    expect(screen.getByLabelText('Search products')).toHaveValue('brie');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue(dairyId));
    expect(screen.getByLabelText('Subcategory')).toHaveValue(cheeseId);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dairy & Eggs');
    const names = screen.getAllByRole('link', { name: /^Brie/ }).map((link) => link.textContent);
    expect(names).toEqual(['Brie de Meaux', 'Brie Light']);
  });

  it('writes a search to ?q= and starts again at page 1, keeping the sort', async () => {
    const { router } = renderAt('/products?sort=name_asc&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search products'), 'brie');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.search).toBe('?q=brie&sort=name_asc');
    expect(await screen.findByRole('link', { name: 'Brie Light' })).toBeInTheDocument();
    expect(lastProductRequest()?.get('q')).toBe('brie');
    expect(lastProductRequest()?.get('page')).toBe('1');
  });

  it('changing the category drops the subcategory and the page', async () => {
    const { router } = renderAt(`/products?category=${dairyId}&subcategory=${yogurtId}&page=2`);
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue(dairyId));

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Bakery');
    expect(router.state.location.search).toBe(`?category=${bakeryId}`);
    expect(screen.getByLabelText('Subcategory')).toBeDisabled();
    expect(await screen.findByRole('link', { name: 'Sourdough' })).toBeInTheDocument();
  });

  it('pages with Previous and Next through the address', async () => {
    const { router } = renderAt('/products');
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  describe('with the list the app loader in index.html asked for (ADR 061)', () => {
    const loaderPath = '/api/products?sort=relevance&page=1&pageSize=24';

    /** A list unlike the catalog's, as the server would answer it. */
    async function prefetchedList() {
      const other = createFakeApi();
      other.data.products = [aProduct(90, { name: 'Prefetched Pear' })];
      return (await (await other.fetch(new URL(loaderPath, window.location.href))).json()) as unknown;
    }

    afterEach(() => {
      delete window.freshcartPrefetch;
    });

    it('shows the list the loader has already read, without asking again', async () => {
      const body = await prefetchedList();
      window.freshcartPrefetch = { url: loaderPath, startedAt: Date.now(), response: Promise.resolve(Response.json(body)), body };
      renderAt('/products');
      expect(await screen.findByRole('link', { name: 'Prefetched Pear' })).toBeInTheDocument();
      expect(api.requestsTo('GET /api/products')).toHaveLength(0);
    });

    it('waits for the response the loader is still receiving rather than asking again', async () => {
      const body = await prefetchedList();
      window.freshcartPrefetch = { url: loaderPath, startedAt: Date.now(), response: Promise.resolve(Response.json(body)) };
      renderAt('/products');
      expect(await screen.findByRole('link', { name: 'Prefetched Pear' })).toBeInTheDocument();
      expect(api.requestsTo('GET /api/products')).toHaveLength(0);
    });

    it("asks for its own list when the loader asked for another warehouse's", async () => {
      const body = await prefetchedList();
      const url = `${loaderPath}&warehouseId=${jerseyCityId}`;
      window.freshcartPrefetch = { url, startedAt: Date.now(), response: Promise.resolve(Response.json(body)), body };
      renderAt('/products');
      expect(await screen.findByRole('link', { name: 'Cheese 10' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Prefetched Pear' })).not.toBeInTheDocument();
      expect(api.requestsTo('GET /api/products')).toHaveLength(1);
    });

    it("asks for its own list when the loader's request failed", async () => {
      window.freshcartPrefetch = { url: loaderPath, startedAt: Date.now(), response: Promise.reject(new TypeError('Failed to fetch')) };
      renderAt('/products');
      expect(await screen.findByRole('link', { name: 'Cheese 10' })).toBeInTheDocument();
      expect(api.requestsTo('GET /api/products')).toHaveLength(1);
    });
  });

  it('says when nothing matches and offers a reset', async () => {
    renderAt('/products?q=nothing');
    expect(await screen.findByRole('heading', { name: 'No products match your search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset search and filters' })).toHaveAttribute('href', '/products');
  });

  it('shows a failure with a Retry that loads again', async () => {
    api.on('GET /api/products', () => apiError(500, 'INTERNAL', 'The catalog is having a moment.'), { times: 1 });
    renderAt('/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalog is having a moment.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Cheese 10' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe("when the customer's location moves the catalog to another warehouse", () => {
    afterEach(() => {
      resetLocationState();
    });

    /** The customer's position is read after the page was drawn, and Jersey City serves it, as the header's check would find. */
    function locationResolvesToJerseyCity(customerId: string) {
      act(() => {
        beginLocationSession(customerId);
        recordPositionWarehouse({ id: jerseyCityId, name: 'Jersey City', location: 'Jersey City, NJ' });
      });
    }

    it("keeps the grid, dimmed, until Jersey City's list is in, and adds a product tapped meanwhile from there at its price", async () => {
      api.data.products.push(aProduct(1, { name: 'Brie de Meaux', warehouseId: jerseyCityId, price: 950 }));
      const { user: customer } = renderApp(<ProductsPage />, { api, path: '/products?q=brie', route: '/products', user: 'customer' });
      const grid = await screen.findByRole('list', { name: copy.products.title });
      expect(within(grid).getByRole('article', { name: 'Brie de Meaux' })).toHaveTextContent('$9.00');
      const jerseyProducts = api.holdNext('GET /api/products');
      locationResolvesToJerseyCity(customer!.id);
      await waitFor(() => expect(lastProductRequest()?.get('warehouseId')).toBe(jerseyCityId));
      await waitFor(() => expect(grid.parentElement).toHaveAttribute('aria-busy', 'true'));

      await userEvent.click(within(grid).getByRole('button', { name: copy.catalog.addToCart('Brie de Meaux') }));
      await expectToast(copy.cart.added);
      expect(api.cartOf(customer!).items).toEqual([expect.objectContaining({ itemType: 'product', productId: api.data.products[48]!.id, warehouseId: jerseyCityId, unitPrice: 950 })]);

      jerseyProducts.release();
      await waitFor(() => expect(screen.getByRole('list', { name: copy.products.title }).parentElement).toHaveAttribute('aria-busy', 'false'));
      expect(screen.getByRole('article', { name: 'Brie de Meaux' })).toHaveTextContent('$9.50');
      expect(screen.queryByRole('article', { name: 'Brie Light' })).not.toBeInTheDocument();
    });

    it('says why a product tapped meanwhile is not added when Jersey City does not sell it', async () => {
      const { user: customer } = renderApp(<ProductsPage />, { api, path: '/products?q=brie', route: '/products', user: 'customer' });
      const grid = await screen.findByRole('list', { name: copy.products.title });
      const jerseyProducts = api.holdNext('GET /api/products');
      locationResolvesToJerseyCity(customer!.id);
      await waitFor(() => expect(lastProductRequest()?.get('warehouseId')).toBe(jerseyCityId));
      await userEvent.click(within(grid).getByRole('button', { name: copy.catalog.addToCart('Brie Light') }));
      await expectToast(copy.cart.addFailed);
      expect(screen.getByText(copy.catalog.productNotOffered('Brie Light', 'Jersey City'))).toBeInTheDocument();
      expect(api.cartOf(customer!).items).toEqual([]);
      jerseyProducts.release();
    });
  });

  it('adds a product to the guest cart from its card', async () => {
    renderAt('/products?q=sourdough');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Sourdough to cart' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('groc_cart') ?? '[]')).toEqual([expect.objectContaining({ item_type: 'product', product_id: api.data.products.at(-1)!.id, quantity: 1 })]);
  });
});
