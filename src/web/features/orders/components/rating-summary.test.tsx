import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderCopy } from '@/shared/copy';
import { routes } from '@/web/app/router';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { testId } from '@/web/test/fake-data';
import { orderFakes } from '@/web/test/fake-orders';
import { renderApp } from '@/web/test/render-app';
import { chooseGeorgetown } from '../orders.fixture';

let api: FakeApi;

function rate(kind: 'products' | 'dishes', itemId: string, stars: number, comment: string, author: string, at: string, kitchenId: string | null = null) {
  orderFakes(api).ratings.push({ kind, itemId, kitchenId, userId: author, author, stars, comment, at });
}

describe('ratings on the shop pages', () => {
  beforeEach(() => {
    localStorage.clear();
    chooseGeorgetown();
    api = createFakeApi();
  });

  it('shows a product’s average with stars, the count, and recent comments as text', async () => {
    const brie = api.data.products.find((product) => product.name === 'Brie')!;
    rate('products', brie.id, 5, 'Creamy <script>alert(1)</script>', 'Ana P.', '2026-11-20T10:00:00.000Z');
    rate('products', brie.id, 4, '', 'Bo K.', '2026-11-21T10:00:00.000Z');
    renderApp(routes, { api, path: `/product/${brie.id}` });

    const ratings = (await screen.findByRole('heading', { name: 'Ratings and comments' })).closest('section')!;
    expect(await within(ratings).findByRole('img', { name: 'Rated 4.5 out of 5 from 2 ratings' })).toBeInTheDocument();
    expect(within(ratings).getByText('(2 ratings)')).toBeInTheDocument();
    const comments = within(ratings).getByRole('list', { name: orderCopy.recentComments });
    expect(within(comments).getAllByRole('listitem')).toHaveLength(1);
    expect(within(comments).getByText('Creamy <script>alert(1)</script>')).toBeInTheDocument();
    expect(within(comments).getByText('Ana P.')).toBeInTheDocument();
    expect(within(comments).getByRole('img', { name: '5 stars' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('says when a product has no ratings yet, and keeps the page when ratings cannot be read', async () => {
    const spaghetti = api.data.products[0]!;
    api.on('GET /api/ratings/products/:id', () => apiError(503, 'UNAVAILABLE', 'Busy'), { times: 1 });
    const { unmount } = renderApp(routes, { api, path: `/product/${spaghetti.id}` });
    expect(await screen.findByText('Ratings are not available right now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: spaghetti.name })).toBeInTheDocument();
    unmount();

    renderApp(routes, { api, path: `/product/${spaghetti.id}` });
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
  });

  it("shows a kitchen's ratings from its dishes on its menu page", async () => {
    const kitchen = api.data.kitchens[0]!.menu;
    const dish = kitchen.sections[0]!.dishes[0]!;
    rate('dishes', dish.id, 3, 'A bit salty', 'Cy D.', '2026-11-21T10:00:00.000Z', kitchen.kitchen.id);
    rate('dishes', testId(8, 99), 5, 'Elsewhere', 'Di E.', '2026-11-21T10:00:00.000Z', testId(7, 99));
    renderApp(routes, { api, path: `/cloud-kitchen/${kitchen.kitchen.id}/menu` });

    const ratings = (await screen.findByRole('heading', { name: 'Ratings and comments' })).closest('section')!;
    expect(await within(ratings).findByRole('img', { name: 'Rated 3.0 out of 5 from 1 rating' })).toBeInTheDocument();
    expect(within(ratings).getByText('A bit salty')).toBeInTheDocument();
    expect(within(ratings).queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('shows each dish its own average and count on the menu, and nothing for a dish not yet rated', async () => {
    const kitchen = api.data.kitchens[0]!.menu;
    const [rated, unrated] = kitchen.sections[0]!.dishes;
    Object.assign(rated!, { rating: 4.5, ratingCount: 2 });
    renderApp(routes, { api, path: `/cloud-kitchen/${kitchen.kitchen.id}/menu` });

    const ratedCard = (await screen.findByRole('heading', { name: rated!.name })).closest('li')!;
    expect(within(ratedCard).getByText(/4\.5 \(2\)/)).toBeInTheDocument();
    const unratedCard = screen.getByRole('heading', { name: unrated!.name }).closest('li')!;
    expect(within(unratedCard).queryByText(/Rating/)).not.toBeInTheDocument();
  });
});
