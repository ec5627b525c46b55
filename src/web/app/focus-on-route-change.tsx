import { mainContentId } from '@/web/components/layouts/skip-link';
import { useAfterRouteChange } from './after-route-change';

/**
 * A route change puts focus on the new page's main content, as a page load puts it at the top: a screen
 * reader reads the new page, and the next Tab starts there. Without it, following a link from the page
 * left focus on <body> (the link had gone with its page), and the keyboard started again from the top.
 * The page the app opens on, and an #anchor's section, keep focus where the browser put it.
 */
export function FocusOnRouteChange() {
  useAfterRouteChange(() => {
    // A dialog still closing gives focus to the new page itself (see useReturnFocus).
    if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
    document.getElementById(mainContentId)?.focus({ preventScroll: true });
  });
  return null;
}
