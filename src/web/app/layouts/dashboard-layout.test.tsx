import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardNav } from '@/shared/copy';
import { staffCopy } from '@/shared/staff-copy';
import { routes } from '@/web/app/router';
import { createFakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';

/** The links of the dashboard's navigation that say they are the current page. */
async function currentSections() {
  const nav = await screen.findByRole('navigation', { name: staffCopy.navigation });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent?.trim());
}

describe('the dashboard navigation', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['/admin', dashboardNav.admin.overview],
    ['/admin/catalog/bundles', dashboardNav.admin.catalog],
    ['/admin/catalog/products/new', dashboardNav.admin.catalog],
    ['/admin/catalog/import', dashboardNav.admin.import],
    ['/admin/audit', dashboardNav.admin.audit],
  ])("marks the section of %s as the current page, and that one only", async (path, section) => {
    renderApp(routes, { api: createFakeApi(), path, user: 'admin' });
    expect(await currentSections()).toEqual([section]);
  });

  it("marks the orders as the current section on one order's page in the kitchen dashboard", async () => {
    renderApp(routes, { api: createFakeApi(), path: '/cloud-kitchen/orders/00000000-0000-4000-8000-000000000001', user: 'cloud_kitchen' });
    expect(await currentSections()).toEqual([dashboardNav.kitchen.orders]);
  });
});
