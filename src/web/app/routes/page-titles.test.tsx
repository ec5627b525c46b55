import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { copy } from '@/shared/copy';
import { createFakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';
import { NotFoundPage } from './not-found';
import { KitchenMenuPage } from './shop/kitchen-menu';

/** Pages that draw their own heading, rather than through PageHeader, name the browser's tab after it too. */
describe('page titles of pages with their own heading', () => {
  it("names a kitchen's menu after the kitchen", async () => {
    const api = createFakeApi();
    const kitchen = api.data.kitchens[0]!.menu.kitchen;
    renderApp([{ path: '/cloud-kitchen/:kitchenId/menu', element: <KitchenMenuPage /> }], { api, path: `/cloud-kitchen/${kitchen.id}/menu` });
    await screen.findByRole('heading', { level: 1, name: kitchen.businessName });
    await waitFor(() => expect(document.title).toBe(`${kitchen.businessName} — FreshCart`));
  });

  it('names the page that is not there', async () => {
    renderApp([{ path: '*', element: <NotFoundPage /> }], { path: '/nowhere' });
    await screen.findByRole('heading', { level: 1, name: copy.notFound.title });
    expect(document.title).toBe(`${copy.notFound.title} — FreshCart`);
  });
});
