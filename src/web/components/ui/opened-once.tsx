import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children`, a dialog loaded with `lazy`, from its first opening on: Radix's dialog, its focus
 * trap and scroll lock stay out of every page's first load, and the dialog's own code with them. Its
 * opener stays on the page as a plain button (`dialogOpenerProps`); the dialog, given no Trigger, returns
 * focus to it through `useReturnFocus`.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** What Radix's Dialog.Trigger puts on the button that opens its dialog. */
export function dialogOpenerProps(open: boolean) {
  return { 'aria-haspopup': 'dialog', 'aria-expanded': open, 'data-state': open ? 'open' : 'closed' } as const;
}
