import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@/shared/contracts/catalog';
import { ProductDetailPage } from '@/web/app/routes/shop/product-detail';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aBogoOffer, aProduct, georgetownId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';

let api: FakeApi;
let product: ProductDetail;

function renderAt(path: string, user?: 'customer') {
  return renderApp(<ProductDetailPage />, { api, path, route: path.startsWith('/products/') ? '/products/:id' : '/product/:id', user });
}

function storedCart() {
  return JSON.parse(localStorage.getItem('groc_cart') ?? '[]') as unknown[];
}

describe('ProductDetailPage', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    product = aProduct(1, {
      name: 'Boneless Skinless Chicken Breast',
      brand: 'Perdue',
      unit: '2 lb tray',
      images: ['/api/media/products/a.svg', '/api/media/products/b.svg'],
      shortDescription: 'Tender chicken breasts.',
      description: 'Raised cage-free.',
      price: 939,
      stockQuantity: 5,
      discountTiers: [{ minQuantity: 2, percentage: 10, scope: 'product' }],
    });
    const offer = aBogoOffer(1, product, { name: 'Buy 2 Get 1 Free Chicken' });
    product.bogo = { id: offer.id, name: offer.name, buyQuantity: 2, getQuantity: 1 };
    api.data.products = [product];
    api.data.bogoOffers = [offer];
    api.data.bundles = [];
  });

  it("is named after the product in the browser's tab", async () => {
    renderAt(`/product/${product.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Boneless Skinless Chicken Breast' })).toBeInTheDocument();
    expect(document.title).toBe('Boneless Skinless Chicken Breast — FreshCart');
  });

  it('keeps the keyboard on Add to cart while it adds, refusing a second press meanwhile', async () => {
    const quote = api.holdNext('POST /api/cart/quote');
    const user = userEvent.setup();
    renderAt(`/product/${product.id}`);
    expect(await screen.findByText('$18.78')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to cart' });
    add.focus();
    await user.keyboard('{Enter}');
    const adding = await screen.findByRole('button', { name: 'Adding…' });
    // A disabled button loses the focus in the browser: this one stays enabled and says it is busy.
    expect(adding).toBe(add);
    expect(adding).toBeEnabled();
    expect(adding).toHaveAttribute('aria-disabled', 'true');
    expect(adding).toHaveFocus();
    await user.keyboard('{Enter}');
    quote.release();
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toHaveFocus();
    expect(storedCart()).toEqual([expect.objectContaining({ product_id: product.id, quantity: 1 })]);
    expect(api.requestsTo('POST /api/cart/quote')).toHaveLength(1);
  });

  it('adds the chosen quantity to the guest cart, priced by the server', async () => {
    renderAt(`/products/${product.id}`);
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
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    // The browser keeps what was chosen, never a price: the server prices the guest cart.
    expect(storedCart()).toEqual([expect.objectContaining({ item_type: 'product', product_id: product.id, warehouse_id: georgetownId, quantity: 3 })]);
  });

  it("adds to a signed-in customer's server cart", async () => {
    const { user } = renderAt(`/product/${product.id}`, 'customer');
    await screen.findByText('$18.78');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(api.cartOf(user!).items).toEqual([expect.objectContaining({ productId: product.id, quantity: 1, unitPrice: 939 })]);
  });

  it('keeps the quantity within the stock', async () => {
    renderAt(`/product/${product.id}`);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(input);
    await userEvent.type(input, '40');
    await userEvent.tab();
    expect(input).toHaveValue(5);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  it('offers the buy-X-get-Y deal with its set price and its own add button', async () => {
    renderAt(`/product/${product.id}`);
    const callout = (await screen.findByRole('heading', { name: 'Buy 2 Get 1 Free Chicken' })).closest('section') as HTMLElement;
    expect(within(callout).getByText('Buy 2 get 1')).toBeInTheDocument();
    expect(await within(callout).findByText('$18.78')).toBeInTheDocument();
    await userEvent.click(within(callout).getByRole('button', { name: /Add offer/ }));
    expect(await screen.findByText('BOGO offer added to cart')).toBeInTheDocument();
    await waitFor(() => expect(storedCart()).toEqual([expect.objectContaining({ item_type: 'bogo', bogo_offer_id: product.bogo!.id, quantity: 1 })]));
  });

  it('cannot add a product that is out of stock', async () => {
    product.stockQuantity = 0;
    product.inStock = false;
    renderAt(`/product/${product.id}`);
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('shows a friendly not-found state when the warehouse does not sell it', async () => {
    api.data.products = [];
    renderAt(`/product/${product.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByText('This product is not sold by your warehouse.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
