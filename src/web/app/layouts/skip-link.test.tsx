import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { a11yCopy } from '@/shared/copy';
import { renderApp } from '@/web/test/render-app';
import { createFakeApi } from '@/web/test/fake-api';
import { KitchenMenuPage } from '../routes/shop/kitchen-menu';
import { AuthShell } from './auth-shell';
import { DashboardLayout } from './dashboard-layout';
import { BareLayout, SharedLayout } from './shared-layout';

function table(layout: 'shared' | 'dashboard'): RouteObject[] {
  const page = (
    <>
      <h1>The page</h1>
      <button type="button">First control of the page</button>
    </>
  );
  return [{ element: layout === 'shared' ? <SharedLayout /> : <DashboardLayout />, children: [{ path: '/', element: page }] }];
}

/** The first Tab reaches the skip link; Enter puts focus on the main content, whose first control Tab reaches next. */
async function expectSkipLinkToLeadToThePage() {
  await userEvent.tab();
  expect(screen.getByRole('link', { name: a11yCopy.skipToContent })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'First control of the page' })).toHaveFocus();
}

describe('the skip link', () => {
  beforeEach(() => localStorage.clear());

  it("is the shared layout's first stop and moves focus past the header to the page's main content", async () => {
    renderApp(table('shared'));
    await screen.findByRole('heading', { name: 'The page' });
    await expectSkipLinkToLeadToThePage();
  });

  it("is a dashboard's first stop too", async () => {
    renderApp(table('dashboard'), { user: 'manager' });
    await screen.findByRole('heading', { name: 'The page' });
    await expectSkipLinkToLeadToThePage();
  });

  it('is the first stop of the pages without the shared layout, the sign-in card and a kitchen\'s page, past their own headers', async () => {
    renderApp([
      {
        element: <BareLayout />,
        children: [
          {
            path: '/',
            element: (
              <AuthShell title="Sign in" description="Welcome back">
                <button type="button">First control of the page</button>
              </AuthShell>
            ),
          },
        ],
      },
    ]);
    await screen.findByRole('button', { name: 'First control of the page' });
    await expectSkipLinkToLeadToThePage();
  });

  it("leaves a kitchen's page header (its way back, theme and cart) outside the main content it skips to", async () => {
    const api = createFakeApi();
    const kitchen = api.data.kitchens[0]!.menu.kitchen;
    renderApp([{ element: <BareLayout />, children: [{ path: '/cloud-kitchen/:kitchenId/menu', element: <KitchenMenuPage /> }] }], {
      api,
      path: `/cloud-kitchen/${kitchen.id}/menu`,
    });
    const main = await screen.findByRole('main');
    expect(await screen.findByRole('heading', { level: 1, name: kitchen.businessName })).toBeInTheDocument();
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: kitchen.businessName }));
    expect(main).not.toContainElement(screen.getByRole('link', { name: /all kitchens/i }));
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });
});
