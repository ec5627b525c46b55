import { lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteMatch } from 'react-router';

/** How to load each page's code ahead of its first render, by the component page() returns. */
const preloaders = new WeakMap<ComponentType, () => Promise<unknown>>();

/**
 * A page loaded on first visit; the layout's Suspense shows 'Loading...' meanwhile. When its chunk
 * cannot be loaded the route's error boundary takes over (and reloads after a deploy). Once loaded
 * (or preloaded, see preloadPages) it renders at once, without suspending.
 */
export function page<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  let Loaded: ComponentType | undefined;
  const preload = async () => {
    Loaded = (await load())[name] as ComponentType;
    return Loaded;
  };
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
