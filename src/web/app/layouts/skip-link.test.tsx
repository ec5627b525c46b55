import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { a11yCopy } from '@/shared/copy';
import { renderApp } from '@/web/test/render-app';
import { DashboardLayout } from './dashboard-layout';
import { SharedLayout } from './shared-layout';

function table(layout: 'shared' | 'dashboard'): RouteObject[] {
  const page = (
    <>
      <h1>The page</h1>
      <button type="button">First control of the page</button>
    </>
  );
  return [{ element: layout === 'shared' ? <SharedLayout /> : <DashboardLayout />, children: [{ path: '/', element: page }] }];
}

describe('the skip link', () => {
  beforeEach(() => localStorage.clear());

  it("is the shared layout's first stop and moves focus past the header to the page's main content", async () => {
    renderApp(table('shared'));
    await screen.findByRole('heading', { name: 'The page' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: a11yCopy.skipToContent });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'First control of the page' })).toHaveFocus();
  });

  it("is a dashboard's first stop too", async () => {
    renderApp(table('dashboard'), { user: 'manager' });
    await screen.findByRole('heading', { name: 'The page' });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: a11yCopy.skipToContent })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'First control of the page' })).toHaveFocus();
  });
});
