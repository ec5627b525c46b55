import { useRef } from 'react';
import { mainContentId } from '@/web/components/layouts/skip-link';

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

const inDialog = '[role="dialog"], [role="alertdialog"]';

/**
 * The element focused last outside every dialog. A dialog that opens as another closes (the warehouse
 * chooser handing over to the warehouse check) finds focus nowhere; its opener is the one before.
 */
let lastFocusOutsideDialogs: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement && !event.target.closest(inDialog)) lastFocusOutsideDialogs = event.target;
    },
    true,
  );
}

/**
 * Radix gives focus back to a dialog's Trigger only. A dialog opened any other way (from state, by the
 * warehouse check) left focus on <body> when it closed, and a keyboard user started again from the top
 * of the page. These handlers give it back to what had focus when the dialog opened or, when that is
 * gone, to the page's main content. A handler of the dialog's own that prevents the default still wins.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const opener = useRef<HTMLElement | null>(null);
  const openedOn = useRef('');
  return {
    onOpenAutoFocus(event) {
      // Radix asks before it moves focus into the dialog: the active element is still the opener.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : lastFocusOutsideDialogs;
      openedOn.current = window.location.pathname;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      // A dialog that took the visitor to another page (the cart's Checkout) leaves focus on that page's
      // main content, where a route change puts it, unless the page took it: not on the page left behind.
      if (window.location.pathname !== openedOn.current) {
        event.preventDefault();
        if (!document.activeElement || document.activeElement === document.body) document.getElementById(mainContentId)?.focus({ preventScroll: true });
        return;
      }
      // Once Radix has focused the trigger, if the dialog has one.
      queueMicrotask(() => {
        for (const target of [opener.current, document.getElementById(mainContentId)]) {
          if (document.activeElement && document.activeElement !== document.body) return;
          if (target?.isConnected) target.focus({ preventScroll: target.id === mainContentId });
        }
      });
    },
  };
}
