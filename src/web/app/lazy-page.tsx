import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on first visit; the layout's Suspense shows 'Loading...' meanwhile. When its chunk
 * cannot be loaded the route's error boundary takes over (and reloads after a deploy).
 */
export function page<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}
