import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductCard as ProductCardData } from '@/shared/contracts/catalog';
import type { Role } from '@/shared/roles';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aProduct, georgetownId as warehouseId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { ProductCard } from './product-card';

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

  it('is disabled while an add is in flight', async () => {
    const quote = api.holdNext('POST /api/cart/quote');
    renderCard(productOf());
    const button = await screen.findByRole('button', { name: 'Add Spaghetti to cart' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
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
