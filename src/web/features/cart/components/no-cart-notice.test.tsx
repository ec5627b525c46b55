import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { copy } from '@/shared/copy';
import { NoCartNotice } from './no-cart-notice';

function renderAs(role: Profile['role'] | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['session'], role ? { session: { id: 's', expiresAt: '' }, user: { id: 'u', email: 'x@x.test', name: 'X', emailVerified: true } } : null);
  if (role) queryClient.setQueryData(['profile'], { id: 'p', userId: 'u', email: 'x@x.test', role, firstName: 'X', lastName: 'Y', phone: null, referralCode: null, kitchenId: null });
  render(
    <QueryClientProvider client={queryClient}>
      <NoCartNotice />
    </QueryClientProvider>,
  );
}

describe('NoCartNotice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(['manager', 'admin', 'driver', 'support', 'cloud_kitchen'] as const)('tells a %s that orders are placed from a customer account', (role) => {
    vi.stubGlobal('fetch', vi.fn());
    renderAs(role);
    expect(screen.getByRole('note')).toHaveTextContent('Orders are placed from a customer account.');
    expect(copy.cart.staffNoCart).toBe('Orders are placed from a customer account.');
  });

  it('says nothing to shoppers', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })));
    renderAs('customer');
    expect(screen.queryByRole('note')).toBeNull();
    renderAs(null);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
