import { useEffect, useRef } from 'react';
import { mainContentId } from '@/web/components/layouts/skip-link';
import { useAfterRouteChange } from './after-route-change';

/**
 * A route change puts focus on the new page's main content, as a page load puts it at the top: a screen
 * reader reads the new page, and the next Tab starts there. Without it, following a link from the page
 * left focus on <body> (the link had gone with its page), and the keyboard started again from the top.
 * The page the app opens on, and an #anchor's section, keep focus where the browser put it.
 *
 * A page that brings its own main content (a kitchen's page, outside the shared layout) shows a spinner
 * while its code loads: its main content is focused when it appears, unless the person has pressed a
 * key or pointed somewhere meanwhile.
 */
export function FocusOnRouteChange() {
  const stopWaiting = useRef<() => void>(undefined);
  useEffect(() => () => stopWaiting.current?.(), []);
  useAfterRouteChange(() => {
    stopWaiting.current?.();
    // A dialog still closing gives focus to the new page itself (see useReturnFocus).
    if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
    const main = document.getElementById(mainContentId);
    if (main) main.focus({ preventScroll: true });
    else stopWaiting.current = focusMainWhenShown();
  });
  return null;
}

/** Focuses the main content once it is in the page; answers how to stop waiting. */
function focusMainWhenShown(): () => void {
  const observer = new MutationObserver(() => {
    const main = document.getElementById(mainContentId);
    if (!main) return;
    stop();
    main.focus({ preventScroll: true });
  });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  observer.observe(document.body, { subtree: true, childList: true });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
}
