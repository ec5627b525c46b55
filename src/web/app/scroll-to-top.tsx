import { useAfterRouteChange } from './after-route-change';

/** Every route change starts at the top of the page; an #anchor scrolls to its section instead. */
export function ScrollToTop() {
  useAfterRouteChange(() => window.scrollTo(0, 0));
  return null;
}
