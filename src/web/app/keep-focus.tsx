import { useEffect } from 'react';

/** Where focus is handed back by other means: a dialog, menu or popover gives it to its opener, a toast to the page. */
const handledElsewhere = '[role="dialog"], [role="alertdialog"], [role="menu"], [data-radix-popper-content-wrapper], [data-sonner-toaster]';
const tabbable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard's place when the control it is on goes away. An action often replaces its own
 * button (an order's "Confirm" becomes "Start picking") or disables it while it runs, and the browser
 * then puts focus on <body>: a screen reader is left nowhere and the next Tab starts from the top. A
 * control disabled while it works gets focus back once it is enabled again, unless focus went elsewhere
 * meanwhile; one that is gone hands it to the first control of the nearest part of the page still there
 * (its card, its row's list, at worst the main content).
 */
export function KeepFocus() {
  useEffect(() => {
    let last: HTMLElement | null = null;
    let trail: HTMLElement[] = [];
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      last = target instanceof HTMLElement && !target.closest(handledElsewhere) ? target : null;
      trail = [];
      for (let parent = last?.parentElement; parent && parent !== document.body; parent = parent.parentElement) trail.push(parent);
    };
    // A click on no control puts focus on <body> on purpose: nothing is to be given back.
    const onPointerDown = () => {
      last = null;
    };
    const keep = () => {
      if (!last || (document.activeElement && document.activeElement !== document.body)) return;
      if (last.isConnected) {
        if (!last.matches(':disabled')) last.focus();
        return;
      }
      const lost = last;
      last = null;
      for (const parent of trail) {
        if (!parent.isConnected) continue;
        const next = parent.querySelector<HTMLElement>(tabbable) ?? (parent.tabIndex === -1 && parent.hasAttribute('tabindex') ? parent : null);
        if (next && next !== lost) {
          next.focus();
          return;
        }
      }
    };
    const observer = new MutationObserver(keep);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);
  return null;
}
