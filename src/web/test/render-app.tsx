import { configure, render, screen, waitFor, within, type Matcher, type RenderResult, type waitForOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { toast } from '@/web/lib/toast';
import { afterEach, expect, vi } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import type { Role } from '@/shared/roles';
import { AppProvider } from '@/web/app/provider';
import { withErrorBoundaries } from '@/web/app/router';
import { createQueryClient } from '@/web/lib/query-client';
import { createFakeApi, type FakeApi } from './fake-api';
import { aUser, type FakeUser } from './fake-data';

export interface RenderAppOptions {
  /** The address the app opens at; '/' by default. */
  path?: string;
  /** The route pattern a single element renders at (e.g. '/product/:id'); the path's own by default. */
  route?: string;
  /** Who is signed in: a role (its demo user), a user, or nobody (the default). */
  user?: Role | FakeUser | (Partial<Profile> & { role: Role }) | null;
  /** The fake API to answer with; a fresh one over the default data set otherwise. */
  api?: FakeApi;
}

export interface RenderAppResult extends RenderResult {
  api: FakeApi;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: ReturnType<typeof createQueryClient>;
  user: FakeUser | null;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// A whole page with its providers, lazy chunks and several requests takes longer to settle than a
// component alone, the more so on a busy machine.
configure({ asyncUtilTimeout: 4000 });

/**
 * Renders a page (or a route table, such as the app's own `routes`) as the app does: the real
 * providers (query client, theme, toasts, sign-out cleanup), a router at `path`, and the fake API
 * installed as the `fetch` the API client uses, with `user` signed in.
 */
export function renderApp(ui: ReactElement | RouteObject[], options: RenderAppOptions = {}): RenderAppResult {
  const { path = '/', api = createFakeApi() } = options;
  vi.stubGlobal('fetch', api.fetch);
  // Toasts live in a module-wide store that a new Toaster replays: an earlier test's must not show.
  toast.dismiss();

  let user: FakeUser | null = null;
  if (options.user) {
    const given = options.user;
    user = api.signIn(typeof given === 'string' ? given : 'profile' in given ? given : aUser(given.role, given));
  }

  const queryClient = createQueryClient();
  // A test sees a failure at once; the retry policy has its own tests (src/web/lib/query-client.test.ts).
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });

  // A page alone: links and redirects out of it land on an empty route, for the test to read the address.
  const table = Array.isArray(ui)
    ? ui
    : withErrorBoundaries([
        { path: options.route ?? new URL(path, 'http://localhost').pathname, element: ui },
        { path: '*', element: null },
      ]);
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, api, router, queryClient, user };
}

/** The toaster's region: sonner names its `section` "Notifications" and the hotkey that focuses it. */
const TOASTER = { name: 'Notifications alt+T' };

/**
 * Waits until a toast showing `text` is visible, and returns the element holding the text. A toast is
 * in the page before its mount effect fades it in (sonner keeps it at opacity 0 until then), so
 * `findByText` followed by `toBeVisible` can see it still transparent: this waits for it to show, not
 * only to exist. Only the toaster is searched, so the same words elsewhere on the page do not count.
 */
export function expectToast(text: Matcher, options?: waitForOptions): Promise<HTMLElement> {
  // The toaster loads after the app's first render (`provider.tsx`).
  return waitFor(() => {
    const shown = within(screen.getByRole('region', TOASTER)).getByText(text);
    expect(shown).toBeVisible();
    return shown;
  }, options);
}
