import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteMatch, RouteObject } from 'react-router';

/** How to load each page's code ahead of its first render, by the component page() returns. */
const preloaders = new WeakMap<ComponentType, () => Promise<unknown>>();

/**
 * A page loaded on first visit; the layout's Suspense shows 'Loading...' meanwhile. When its chunk
 * cannot be loaded the route's error boundary takes over (and reloads after a deploy). Once loaded
 * (or preloaded, see preloadPages) it renders at once, without suspending.
 */
export function page<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  let Loaded: ComponentType | undefined;
  // One load at a time: the router's and the first render's asks share it; a failed one is asked again.
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (Loaded = module[name] as ComponentType),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  preloaders.set(Page, preload);
  return <Page />;
}

/**
 * Loads the code of the pages the matched routes show, so that the app's first render shows them and
 * not the loading spinner in their place (the page painted from index.html stays until then).
 */
export async function preloadPages(matches: RouteMatch[]): Promise<void> {
  await Promise.all(matches.map((match) => preloaders.get((match.route.element as ReactElement | undefined)?.type as ComponentType)?.()));
}

/**
 * Gives each page's route a `lazy` that loads the page's code, so the router itself waits for it: while it
 * loads, the router's navigation is pending (useNavigation, NavLink's isPending) and the current page stays.
 * The code that fails to load is left to the page, whose error boundary explains it as before. On the first
 * render, before the router has the code, the page itself stands in (loading state or, preloaded, the page).
 */
export function withPageCode(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const preload = preloaders.get((route.element as ReactElement | undefined)?.type as ComponentType);
    const lazy = async () => {
      await preload?.().catch(() => undefined);
      return {};
    };
    const withCode = preload ? { ...route, lazy, hydrateFallbackElement: route.element } : { ...route };
    if (route.children) (withCode as { children: RouteObject[] }).children = withPageCode(route.children);
    return withCode as RouteObject;
  });
}
