import type { toast as sonnerToast } from 'sonner';
import { loadWhenOnline } from './lazy-when-online';

type Sonner = typeof sonnerToast;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const waiting: ((toast: Sonner) => void)[] = [];

/**
 * Loads sonner, the toasts' library (9 KB gzip), which no page needs before its first toast: it stays out
 * of the first load. The app's toaster (`provider.tsx`) loads it after the first render.
 */
export function loadToasts(): Promise<Sonner> {
  // Offline before it came, it loads once the connection is back; failed otherwise, the next toast tries again.
  loading ??= loadWhenOnline(() => import('sonner')).then(
    (module) => {
      sonner = module.toast;
      // In the order they were asked for: a dismissal after its toast still dismisses it.
      for (const run of waiting.splice(0)) run(module.toast);
      return module.toast;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const askedListeners = new Set<() => void>();

/** Calls `listener` once, when the next toast is asked for; the returned function forgets it. */
export function onNextToast(listener: () => void): () => void {
  const once = () => {
    askedListeners.delete(once);
    listener();
  };
  askedListeners.add(once);
  return () => askedListeners.delete(once);
}

function whenLoaded(run: (toast: Sonner) => void) {
  for (const listener of [...askedListeners]) listener();
  if (sonner) return run(sonner);
  waiting.push(run);
  loadToasts().catch(() => undefined);
}

type Show = (message: Parameters<Sonner['success']>[0], data?: Parameters<Sonner['success']>[1]) => void;
const show =
  (kind: 'success' | 'error' | 'warning'): Show =>
  (message, data) =>
    whenLoaded((toast) => void toast[kind](message, data));

/**
 * sonner's `toast` for the app's code: the same calls, shown as soon as sonner is in when one comes
 * before it (sonner's toaster shows the toasts created before it subscribed).
 */
export const toast = Object.assign(((message, data) => whenLoaded((toast) => void toast(message, data))) as Show, {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  dismiss: (id?: string | number) => whenLoaded((toast) => void toast.dismiss(id)),
});
