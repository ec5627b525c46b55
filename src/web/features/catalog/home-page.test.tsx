import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { a11yCopy, copy } from '@/shared/copy';
import { HomePage } from '@/web/app/routes/shop/home';
import { beginLocationSession, recordPositionWarehouse, resetLocationState } from '@/web/features/locations/location-state';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aBogoOffer, aBundle, aKitchen, georgetownId, jerseyCityId, type FakeUser } from '@/web/test/fake-data';
import { expectToast, renderApp } from '@/web/test/render-app';

const item = { productId: '7efb8c56-41be-40f8-ad5d-0bb29c5ceaa6', name: 'Brioche Burger Buns', quantity: 2, image: null };
let api: FakeApi;

function storedCart() {
  return JSON.parse(localStorage.getItem('groc_cart') ?? '[]') as { item_type: string; bundle_id?: string; bogo_offer_id?: string; warehouse_id: string; quantity: number }[];
}

/** The customer's position is read after the page was drawn, and Jersey City serves it, as the header's check would find. */
function locationResolvesToJerseyCity(customer: FakeUser) {
  act(() => {
    beginLocationSession(customer.id);
    recordPositionWarehouse({ id: jerseyCityId, name: 'Jersey City', location: 'Jersey City, NJ' });
  });
}

describe('HomePage', () => {
  afterEach(() => {
    resetLocationState();
  });

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    api = createFakeApi();
    const spaghetti = api.data.products[0]!;
    api.data.bundles = [
      aBundle(1, { name: 'Backyard Burger Cookout', price: 3539, originalPrice: 4132, items: [item] }),
      aBundle(2, { name: 'Breakfast Basics', price: 2989, originalPrice: 3474, available: false, items: [item] }),
    ];
    api.data.bogoOffers = [aBogoOffer(1, spaghetti, { name: 'Buy 2 Get 1 Free Barilla Spaghetti' })];
    // Five kitchens around Georgetown, 1.5 mi apart going north; the second is closed.
    api.data.kitchens = [1, 2, 3, 4, 5].map((index) => aKitchen(index, { latitude: 30.6333 + (index * 1.5) / 69.05, longitude: -97.6779 }, index === 2 ? { openNow: false, opensNext: { inDays: 1, day: 1, time: '11:00' } } : {}));
  });

  it('lists what each bundle holds, item by item with its quantity', async () => {
    api.data.bundles[0]!.items = [item, { productId: api.data.products[1]!.id, name: 'Brie', quantity: 1, image: null }];
    renderApp(<HomePage />, { api });
    const contents = await screen.findByRole('list', { name: 'Includes Backyard Burger Cookout' });
    expect(within(contents).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual(['2 × Brioche Burger Buns', '1 × Brie']);
  });

  it('adds a bundle and an offer to the guest cart from the warehouse that priced the deals', async () => {
    renderApp(<HomePage />, { api });
    const bundle = (await screen.findByRole('heading', { name: 'Backyard Burger Cookout' })).closest('article') as HTMLElement;
    expect(within(bundle).getByText('2 × Brioche Burger Buns')).toBeInTheDocument();
    await userEvent.click(within(bundle).getByRole('button', { name: /Add bundle/ }));
    expect(await screen.findByText('Bundle added to cart')).toBeInTheDocument();
    expect(storedCart()).toEqual([expect.objectContaining({ item_type: 'bundle', bundle_id: api.data.bundles[0]!.id, warehouse_id: georgetownId, quantity: 1 })]);

    const offer = screen.getByRole('heading', { name: 'Buy 2 Get 1 Free Barilla Spaghetti' }).closest('article') as HTMLElement;
    expect(within(offer).getByText('Buy 2 get 1')).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: /Add offer/ }));
    expect(await screen.findByText('BOGO offer added to cart')).toBeInTheDocument();
    await waitFor(() => expect(storedCart()).toHaveLength(2));
    expect(storedCart()[1]).toEqual(expect.objectContaining({ item_type: 'bogo', bogo_offer_id: api.data.bogoOffers[0]!.id, warehouse_id: georgetownId, quantity: 1 }));
    // The server priced the would-be cart before it was stored.
    expect(api.requestsTo('POST /api/cart/quote').at(-1)?.body).toMatchObject({ items: [{ itemType: 'bundle' }, { itemType: 'bogo', warehouseId: georgetownId }] });
  });

  it('keeps the keyboard on a deal button while its deal is added, refusing a second press meanwhile', async () => {
    const quote = api.holdNext('POST /api/cart/quote');
    const user = userEvent.setup();
    renderApp(<HomePage />, { api });
    const bundle = (await screen.findByRole('heading', { name: 'Backyard Burger Cookout' })).closest('article') as HTMLElement;
    const add = within(bundle).getByRole('button', { name: /Add bundle/ });
    add.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(add).toHaveAttribute('aria-disabled', 'true'));
    // A disabled button loses the focus in the browser: this one stays enabled and says it is busy.
    expect(add).toBeEnabled();
    expect(add).toHaveFocus();
    await user.keyboard('{Enter}');
    quote.release();
    expect(await screen.findByText('Bundle added to cart')).toBeInTheDocument();
    await waitFor(() => expect(add).not.toHaveAttribute('aria-disabled'));
    expect(add).toHaveFocus();
    expect(storedCart()).toEqual([expect.objectContaining({ item_type: 'bundle', quantity: 1 })]);
  });

  it("adds to a signed-in customer's server cart", async () => {
    const { user } = renderApp(<HomePage />, { api, user: 'customer' });
    const bundle = (await screen.findByRole('heading', { name: 'Backyard Burger Cookout' })).closest('article') as HTMLElement;
    await userEvent.click(within(bundle).getByRole('button', { name: /Add bundle/ }));
    expect(await screen.findByText('Bundle added to cart')).toBeInTheDocument();
    expect(api.cartOf(user!).items).toEqual([expect.objectContaining({ itemType: 'bundle', bundleId: api.data.bundles[0]!.id, quantity: 1, unitPrice: 3539 })]);
    expect(localStorage.getItem('groc_cart')).toBeNull();
  });

  it("adds a deal tapped while the customer's location moves the deals to another warehouse from that warehouse", async () => {
    // Bundles are the same everywhere, each warehouse pricing its own.
    api.data.bundles.push({ ...api.data.bundles[0]!, warehouseId: jerseyCityId, price: 3799 });
    const { user: customer } = renderApp(<HomePage />, { api, user: 'customer' });
    const add = await screen.findByRole('button', { name: a11yCopy.addBundle('Backyard Burger Cookout') });
    const jerseyDeals = api.holdNext('GET /api/deals');
    const user = userEvent.setup();
    // The finger is down on Add when the location resolves; it lifts while Jersey City's deals are on their way.
    await user.pointer({ keys: '[MouseLeft>]', target: add });
    locationResolvesToJerseyCity(customer!);
    await waitFor(() => expect(api.requestsTo('GET /api/deals').at(-1)?.query.get('warehouseId')).toBe(jerseyCityId));
    expect(add).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: add });
    jerseyDeals.release();
    await expectToast('Bundle added to cart');
    expect(api.cartOf(customer!).items).toEqual([expect.objectContaining({ itemType: 'bundle', bundleId: api.data.bundles[0]!.id, warehouseId: jerseyCityId, unitPrice: 3799 })]);
  });

  it('says why a deal tapped as the location resolves is not added when the warehouse that delivers does not offer it', async () => {
    const { user: customer } = renderApp(<HomePage />, { api, user: 'customer' });
    const add = await screen.findByRole('button', { name: a11yCopy.addBundle('Backyard Burger Cookout') });
    const jerseyDeals = api.holdNext('GET /api/deals');
    locationResolvesToJerseyCity(customer!);
    await waitFor(() => expect(api.requestsTo('GET /api/deals').at(-1)?.query.get('warehouseId')).toBe(jerseyCityId));
    await userEvent.click(add);
    jerseyDeals.release();
    await expectToast('Failed to add bundle to cart');
    expect(screen.getByText(copy.catalog.dealNotOffered('Backyard Burger Cookout', 'Jersey City'))).toBeInTheDocument();
    expect(api.cartOf(customer!).items).toEqual([]);
  });

  it("dims the popular products while the customer's location moves the page to another warehouse, and adds one tapped meanwhile from there", async () => {
    const { user: customer } = renderApp(<HomePage />, { api, user: 'customer' });
    const popular = await screen.findByRole('list', { name: copy.home.popular });
    const add = within(popular).getByRole('button', { name: copy.catalog.addToCart('Spaghetti') });
    const jerseyProducts = api.holdNext('GET /api/products');
    const user = userEvent.setup();
    // The finger is down on Add when the location resolves; it lifts while Jersey City's products are on their way.
    await user.pointer({ keys: '[MouseLeft>]', target: add });
    locationResolvesToJerseyCity(customer!);
    await waitFor(() => expect(api.requestsTo('GET /api/products').at(-1)?.query.get('warehouseId')).toBe(jerseyCityId));
    await waitFor(() => expect(popular.parentElement).toHaveAttribute('aria-busy', 'true'));
    expect(add).toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: add });
    await expectToast(copy.cart.added);
    expect(api.cartOf(customer!).items).toEqual([expect.objectContaining({ itemType: 'product', productId: api.data.products[0]!.id, warehouseId: jerseyCityId, unitPrice: 249 })]);
    jerseyProducts.release();
    await waitFor(() => expect(screen.getByRole('list', { name: copy.home.popular }).parentElement).toHaveAttribute('aria-busy', 'false'));
  });

  it('says why a popular product tapped as the location resolves is not added when the warehouse that delivers does not sell it', async () => {
    const { user: customer } = renderApp(<HomePage />, { api, user: 'customer' });
    const popular = await screen.findByRole('list', { name: copy.home.popular });
    const add = within(popular).getByRole('button', { name: copy.catalog.addToCart('Brie') });
    const jerseyProducts = api.holdNext('GET /api/products');
    locationResolvesToJerseyCity(customer!);
    await waitFor(() => expect(api.requestsTo('GET /api/products').at(-1)?.query.get('warehouseId')).toBe(jerseyCityId));
    await userEvent.click(add);
    await expectToast(copy.cart.addFailed);
    expect(screen.getByText(copy.catalog.productNotOffered('Brie', 'Jersey City'))).toBeInTheDocument();
    expect(api.cartOf(customer!).items).toEqual([]);
    jerseyProducts.release();
  });

  it('disables a bundle the warehouse cannot make up', async () => {
    renderApp(<HomePage />, { api });
    const bundle = (await screen.findByRole('heading', { name: 'Breakfast Basics' })).closest('article') as HTMLElement;
    expect(within(bundle).getByRole('button', { name: /Add bundle/ })).toBeDisabled();
  });

  it('teases the first four cloud kitchens with their open state', async () => {
    renderApp(<HomePage />, { api });
    const list = await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByRole('link', { name: 'Kitchen 1' })).toHaveAttribute('href', `/cloud-kitchen/${api.data.kitchens[0]!.menu.kitchen.id}/menu`);
    expect(within(list).getAllByText('Open now')).toHaveLength(3);
    expect(within(list).getByText('Closed · Opens tomorrow at 11:00 AM')).toBeInTheDocument();
    expect(within(list).getByText('1.5 mi away')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all cloud kitchens' })).toHaveAttribute('href', '/cloud-kitchens');
  });

  it('names each deal button after its deal, so a list of them reads apart', async () => {
    renderApp(<HomePage />, { api });
    await screen.findByRole('heading', { name: 'Backyard Burger Cookout' });
    expect(screen.getByRole('button', { name: a11yCopy.addBundle('Backyard Burger Cookout') })).toBeEnabled();
    expect(screen.getByRole('button', { name: a11yCopy.addBundle('Breakfast Basics') })).toBeDisabled();
    expect(screen.getByRole('button', { name: a11yCopy.addOffer('Buy 2 Get 1 Free Barilla Spaghetti') })).toBeEnabled();
  });

  it('makes the category strip one tab stop that the arrow keys move along', async () => {
    renderApp(<HomePage />, { api });
    const strip = await screen.findByRole('toolbar', { name: copy.home.categories });
    const [first, second] = within(strip).getAllByRole('link');
    screen.getByRole('link', { name: copy.home.allCategories }).focus();
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    await userEvent.tab();
    // Out of the strip: no other category link is a stop of its own.
    expect(document.activeElement?.closest('[role=toolbar]')).toBeNull();
  });

  it('sends staff to their own home', async () => {
    const { router } = renderApp(<HomePage />, { api, user: 'manager' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager'));
  });
});
