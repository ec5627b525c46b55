import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@/shared/contracts/catalog';
import { copy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aGuestLine, aProduct } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { CartPanel } from './components/cart-panel';
import { useCart } from './use-cart';

let api: FakeApi;
let bananas: ProductDetail;
let carrots: ProductDetail;

/**
 * What a shopper does with the cart from a page: add a quantity of a product, or set a line to a typed
 * quantity, through the real cart, beside the header's cart button.
 */
function Shopper({ adds, setTo }: { adds: [ProductDetail, number][]; setTo?: number }) {
  const { cart, addItem, setQuantity } = useCart();
  const first = cart?.items[0];
  return (
    <>
      {adds.map(([product, quantity]) => (
        <button key={`${product.id}-${quantity}`} type="button" onClick={() => addItem({ itemType: 'product', productId: product.id, warehouseId: product.warehouseId, quantity })}>
          Add {quantity} {product.name}
        </button>
      ))}
      {setTo !== undefined && first ? (
        <button type="button" onClick={() => setQuantity(first, setTo)}>
          Set {first.name} to {setTo}
        </button>
      ) : null}
      <CartPanel />
    </>
  );
}

/** One product card's add button: each card has its own `useCart`, as on a product list. */
function AddButton({ product }: { product: ProductDetail }) {
  const { addItem } = useCart();
  return (
    <button type="button" onClick={() => addItem({ itemType: 'product', productId: product.id, warehouseId: product.warehouseId, quantity: 1 })}>
      Add {product.name}
    </button>
  );
}

/** The toast whose title is `title`, once it shows. */
async function toastTitled(title: string) {
  const shown = await screen.findByText(title);
  return shown.closest('[data-sonner-toast]') as HTMLElement;
}

const storedCart = () => localStorage.getItem('groc_cart');
const cartCount = () => screen.getByTestId('cart-count').textContent;

describe("a guest's cart", () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    bananas = aProduct(10, { name: 'Bananas', unit: '1 lb', price: 49, stockQuantity: 500 });
    carrots = aProduct(11, { name: 'Baby Carrots', unit: '1 lb', price: 149, stockQuantity: 3 });
    api.data.products.push(bananas, carrots);
  });
  afterEach(() => localStorage.clear());

  it('keeps both of two quick adds from two cards, even while the first is still being priced', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('POST /api/cart/quote', async (request) => {
      await held;
      return api.respond(request);
    });
    renderApp(
      <>
        <AddButton product={bananas} />
        <AddButton product={carrots} />
      </>,
      { api },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Bananas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Baby Carrots' }));
    release();
    await waitFor(() => expect(screen.getAllByText(copy.cart.added)).toHaveLength(2));
    const stored = JSON.parse(storedCart() ?? '[]') as { product_id: string; quantity: number }[];
    expect(stored.map(({ product_id, quantity }) => [product_id, quantity])).toEqual([
      [bananas.id, 1],
      [carrots.id, 1],
    ]);
  });

  it('never stores a quantity above the cap: one more at 99 is refused and the cart stays as it was', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 99)]));
    const before = storedCart();
    renderApp(<Shopper adds={[[bananas, 1]]} setTo={100} />, { api });
    await waitFor(() => expect(cartCount()).toBe('99'));
    const quotes = api.requestsTo('POST /api/cart/quote').length;

    await userEvent.click(screen.getByRole('button', { name: 'Add 1 Bananas' }));
    expect(await toastTitled(copy.cart.addFailed)).toHaveTextContent(copy.cart.quantityLimit);
    expect(storedCart()).toBe(before);
    // Refused before the server is asked.
    expect(api.requestsTo('POST /api/cart/quote')).toHaveLength(quotes);

    await userEvent.click(await screen.findByRole('button', { name: 'Set Bananas to 100' }));
    expect(await toastTitled(copy.cart.updateFailed)).toHaveTextContent(copy.cart.quantityLimit);
    expect(storedCart()).toBe(before);
    expect(cartCount()).toBe('99');
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 99 items' }));
    const line = await screen.findByRole('listitem', { name: 'Bananas' });
    expect(within(line).getByLabelText('Quantity')).toHaveTextContent('99');
  });

  it('does not store an add the server limits to the stock', async () => {
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 2)]));
    const before = storedCart();
    renderApp(
      <Shopper
        adds={[
          [carrots, 5],
          [carrots, 3],
        ]}
      />,
      { api },
    );
    await waitFor(() => expect(cartCount()).toBe('2'));

    await userEvent.click(screen.getByRole('button', { name: 'Add 5 Baby Carrots' }));
    expect(await toastTitled(copy.cart.addFailed)).toHaveTextContent('Only 3 left in stock.');
    expect(storedCart()).toBe(before);
    // The server was asked to price the cart with the five carrots, and took three.
    const asked = api.requestsTo('POST /api/cart/quote').at(-1)?.body as { items: { id: string }[] };
    const refusedId = asked.items[1]!.id;
    expect(asked).toEqual({
      items: [
        { id: 'a', itemType: 'product', productId: bananas.id, warehouseId: bananas.warehouseId, quantity: 2 },
        { id: refusedId, itemType: 'product', productId: carrots.id, warehouseId: carrots.warehouseId, quantity: 5 },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add 3 Baby Carrots' }));
    expect(await screen.findByText(copy.cart.added)).toBeInTheDocument();
    const stored = JSON.parse(storedCart()!) as { id: string }[];
    expect(stored).toEqual([aGuestLine('a', bananas, 2), aGuestLine(stored[1]!.id, carrots, 3)]);
    expect(stored[1]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(cartCount()).toBe('5'));
  });
});

describe("a customer's cart", () => {
  beforeEach(() => {
    api = createFakeApi();
    bananas = aProduct(10, { name: 'Bananas', unit: '1 lb', price: 49, stockQuantity: 500 });
    api.data.products.push(bananas);
  });

  it('keeps an add when a read of the cart sent before it answers after it', async () => {
    // The cart is read as soon as the customer is known; on a slow network its answer, the cart
    // without the item, can arrive after the add's.
    const staleRead = api.holdNext('GET /api/cart');
    const { queryClient, user } = renderApp(<Shopper adds={[[bananas, 1]]} />, { api, user: 'customer' });
    await waitFor(() => expect(api.requestsTo('GET /api/cart')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Add 1 Bananas' }));
    expect(await screen.findByText(copy.cart.added)).toBeInTheDocument();
    expect((staleRead.answered() as { items: unknown[] }).items).toEqual([]);
    staleRead.release();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(queryClient.getQueryData(['cart'])).toEqual(api.cartOf(user!));
    expect(cartCount()).toBe('1');
  });

  it('adds what was tapped before the session was known, once it is', async () => {
    // A product list can show before the session and profile answer (a slow phone, a busy server):
    // the tap waits for them and goes to the customer's cart, rather than failing.
    const profile = api.holdNext('GET /api/profile');
    const { queryClient, user } = renderApp(<Shopper adds={[[bananas, 1]]} />, { api, user: 'customer' });
    await waitFor(() => expect(api.requestsTo('GET /api/profile')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Add 1 Bananas' }));
    profile.release();

    expect(await screen.findByText(copy.cart.added)).toBeInTheDocument();
    expect(screen.queryByText(copy.cart.addFailed)).toBeNull();
    await waitFor(() => expect(cartCount()).toBe('1'));
    expect(queryClient.getQueryData(['cart'])).toEqual(api.cartOf(user!));
  });
});
