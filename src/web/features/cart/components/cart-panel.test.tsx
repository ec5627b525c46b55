import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { copy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aBundle, aGuestLine, aProduct, georgetownId, jerseyCityId, testId } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { useCart } from '../use-cart';
import { CartPanel } from './cart-panel';
import { NoCartNotice } from './no-cart-notice';

let api: FakeApi;

describe('CartPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
  });
  afterEach(() => localStorage.clear());

  it('shows every line the server took, says which one it dropped, and shows the cap where it stops "+"', async () => {
    const bananas = aProduct(10, { name: 'Bananas', price: 49, stockQuantity: 500 });
    // Sold in Jersey City only: the guest's line asks for it from Georgetown.
    const dragonFruit = aProduct(11, { name: 'Dragon Fruit', warehouseId: jerseyCityId });
    const apples = aProduct(12, { name: 'Gala Apples', price: 49 });
    api.data.products.push(bananas, dragonFruit, apples);
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 99), aGuestLine('b', { ...dragonFruit, warehouseId: georgetownId }, 1), aGuestLine('c', apples, 2)]));
    renderApp(<CartPanel />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 101 items' }));

    const items = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(items).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Bananas', 'Gala Apples']);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(copy.cart.notKeptTitle);
    expect(notice).toHaveTextContent('Dragon Fruit was removed: This item is not available.');

    const increase = screen.getByRole('button', { name: 'Increase quantity of Bananas' });
    expect(increase).toBeDisabled();
    expect(increase).toHaveAccessibleDescription('Max 99');
    expect(screen.getByRole('button', { name: 'Increase quantity of Gala Apples' })).toBeEnabled();
    expect(api.requestsTo('POST /api/cart/quote')[0]?.body).toEqual({
      items: [
        { id: 'a', itemType: 'product', productId: bananas.id, warehouseId: georgetownId, quantity: 99 },
        { id: 'b', itemType: 'product', productId: dragonFruit.id, warehouseId: georgetownId, quantity: 1 },
        { id: 'c', itemType: 'product', productId: apples.id, warehouseId: georgetownId, quantity: 2 },
      ],
    });
  });

  it('is not there for staff, who have no cart', async () => {
    // The kitchen menu shows both: the note stands where the cart would be.
    renderApp(
      <>
        <CartPanel />
        <NoCartNotice />
      </>,
      { api, user: 'manager' },
    );
    expect(await screen.findByRole('note')).toHaveTextContent(copy.cart.staffNoCart);
    expect(screen.queryByRole('button', { name: copy.header.cart })).toBeNull();
    expect(api.requests.filter((request) => request.path.startsWith('/api/cart'))).toEqual([]);
  });

  it('names its count on the cart button and opens with focus on its title, not on a control that removes an item', async () => {
    const bananas = aProduct(10, { name: 'Bananas' });
    api.data.products.push(bananas);
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 3)]));
    renderApp(<CartPanel />, { api });
    const button = await screen.findByRole('button', { name: 'Cart, 3 items' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: copy.header.cart });
    await within(dialog).findByRole('listitem', { name: 'Bananas' });
    expect(within(dialog).getByRole('heading', { name: copy.header.cart })).toHaveFocus();
    // Closed, it gives focus back to the button that opened it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('puts Clear Cart at the top, away from Checkout, and Undo in its toast puts a guest\'s lines back', async () => {
    const bananas = aProduct(10, { name: 'Bananas' });
    const apples = aProduct(12, { name: 'Gala Apples' });
    api.data.products.push(bananas, apples);
    const lines = [aGuestLine('a', bananas, 2), aGuestLine('c', apples, 1)];
    localStorage.setItem('groc_cart', JSON.stringify(lines));
    const { router } = renderApp(<CartPanel />, { api, path: '/products', route: '*' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 3 items' }));
    const dialog = await screen.findByRole('dialog', { name: copy.header.cart });
    const clear = await within(dialog).findByRole('button', { name: copy.cart.clearCart });
    const checkout = within(dialog).getByRole('button', { name: copy.cart.checkout });
    // The header's, before the lines; Checkout ends the panel.
    expect(clear.compareDocumentPosition(within(dialog).getByRole('list', { name: 'Cart items' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(checkout.parentElement).not.toContainElement(clear);

    await userEvent.click(clear);
    const toastTitle = await screen.findByText(copy.cart.cleared);
    expect(localStorage.getItem('groc_cart')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    const toastElement = toastTitle.closest('[data-sonner-toast]') as HTMLElement;
    // A toast's own pointer handling needs a real browser: a plain click stands for the tap.
    fireEvent.click(within(toastElement).getByRole('button', { name: copy.cart.undo }));
    expect(await screen.findByText(copy.cart.restored)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('groc_cart') ?? '[]')).toEqual([
      expect.objectContaining({ id: 'a', product_id: bananas.id, quantity: 2 }),
      expect.objectContaining({ id: 'c', product_id: apples.id, quantity: 1 }),
    ]);
    expect(await screen.findByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it("Undo puts a customer's server lines back through the server", async () => {
    const bananas = aProduct(10, { name: 'Bananas' });
    const bundle = aBundle(90, { name: 'Taco Night Kit' });
    api.data.products.push(bananas);
    api.data.bundles.push(bundle);
    const { user } = renderApp(<CartPanel />, { api, user: 'customer' });
    api.fillCart(user!, [
      { itemType: 'product', productId: bananas.id, warehouseId: georgetownId, quantity: 4 },
      { itemType: 'bundle', bundleId: bundle.id, warehouseId: georgetownId, quantity: 1 },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 5 items' }));
    await userEvent.click(await screen.findByRole('button', { name: copy.cart.clearCart }));
    const toastTitle = await screen.findByText(copy.cart.cleared);
    expect(api.cartOf(user!).items).toEqual([]);
    fireEvent.click(within(toastTitle.closest('[data-sonner-toast]') as HTMLElement).getByRole('button', { name: copy.cart.undo }));
    expect(await screen.findByText(copy.cart.restored)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/cart/merge')[0]?.body).toEqual({
      items: [
        { itemType: 'product', productId: bananas.id, warehouseId: georgetownId, quantity: 4 },
        { itemType: 'bundle', bundleId: bundle.id, warehouseId: georgetownId, quantity: 1 },
      ],
    });
    expect(api.cartOf(user!).items.map((line) => [line.name, line.quantity])).toEqual([
      ['Bananas', 4],
      ['Taco Night Kit', 1],
    ]);
    expect(await screen.findByRole('button', { name: 'Cart, 5 items' })).toBeInTheDocument();
  });

  it('leads an empty cart back to the products, closing the panel', async () => {
    const { router } = renderApp(<CartPanel />, { api, path: '/checkout' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart' }));
    const dialog = await screen.findByRole('dialog', { name: copy.header.cart });
    expect(within(dialog).getByText(copy.cart.empty)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: copy.cart.clearCart })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: copy.cart.continueShopping }));
    expect(router.state.location.pathname).toBe('/products');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("leads an empty cart from a kitchen's menu back to the kitchens", async () => {
    const { router } = renderApp(<CartPanel />, { api, path: '/cloud-kitchen/abc/menu' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart' }));
    await userEvent.click(await screen.findByRole('button', { name: copy.cart.browseKitchens }));
    expect(router.state.location.pathname).toBe('/cloud-kitchens');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what discounts, bundles and deals save, from the prices the server gave', async () => {
    // 10 % off from 5: 5 × (899 − 809) = 450 saved; the bundle saves 1200 − 1000 = 200.
    const steak = aProduct(10, { name: 'Ribeye', price: 899, discountTiers: [{ minQuantity: 5, percentage: 10, scope: 'product' }] });
    const bundle = aBundle(90, { name: 'Taco Night Kit', price: 1000, originalPrice: 1200 });
    api.data.products.push(steak);
    api.data.bundles.push(bundle);
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', steak, 5), { ...aGuestLine('b', steak, 1), product_id: null, bundle_id: bundle.id, item_type: 'bundle' }]));
    renderApp(<CartPanel />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 6 items' }));
    expect(await screen.findByTestId('cart-savings')).toHaveTextContent('$6.50');
    expect(screen.getByText(copy.cart.youSave)).toBeInTheDocument();
  });

  it('shows no savings line when nothing is discounted', async () => {
    const bananas = aProduct(10, { name: 'Bananas' });
    api.data.products.push(bananas);
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 2)]));
    renderApp(<CartPanel />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 2 items' }));
    await screen.findByRole('listitem', { name: 'Bananas' });
    expect(screen.queryByText(copy.cart.youSave)).toBeNull();
  });

  it('keeps the keyboard on a line while the cart updates, and gives the title the focus once a line is removed', async () => {
    const bananas = aProduct(10, { name: 'Bananas' });
    const apples = aProduct(11, { name: 'Apples' });
    api.data.products.push(bananas, apples);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on(
      'PATCH /api/cart/items/:id',
      async (request) => {
        await answered;
        return api.respond(request);
      },
      { times: 1 },
    );
    const user = userEvent.setup();
    const { user: customer } = renderApp(<CartPanel />, { api, user: 'customer' });
    api.fillCart(customer!, [
      { itemType: 'product', productId: bananas.id, warehouseId: georgetownId, quantity: 2 },
      { itemType: 'product', productId: apples.id, warehouseId: georgetownId, quantity: 1 },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Cart, 3 items' }));
    const dialog = await screen.findByRole('dialog', { name: copy.header.cart });
    const increase = await within(dialog).findByRole('button', { name: 'Increase quantity of Bananas' });

    increase.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(increase).toHaveAttribute('aria-disabled', 'true'));
    // A disabled button loses the focus in the browser: these stay enabled and say they are busy.
    expect(increase).toBeEnabled();
    expect(increase).toHaveFocus();
    answer();
    await waitFor(() => expect(increase).not.toHaveAttribute('aria-disabled'));
    expect(increase).toHaveFocus();

    within(dialog).getByRole('button', { name: 'Remove Apples' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Apples' })).toBeNull());
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: copy.header.cart })).toHaveFocus());
  });

  it('gives the steppers and remove button 44 px on phones', async () => {
    const bananas = aProduct(10, { name: 'Bananas' });
    api.data.products.push(bananas);
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', bananas, 2)]));
    renderApp(<CartPanel />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Cart, 2 items' }));
    for (const name of ['Decrease quantity of Bananas', 'Increase quantity of Bananas', 'Remove Bananas']) {
      expect(await screen.findByRole('button', { name })).toHaveClass('size-11', 'sm:size-7');
    }
  });
});

/** A page's add button beside the cart, as a product card would be. */
function AddBananas({ productId }: { productId: string }) {
  const { addItem } = useCart();
  return (
    <>
      <button type="button" onClick={() => void addItem({ itemType: 'product', productId, warehouseId: georgetownId, quantity: 1 })}>
        Add Bananas
      </button>
      <CartPanel />
    </>
  );
}

describe('the mixing refusal', () => {
  /** A guest's cart holding one dish, and Bananas in the catalog. */
  function bananasBesideAKitchenCart() {
    const bananas = aProduct(10, { name: 'Bananas' });
    api.data.products.push(bananas);
    localStorage.setItem(
      'groc_cart',
      JSON.stringify([{ id: 'k', cart_id: 'local', cloud_kitchen_product_id: testId(8, 101), quantity: 1, item_type: 'cloud_kitchen', warehouse_id: null }]),
    );
    return bananas;
  }

  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
  });
  afterEach(() => localStorage.clear());

  it("clears a kitchen cart from the refusal's Clear Cart and then adds the grocery item tapped", async () => {
    const bananas = bananasBesideAKitchenCart();
    renderApp(<AddBananas productId={bananas.id} />, { api });
    await screen.findByRole('button', { name: 'Cart, 1 item' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Bananas' }));
    const refusal = await screen.findByText(copy.cart.kitchenItemsBlockGrocery);
    fireEvent.click(within(refusal.closest('[data-sonner-toast]') as HTMLElement).getByRole('button', { name: copy.cart.clearCart }));
    expect(await screen.findByText(copy.cart.added)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('groc_cart') ?? '[]')).toEqual([expect.objectContaining({ item_type: 'product', product_id: bananas.id, quantity: 1 })]);
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('on a phone, lifts the refusal above the open panel\'s totals and Checkout, and lets it down again once the panel closes', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal('matchMedia', phone);
    onTestFinished(() => void vi.unstubAllGlobals());
    // jsdom lays nothing out: the footer stands 300 px tall at the bottom of the screen.
    const layout = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return new DOMRect(0, this.matches('[role=dialog] .border-t') ? window.innerHeight - 300 : 0, 390, 300);
    });
    onTestFinished(() => layout.mockRestore());
    const bananas = bananasBesideAKitchenCart();
    renderApp(<AddBananas productId={bananas.id} />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Bananas' }));
    await screen.findByText(copy.cart.kitchenItemsBlockGrocery);
    const toaster = () => document.querySelector<HTMLElement>('[data-sonner-toaster]')?.style.getPropertyValue('--mobile-offset-bottom');
    expect(toaster()).toBe('calc(4.5rem + env(safe-area-inset-bottom))');

    await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    await screen.findByRole('button', { name: copy.cart.checkout });
    await waitFor(() => expect(toaster()).toBe('calc(300px + 0.75rem)'));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toaster()).toBe('calc(4.5rem + env(safe-area-inset-bottom))');
  });
});
