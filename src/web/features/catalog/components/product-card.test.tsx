import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductCard as ProductCardData } from '@/shared/contracts/catalog';
import type { Role } from '@/shared/roles';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aProduct, georgetownId as warehouseId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { ProductCard, ProductGrid } from './product-card';
import { FakeIntersectionObserver } from '@/web/test/fake-intersection-observer';

let api: FakeApi;

function productOf(overrides: Partial<ProductCardData> = {}): ProductCardData {
  return {
    id: '5e0cf4d0-7811-4243-b3a3-83ba995757e9',
    name: 'Spaghetti',
    brand: 'Barilla',
    unit: '16 oz',
    image: '/api/media/products/PAN-PASRIC-001.svg',
    shortDescription: 'Classic durum wheat pasta.',
    categoryId: '11b8b680-d3ad-4584-bd17-48ddd4ba6024',
    subcategoryId: null,
    price: 199,
    stockQuantity: 40,
    inStock: true,
    bogo: null,
    ...overrides,
  };
}

function renderCard(product: ProductCardData, user?: Role) {
  // The warehouse sells what the card shows, at the card's price.
  api.data.products = [aProduct(1, { ...product })];
  return renderApp(<ProductCard product={product} warehouseId={warehouseId} />, { api, user });
}

const storedCart = () => JSON.parse(localStorage.getItem('groc_cart') ?? '[]') as unknown[];

describe('ProductCard', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
  });

  it('has no add button for staff, who have no cart', async () => {
    renderCard(productOf(), 'manager');
    expect(await screen.findByRole('link', { name: 'Spaghetti' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Spaghetti to cart' })).toBeNull());
  });

  it('adds one unit from the warehouse that priced the card', async () => {
    renderCard(productOf());
    await userEvent.click(await screen.findByRole('button', { name: 'Add Spaghetti to cart' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/cart/quote')).toHaveLength(1);
    expect(storedCart()).toEqual([expect.objectContaining({ item_type: 'product', product_id: '5e0cf4d0-7811-4243-b3a3-83ba995757e9', warehouse_id: warehouseId, quantity: 1 })]);
  });

  it('keeps the keyboard on the card: adding focuses the stepper that replaces the button, taking the last one off focuses the button again', async () => {
    const user = userEvent.setup();
    renderCard(productOf());
    const add = await screen.findByRole('button', { name: 'Add Spaghetti to cart' });
    add.focus();
    await user.keyboard('{Enter}');
    const increase = await screen.findByRole('button', { name: 'Increase quantity of Spaghetti' });
    await waitFor(() => expect(increase).toHaveFocus());

    const decrease = screen.getByRole('button', { name: 'Decrease quantity of Spaghetti' });
    decrease.focus();
    await user.keyboard('{Enter}');
    const addAgain = await screen.findByRole('button', { name: 'Add Spaghetti to cart' });
    await waitFor(() => expect(addAgain).toHaveFocus());
    expect(storedCart()).toEqual([]);
  });

  it('shows the name as a link to the product, brand · unit, the price and an image with alt text', async () => {
    renderCard(productOf());
    expect(await screen.findByRole('link', { name: 'Spaghetti' })).toHaveAttribute('href', '/product/5e0cf4d0-7811-4243-b3a3-83ba995757e9');
    expect(screen.getByText('Barilla · 16 oz')).toBeInTheDocument();
    expect(screen.getByText('$1.99')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spaghetti' })).toHaveAttribute('src', '/api/media/products/PAN-PASRIC-001.svg');
  });

  it('shows only the unit for a product without a brand, with no stray separator', async () => {
    renderCard(productOf({ brand: '' }));
    expect(await screen.findByText('16 oz')).toBeInTheDocument();
    expect(screen.queryByText(/·/)).toBeNull();
  });

  it('cannot be added when out of stock', async () => {
    renderCard(productOf({ inStock: false, stockQuantity: 0 }));
    const button = await screen.findByRole('button', { name: 'Add Spaghetti to cart' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    await userEvent.click(button);
    expect(api.requestsTo('POST /api/cart/quote')).toEqual([]);
    expect(storedCart()).toEqual([]);
  });

  it('is busy while an add is in flight', async () => {
    const quote = api.holdNext('POST /api/cart/quote');
    renderCard(productOf());
    const button = await screen.findByRole('button', { name: 'Add Spaghetti to cart' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    quote.release();
    // Once added, the card holds the line's stepper instead.
    expect(await screen.findByRole('spinbutton', { name: 'Quantity of Spaghetti in cart' })).toHaveValue(1);
    expect(button).not.toBeInTheDocument();
    expect(storedCart()).toHaveLength(1);
  });

  it('shows a buy-X-get-Y badge when the product has an offer', async () => {
    renderCard(productOf({ bogo: { id: 'f4fc793e-5a1b-4ab9-9a04-938b3d77e076', name: 'Buy 2 Get 1 Free Barilla Spaghetti', buyQuantity: 2, getQuantity: 1 } }));
    expect(await screen.findByText('Buy 2 get 1')).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
  });

  it('shows a quantity stepper instead of Add once the item is in the cart, and changes the line from it', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([{ id: 'a', cart_id: 'local', product_id: productOf().id, warehouse_id: warehouseId, quantity: 2, item_type: 'product' }]));
    renderCard(productOf());
    const field = await screen.findByRole('spinbutton', { name: 'Quantity of Spaghetti in cart' });
    expect(field).toHaveValue(2);
    expect(screen.queryByRole('button', { name: 'Add Spaghetti to cart' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Spaghetti' }));
    await waitFor(() => expect(storedCart()).toEqual([expect.objectContaining({ id: 'a', quantity: 3 })]));
    expect(await screen.findByRole('spinbutton', { name: 'Quantity of Spaghetti in cart' })).toHaveValue(3);
  });

  it('goes back to Add when the stepper takes the last one out', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([{ id: 'a', cart_id: 'local', product_id: productOf().id, warehouse_id: warehouseId, quantity: 1, item_type: 'product' }]));
    renderCard(productOf());
    await userEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Spaghetti' }));
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    expect(storedCart()).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Add Spaghetti to cart' })).toBeEnabled();
  });

  it('turns Add into the stepper after adding', async () => {
    renderCard(productOf());
    await userEvent.click(await screen.findByRole('button', { name: 'Add Spaghetti to cart' }));
    expect(await screen.findByRole('spinbutton', { name: 'Quantity of Spaghetti in cart' })).toHaveValue(1);
  });
});

describe('ProductGrid', () => {
  const products = Array.from({ length: 10 }, (_, index) =>
    productOf({ id: `5e0cf4d0-7811-4243-b3a3-83ba9957${String(index).padStart(4, '0')}`, name: `Pasta ${index + 1}` }),
  );
  let idleCallbacks: (() => void)[] = [];
  const browserIdle = () => {
    const callbacks = idleCallbacks;
    idleCallbacks = [];
    for (const callback of callbacks) callback();
  };
  const names = () => within(screen.getByRole('list', { name: 'Products' })).queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

  beforeEach(() => {
    api = createFakeApi();
    localStorage.clear();
    FakeIntersectionObserver.instances = [];
    idleCallbacks = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => {
    // Unmounted while the stand-ins are there: its effects cancel their idle callback.
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderGrid = () =>
    renderApp(<ProductGrid label="Products" products={products} warehouseId={warehouseId} urgentImages={2} eagerCount={4} />, { api });

  it('renders its first cards with the page, the rest a few at a time while the browser is idle', async () => {
    renderGrid();
    expect(names()).toEqual(products.slice(0, 4).map((product) => product.name));
    await act(async () => browserIdle());
    expect(names()).toEqual(products.slice(0, 8).map((product) => product.name));
    await act(async () => browserIdle());
    expect(names()).toEqual(products.map((product) => product.name));
  });

  it('renders every card once its end nears the screen, or the keyboard enters it', async () => {
    renderGrid();
    await act(async () => FakeIntersectionObserver.scrollNear());
    expect(names()).toHaveLength(10);

    FakeIntersectionObserver.instances = [];
    renderGrid().unmount();
    const { container } = renderGrid();
    expect(within(container).getAllByRole('article')).toHaveLength(4);
    await act(async () => within(container).getAllByRole('link')[0]!.focus());
    expect(within(container).getAllByRole('article')).toHaveLength(10);
  });

  it('asks for the first pictures first and at once, and leaves the others to load when near', () => {
    renderGrid();
    const pictures = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('img');
    expect(pictures.map((picture) => [picture.getAttribute('fetchpriority'), picture.getAttribute('loading')])).toEqual([
      ['high', 'eager'],
      ['high', 'eager'],
      [null, 'lazy'],
      [null, 'lazy'],
    ]);
  });
});
