import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { copy } from '@/shared/copy';
import { createFakeApi } from '@/web/test/fake-api';
import { aGuestLine } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { NoCartNotice } from './no-cart-notice';

describe('NoCartNotice', () => {
  afterEach(() => localStorage.clear());

  it.each(['manager', 'admin', 'driver', 'support', 'cloud_kitchen'] as const)('tells a %s that orders are placed from a customer account', async (role) => {
    const { api } = renderApp(<NoCartNotice />, { user: role });
    expect(await screen.findByRole('note')).toHaveTextContent('Orders are placed from a customer account.');
    expect(copy.cart.staffNoCart).toBe('Orders are placed from a customer account.');
    // Staff have no cart to ask for.
    expect(api.requests.filter((request) => request.path.startsWith('/api/cart'))).toEqual([]);
  });

  it('says nothing to a customer', async () => {
    const { api } = renderApp(<NoCartNotice />, { user: 'customer' });
    // The customer's cart is asked for once the viewer is known to be a customer.
    await waitFor(() => expect(api.requestsTo('GET /api/cart')).toHaveLength(1));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says nothing to a guest', async () => {
    const api = createFakeApi();
    localStorage.setItem('groc_cart', JSON.stringify([aGuestLine('a', api.data.products[0]!, 1)]));
    renderApp(<NoCartNotice />, { api });
    // A guest's browser cart is priced once the visitor is known to be signed out.
    await waitFor(() => expect(api.requestsTo('POST /api/cart/quote')).toHaveLength(1));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
