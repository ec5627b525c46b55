import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import { apiError, createFakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';
import { hasRole, ownsKitchen, RequireAuth } from './guards';

function table(allow?: (profile: Profile) => boolean): RouteObject[] {
  return [
    { path: '/', element: <p>home page</p> },
    { path: '/auth', element: <p>auth page</p> },
    { element: <RequireAuth allow={allow} />, children: [{ path: '/private', element: <p>private page</p> }] },
  ];
}

describe('RequireAuth', () => {
  beforeEach(() => sessionStorage.clear());

  it('sends a signed-out visitor to /auth and remembers where they were going', async () => {
    renderApp(table(), { path: '/private?x=1' });
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/private?x=1');
  });

  it('sends a signed-in user of the wrong role to /', async () => {
    renderApp(table(hasRole('admin')), { path: '/private', user: 'customer' });
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('admits the listed role', async () => {
    renderApp(table(hasRole('admin')), { path: '/private', user: 'admin' });
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });

  it('admits a kitchen owner to the kitchen dashboard whatever the role', async () => {
    renderApp(table(ownsKitchen), { path: '/private', user: { role: 'customer', kitchenId: '00000007-0000-4000-8000-000000000001' } });
    expect(await screen.findByText('private page')).toBeInTheDocument();
  });

  it('treats a session whose profile cannot be read as signed out', async () => {
    const api = createFakeApi().on('GET /api/profile', () => apiError(401, 'UNAUTHORIZED', 'Please sign in to continue.'));
    renderApp(table(), { api, path: '/private', user: 'customer' });
    expect(await screen.findByText('auth page')).toBeInTheDocument();
  });
});

describe("the app's routes", () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('send a signed-out visit to /orders to the sign-in page', async () => {
    const { routes } = await import('./router');
    const { router } = renderApp(routes, { path: '/orders' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/orders');
  });

  it('send a manager opening / to the manager dashboard', async () => {
    const { routes } = await import('./router');
    const { router } = renderApp(routes, { path: '/', user: 'manager' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager'));
    expect(await screen.findByRole('heading', { name: 'Order queue' })).toBeInTheDocument();
  });

  it('opens a dashboard by its address with the loading state while the staff layout loads, not a blank page', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { routes } = await import('./router');
    renderApp(routes, { path: '/manager', user: 'manager' });
    expect(await screen.findByRole('heading', { name: 'Order queue' })).toBeInTheDocument();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
    warn.mockRestore();
  });
});
