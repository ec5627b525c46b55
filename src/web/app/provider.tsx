import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/web/features/theme/theme-provider';
import { loadWhenOnline } from '@/web/lib/lazy-when-online';
import { createQueryClient } from '@/web/lib/query-client';
import { onNextToast } from '@/web/lib/toast';
import { registerSignOutCleanups } from './sign-out-cleanup';

/**
 * The toaster, loaded after the first render with sonner, off every page's first load; a toast asked for
 * before then shows once they are in (`@/web/lib/toast`). Offline before it came, it loads once the
 * connection is back; failed while online (a request lost on the way), it is tried again when the next
 * toast is asked for, so one failed request does not silence the toasts for the rest of the visit.
 */
function LazyToaster() {
  const [Toaster, setToaster] = useState<(() => ReactNode) | null>(null);
  useEffect(() => {
    let active = true;
    let stopWaiting = () => {};
    const load = () =>
      void loadWhenOnline(() => import('./themed-toaster')).then(
        (module) => {
          if (active) setToaster(() => module.ThemedToaster);
        },
        () => {
          if (active) stopWaiting = onNextToast(load);
        },
      );
    load();
    return () => {
      active = false;
      stopWaiting();
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}

/** Everything a page needs around it: server state, theme, toasts, and what a sign-out forgets. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(registerSignOutCleanups, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
