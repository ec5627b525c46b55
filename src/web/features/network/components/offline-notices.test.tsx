import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/web/app/router';
import { createFakeApi, passOn, type FakeApi } from '@/web/test/fake-api';
import { anOrder, aProduct, aUser, type FakeUser } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';

let api: FakeApi;
let customer: FakeUser;

/** The browser's own idea of the connection, as a reload while offline leaves it. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
}

function comeBackOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('pages while offline', () => {
  beforeEach(() => {
    localStorage.clear();
    api = createFakeApi();
    customer = aUser('customer');
    api.data.products = [aProduct(1, { name: 'Brie de Meaux' }), aProduct(2, { name: 'Sourdough' })];
  });
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('shows the catalog from whatever answers (the saved copy offline) and says the results are saved ones', async () => {
    goOffline();
    renderApp(routes, { api, path: '/products' });

    expect(await screen.findByText('Brie de Meaux')).toBeInTheDocument();
    expect(screen.getByText('Showing saved results — you are offline')).toBeInTheDocument();
  });

  it('offline, a search this device never saved says so, rather than showing the earlier results under its words', async () => {
    const { queryClient } = renderApp(routes, { api, path: '/products' });
    // The app's retries: offline, a failed read waits for the connection instead of failing.
    queryClient.setQueryDefaults(['products'], { retry: 1 });
    expect(await screen.findByText('Sourdough')).toBeInTheDocument();
    // The service worker holds no answer for this search: offline, its request fails.
    let offline = true;
    api.on('GET /api/products', ({ query }) => {
      if (offline && query.get('q')) throw new TypeError('Failed to fetch');
      return passOn;
    });
    goOffline();
    await userEvent.type(screen.getByLabelText('Search products'), 'brie{Enter}');

    expect(await screen.findByRole('heading', { name: 'Not saved for offline use' })).toBeInTheDocument();
    expect(screen.queryByText('Sourdough')).not.toBeInTheDocument();
    expect(screen.queryByText(/2 products/)).not.toBeInTheDocument();

    offline = false;
    comeBackOnline();
    // The paused read goes out once the connection is back, after the retry's wait.
    expect(await screen.findByText('Brie de Meaux', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^1 product/ })).toBeInTheDocument();
    expect(screen.queryByText('Sourdough')).not.toBeInTheDocument();
  });

  it('says nothing about saved results while online', async () => {
    renderApp(routes, { api, path: '/products' });

    expect(await screen.findByText('Brie de Meaux')).toBeInTheDocument();
    expect(screen.queryByText('Showing saved results — you are offline')).not.toBeInTheDocument();
  });

  it("never shows a signed-in customer's orders offline, and loads them once the connection is back", async () => {
    const order = orderFakes(api).add(anOrder(1), customer);
    goOffline();
    renderApp(routes, { api, path: '/orders', user: customer });

    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(screen.queryByText(order.orderNumber)).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/orders')).toHaveLength(0);

    comeBackOnline();
    expect(await screen.findByText(order.orderNumber)).toBeInTheDocument();
  });

  it("says at once that a signed-in customer's add to cart needs a connection, and adds nothing once it is back", async () => {
    renderApp(routes, { api, path: '/products', user: customer });
    const add = await screen.findByRole('button', { name: 'Add Brie de Meaux to cart' });
    goOffline();
    // What the browser does with a request while offline.
    api.on('POST /api/cart/items', () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(add);

    expect(await screen.findByText('Failed to add item to cart')).toBeInTheDocument();
    expect(screen.getByText('Connection issue detected. Please check your internet connection and try again.')).toBeInTheDocument();
    const tried = api.requestsTo('POST /api/cart/items').length;
    expect(tried).toBe(1);
    comeBackOnline();
    // Nothing was left waiting to be sent when the connection returned.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('POST /api/cart/items')).toHaveLength(tried);
  });

  it('keeps the signed-in header of a customer who opens the app offline, and grants nothing more; back online, the session takes over', async () => {
    const order = orderFakes(api).add(anOrder(1), customer);
    // An earlier visit, online.
    const earlier = renderApp(routes, { api, path: '/products', user: customer });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    earlier.unmount();

    goOffline();
    const { router } = renderApp(routes, { api, path: '/products', user: customer });
    expect(await screen.findByText('Brie de Meaux')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('customer@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Casey Doe')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/auth/get-session')).toHaveLength(1);
    // Its pages still need the server to say who is signed in.
    await userEvent.click(screen.getByRole('menuitem', { name: 'My Orders' }));
    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.queryByText(order.orderNumber)).not.toBeInTheDocument();

    comeBackOnline();
    expect(await screen.findByText(order.orderNumber)).toBeInTheDocument();
    // Online, the warehouse check's dialog opens over the page (hiding the header from the accessibility tree).
    expect(screen.getByRole('button', { name: 'Account menu', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In', hidden: true })).not.toBeInTheDocument();
  });

  it('shows Sign In once back online when the session ended meanwhile, and forgets the account', async () => {
    const earlier = renderApp(routes, { api, path: '/products', user: customer });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    earlier.unmount();
    expect(localStorage.getItem('signedInAccount')).not.toBeNull();

    api.signOut();
    goOffline();
    renderApp(routes, { api, path: '/products' });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();

    comeBackOnline();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(localStorage.getItem('signedInAccount')).toBeNull();
  });

  it('keeps the signed-in header when the server cannot be reached though the browser says it is online', async () => {
    const earlier = renderApp(routes, { api, path: '/products', user: customer });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    earlier.unmount();

    // What the browser does with a request to a server it cannot reach.
    api.on('GET /api/auth/get-session', () => {
      throw new TypeError('Failed to fetch');
    });
    const sessionReads = api.requestsTo('GET /api/auth/get-session').length;
    renderApp(routes, { api, path: '/products', user: customer });
    expect(await screen.findByText('Brie de Meaux')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET /api/auth/get-session').length).toBeGreaterThan(sessionReads));
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    // Nor does a page that needs the session send the customer to sign in.
    await userEvent.click(screen.getAllByRole('link', { name: 'Recent' })[0]!);
    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
  });

  it('keeps a visitor whose session cannot be checked on the page, saying it needs a connection, instead of sending them to sign in', async () => {
    goOffline();
    renderApp(routes, { api, path: '/orders' });

    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /sign in/i })).not.toBeInTheDocument();
  });
});
