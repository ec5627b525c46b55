import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { page, preloadPages } from './lazy-page';

function Greeting() {
  return <h1>Fresh today</h1>;
}

function renderPage(load: () => Promise<{ Greeting: typeof Greeting }>) {
  const router = createMemoryRouter([{ path: '/', element: page(load, 'Greeting') }]);
  const view = () =>
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <RouterProvider router={router} />
      </Suspense>,
    );
  return { router, view };
}

describe('page', () => {
  it('shows the loading state while the page code loads, then the page', async () => {
    const { view } = renderPage(async () => ({ Greeting }));
    view();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fresh today' })).toBeInTheDocument();
  });

  it('renders a preloaded page in the first render, without the loading state, and loads its code once', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const { router, view } = renderPage(load);
    await preloadPages(router.state.matches);
    view();
    expect(screen.getByRole('heading', { name: 'Fresh today' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the page again when it renders after its preload failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue({ Greeting });
    const { router, view } = renderPage(load);
    await expect(preloadPages(router.state.matches)).rejects.toThrow('Failed to fetch');
    view();
    expect(await screen.findByRole('heading', { name: 'Fresh today' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
