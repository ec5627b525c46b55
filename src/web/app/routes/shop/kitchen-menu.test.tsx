import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitchenCopy } from '@/shared/copy';
import { createFakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';
import { BareLayout } from '../../layouts/shared-layout';
import { KitchenMenuPage } from './kitchen-menu';

const routes = [{ element: <BareLayout />, children: [{ path: '/cloud-kitchen/:kitchenId/menu', element: <KitchenMenuPage /> }] }];

describe("a kitchen's page at an address that names no kitchen", () => {
  it('says the kitchen is not taking orders, for a mistyped address as for an unknown kitchen', async () => {
    renderApp(routes, { api: createFakeApi(), path: '/cloud-kitchen/nope/menu' });
    expect(await screen.findByText(kitchenCopy.page.notFound)).toBeInTheDocument();
    expect(screen.getByText(kitchenCopy.page.notTakingOrders)).toBeInTheDocument();
    expect(screen.queryByText(/valid id/i)).not.toBeInTheDocument();
  });
});
