import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { preloadPages } from '@/web/app/lazy-page';
import { AppProvider } from '@/web/app/provider';
import { createQueryClient } from '@/web/lib/query-client';
import { routes } from '@/web/app/router';
import { productListParams, productListPath } from '@/web/features/catalog/api/product-list-params';
import { readProductFilters } from '@/web/features/catalog/components/catalog-links';
import { paths } from '@/web/config/paths';

/**
 * The read each page's largest paint waits for, by address, for the app loader to ask for before the app
 * has arrived (ADR 061): /products' list, for the default warehouse (the loader adds the visitor's own).
 * The same params the page asks for, so the app finds the response it would have asked for.
 */
export function firstReads(): Record<string, string> {
  return { [paths.products]: productListPath(productListParams(readProductFilters(new URLSearchParams()), undefined)) };
}

/**
 * The markup the app's first render gives `path` for a first-time, signed-out visitor whose session is
 * still being checked: the same components, rendered at build time (Node, `prepaint-plugin.ts`) so the
 * page can paint before its scripts arrive.
 */
export async function renderPrepaint(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // As in the browser (main.tsx), the page's code comes first: the markup holds the page, not the spinner.
  await preloadPages(router.state.matches);
  const { prelude } = await prerenderToNodeStream(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
    // Every boundary inline: React otherwise moves large ones after the shell, with scripts to swap them in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // Its queries never ran; clearing them stops their garbage-collection timers, which would hold the build open.
  queryClient.clear();
  router.dispose();
  return html;
}
