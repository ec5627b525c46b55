import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import type { Role } from '@/shared/roles';
import { hasRole, ownsKitchen, RequireAuth } from './guards';

function profileOf(role: Role, kitchenId: string | null = null): Profile {
  return { id: 'p1', userId: 'u1', email: 'a@b.test', role, firstName: 'A', lastName: 'B', phone: null, referralCode: null, kitchenId };
}

function renderAt(path: string, viewer: Profile | null, allow?: (profile: Profile) => boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['session'], viewer ? { session: { id: 's', expiresAt: '' }, user: { id: 'u1', email: viewer.email, name: 'A B', emailVerified: true } } : null);
  if (viewer) queryClient.setQueryData(['profile'], viewer);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/auth', element: <p>auth page</p> },
      { element: <RequireAuth allow={allow} />, children: [{ path: '/private', element: <p>private page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => sessionStorage.clear());

  it('sends a signed-out visitor to /auth and remembers where they were going', async () => {
    renderAt('/private?x=1', null);
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/private?x=1');
  });

  it('sends a signed-in user of the wrong role to /', async () => {
    renderAt('/private', profileOf('customer'), hasRole('admin'));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('admits the listed role', async () => {
    renderAt('/private', profileOf('admin'), hasRole('admin'));
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });

  it('admits a kitchen owner to the kitchen dashboard whatever the role', async () => {
    renderAt('/private', profileOf('customer', 'k1'), ownsKitchen);
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });
});
