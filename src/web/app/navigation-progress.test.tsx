import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { copy } from '@/shared/copy';
import { routes } from '@/web/app/router';
import { renderApp } from '@/web/test/render-app';

// The products page's code arrives only when the test lets it: a slow network, held still.
const arrival = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('@/web/app/routes/shop/products', async () => {
  await arrival.arrived;
  return { ProductsPage: () => <h1>Every product</h1> };
});

describe('a tap on the header while the next page loads', () => {
  it('shows a loading bar and the tapped tab as pending at once, until the page arrives', async () => {
    renderApp(routes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: copy.home.title })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: copy.header.mobileNav });
    const home = within(nav).getByRole('link', { name: copy.header.home });
    const products = within(nav).getByRole('link', { name: copy.header.products });
    expect(home).toHaveClass('text-primary');
    expect(screen.queryByRole('progressbar', { name: copy.header.loadingPage })).not.toBeInTheDocument();

    await userEvent.click(products);
    // The router waits for the page's code: the bar shows, the tapped tab takes the highlight from the current one.
    expect(await screen.findByRole('progressbar', { name: copy.header.loadingPage })).toBeInTheDocument();
    expect(products).toHaveClass('text-primary', 'bg-accent');
    expect(home).not.toHaveClass('text-primary');
    // The current page stays meanwhile.
    expect(screen.getByRole('heading', { level: 1, name: copy.home.title })).toBeInTheDocument();

    arrival.arrive();
    expect(await screen.findByRole('heading', { level: 1, name: 'Every product' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: copy.header.loadingPage })).not.toBeInTheDocument();
    expect(products).toHaveClass('text-primary');
    expect(products).not.toHaveClass('bg-accent');
    expect(home).not.toHaveClass('text-primary');
  });
});
