import { useSyncExternalStore } from 'react';

/**
 * How much of the screen's bottom toasts must leave free on a phone: the part taken by an open
 * panel's footer (a cart's totals and its Checkout button), 0 when none is shown.
 */
let clearance = 0;
const listeners = new Set<() => void>();

function setClearance(value: number) {
  if (value === clearance) return;
  clearance = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useToastClearance(): number {
  return useSyncExternalStore(
    subscribe,
    () => clearance,
    () => 0,
  );
}

/**
 * A callback ref for a footer pinned to the bottom of the screen: while it is mounted, toasts rise
 * above it instead of covering it.
 */
export function keepToastsAbove(element: HTMLElement | null) {
  if (!element) return;
  const measure = () => setClearance(Math.max(0, Math.round(window.innerHeight - element.getBoundingClientRect().top)));
  measure();
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  observer?.observe(element);
  window.addEventListener('resize', measure);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', measure);
    setClearance(0);
  };
}
