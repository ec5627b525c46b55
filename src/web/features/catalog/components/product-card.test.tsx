import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductCard as ProductCardData } from '@/shared/contracts/catalog';
import type { CartMode } from '@/web/features/cart/use-cart';
import { ProductCard } from './product-card';

const cart = vi.hoisted(() => ({ addItem: vi.fn(), isAdding: false, mode: 'guest' as CartMode }));
vi.mock('@/web/features/cart/use-cart', () => ({ useCart: () => cart }));

const warehouseId = '1b693b13-ac93-45d6-9f2d-9f18d8b0d09a';

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

function renderCard(product: ProductCardData) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={product} warehouseId={warehouseId} /> }]);
  render(<RouterProvider router={router} />);
}

describe('ProductCard', () => {
  beforeEach(() => {
    cart.addItem.mockReset();
    cart.isAdding = false;
    cart.mode = 'guest';
  });

  it('has no add button for staff, who have no cart', () => {
    cart.mode = 'staff';
    renderCard(productOf());
    expect(screen.getByRole('link', { name: 'Spaghetti' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('adds one unit from the warehouse that priced the card', async () => {
    renderCard(productOf());
    await userEvent.click(screen.getByRole('button', { name: 'Add Spaghetti to cart' }));
    expect(cart.addItem).toHaveBeenCalledTimes(1);
    expect(cart.addItem).toHaveBeenCalledWith({ itemType: 'product', productId: '5e0cf4d0-7811-4243-b3a3-83ba995757e9', warehouseId, quantity: 1 });
  });

  it('shows the name as a link to the product, brand · unit, the price and an image with alt text', () => {
    renderCard(productOf());
    expect(screen.getByRole('link', { name: 'Spaghetti' })).toHaveAttribute('href', '/product/5e0cf4d0-7811-4243-b3a3-83ba995757e9');
    expect(screen.getByText('Barilla · 16 oz')).toBeInTheDocument();
    expect(screen.getByText('$1.99')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spaghetti' })).toHaveAttribute('src', '/api/media/products/PAN-PASRIC-001.svg');
  });

  it('cannot be added when out of stock', async () => {
    renderCard(productOf({ inStock: false, stockQuantity: 0 }));
    const button = screen.getByRole('button', { name: 'Add Spaghetti to cart' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    await userEvent.click(button);
    expect(cart.addItem).not.toHaveBeenCalled();
  });

  it('is disabled while an add is in flight', () => {
    cart.isAdding = true;
    renderCard(productOf());
    expect(screen.getByRole('button', { name: 'Add Spaghetti to cart' })).toBeDisabled();
  });

  it('shows a buy-X-get-Y badge when the product has an offer', () => {
    renderCard(productOf({ bogo: { id: 'f4fc793e-5a1b-4ab9-9a04-938b3d77e076', name: 'Buy 2 Get 1 Free Barilla Spaghetti', buyQuantity: 2, getQuantity: 1 } }));
    expect(screen.getByText('Buy 2 get 1')).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
  });
});
