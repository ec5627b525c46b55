import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mainContentId } from '@/web/components/layouts/skip-link';
import { FocusOnRouteChange } from './focus-on-route-change';

function Layout() {
  return (
    <>
      <FocusOnRouteChange />
      <nav>
        <Link to="/kitchens">Kitchens</Link>
      </nav>
      <main id={mainContentId} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function renderRoutes(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/products', element: <Link to="/product/1">Bananas</Link> },
          { path: '/product/1', element: <h1>Bananas</h1> },
          { path: '/kitchens', element: <input aria-label="Search kitchens" /> },
          { path: '/help', element: <h1>Help</h1> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A page with its own main content, outside any layout's, whose code arrives when `arrive` is called. */
function pageOfItsOwn() {
  let arrive = () => {};
  const Page = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) => {
        arrive = () =>
          resolve({
            default: () => (
              <main id={mainContentId} tabIndex={-1}>
                <h1>Kitchen</h1>
              </main>
            ),
          });
      }),
  );
  return { Page, arrive: () => arrive() };
}

describe('FocusOnRouteChange', () => {
  it('puts focus on the new page’s main content when a link of the page it leaves is followed', async () => {
    const user = userEvent.setup();
    renderRoutes('/products');
    await user.click(screen.getByRole('link', { name: 'Bananas' }));
    expect(await screen.findByRole('heading', { name: 'Bananas' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('does so after a link of the navigation too, and leaves the page the app opens on and an #anchor alone', async () => {
    const user = userEvent.setup();
    const router = renderRoutes('/products');
    expect(screen.getByRole('main')).not.toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Kitchens' }));
    expect(screen.getByRole('main')).toHaveFocus();

    screen.getByRole('textbox', { name: 'Search kitchens' }).focus();
    await act(() => router.navigate('/help#returns'));
    expect(screen.getByRole('main')).not.toHaveFocus();
  });

  it('focuses a page’s own main content once its code has arrived, not the first link of the layout', async () => {
    const user = userEvent.setup();
    const { Page, arrive } = pageOfItsOwn();
    // As in the app: the root keeps its FocusOnRouteChange; the shared layout's main content and the
    // kitchen page's own are in different layouts.
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <FocusOnRouteChange />
              <Outlet />
            </>
          ),
          children: [
            {
              element: (
                <main id={mainContentId} tabIndex={-1}>
                  <Outlet />
                </main>
              ),
              children: [{ path: '/products', element: <Link to="/kitchen">San Gabriel</Link> }],
            },
            {
              path: '/kitchen',
              element: (
                <>
                  <a href="#main">Skip to content</a>
                  <Suspense fallback={<p>Loading…</p>}>
                    <Page />
                  </Suspense>
                </>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/products'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('link', { name: 'San Gabriel' }));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
