import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { STALE_CHUNK_GUARD_MS, STALE_CHUNK_RELOAD_KEY } from '@/web/lib/stale-chunk';
import { page } from './lazy-page';
import { routes, withErrorBoundaries } from './router';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('@/web/lib/stale-chunk', async (importOriginal) => ({ ...(await importOriginal<object>()), reloadPage }));

beforeEach(() => {
  sessionStorage.clear();
  reloadPage.mockReset();
  // React and the router report every error a boundary catches; here those errors are the point.
  vi.mocked(console.error).mockImplementation(() => undefined);
});
afterEach(() => {
  vi.mocked(console.error).mockReset();
});

function Layout() {
  return (
    <div>
      <header>shop header</header>
      <Outlet />
    </div>
  );
}

function renderRoutes(children: RouteObject[], path = '/broken') {
  const router = createMemoryRouter(withErrorBoundaries([{ element: <Layout />, children: [{ path: '/', element: <p>home page</p> }, ...children] }]), {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

function Thrower(): never {
  throw new Error('Cannot read properties of undefined (reading "price")');
}

const staleChunk = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/home-1a2b3c.js');
const failingPage = () => page(() => Promise.reject<{ Page: ComponentType }>(staleChunk()), 'Page');

describe('route error boundary', () => {
  it('shows the friendly page inside the layout when a page throws, with a retry and a way home', async () => {
    renderRoutes([{ path: '/broken', element: <Thrower /> }]);

    const title = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByText('shop header')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown. Try again, or go back to the home page.');
    expect(screen.queryByText(/reading "price"/)).not.toBeInTheDocument();
    expect(title).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows the friendly page when a loader throws', async () => {
    renderRoutes([
      {
        path: '/broken',
        loader: () => {
          throw new Error('loader failed');
        },
        element: <p>never shown</p>,
        hydrateFallbackElement: <p>loading</p>,
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the app exactly once when a lazy page cannot load its chunk', async () => {
    renderRoutes([{ path: '/broken', element: failingPage() }]);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(Number(sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
    // Rendering again does not reload again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows the page, not another reload, when the chunk fails again right after reloading', async () => {
    sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, String(Date.now() - 1000));
    renderRoutes([{ path: '/broken', element: failingPage() }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/FreshCart has just been updated/)).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads again for a stale chunk once the guard window has passed', async () => {
    sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, String(Date.now() - STALE_CHUNK_GUARD_MS - 1000));
    renderRoutes([{ path: '/broken', element: failingPage() }]);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('stays in the app when a chunk fails offline, and loads the page by itself once the connection is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => onLine.mockRestore());
    renderRoutes([{ path: '/broken', element: failingPage() }]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('shop header')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline, so this page could not load. Try again when you are back online.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Back to home' })).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)).toBeNull();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  });

  it('gives every route of the app an error boundary', () => {
    const missing: string[] = [];
    const visit = (table: RouteObject[], trail: string) => {
      for (const [index, route] of table.entries()) {
        const name = `${trail}/${route.path ?? `#${index}`}`;
        if (!route.errorElement) missing.push(name);
        if (route.children) visit(route.children, name);
      }
    };
    visit(routes, '');
    expect(missing).toEqual([]);
  });
});
