import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/web/app/router';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
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

  it('keeps a visitor whose session cannot be checked on the page, saying it needs a connection, instead of sending them to sign in', async () => {
    goOffline();
    renderApp(routes, { api, path: '/orders' });

    expect(await screen.findByRole('heading', { name: 'This page needs a connection' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /sign in/i })).not.toBeInTheDocument();
  });
});
