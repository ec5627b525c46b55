import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/web/features/theme/theme-provider';
import { loadWhenOnline } from '@/web/lib/lazy-when-online';
import { createQueryClient } from '@/web/lib/query-client';
import { registerSignOutCleanups } from './sign-out-cleanup';

// The toaster and sonner load after the first render, off every page's first load; a toast asked for
// before then shows once they are in (`@/web/lib/toast`). Offline before they came, they load once the
// connection is back; a page whose toaster cannot load still works.
const ThemedToaster = lazy(() =>
  loadWhenOnline(() => import('./themed-toaster')).then(
    (module): { default: () => ReactNode } => ({ default: module.ThemedToaster }),
    () => ({ default: () => null }),
  ),
);

/** Everything a page needs around it: server state, theme, toasts, and what a sign-out forgets. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(registerSignOutCleanups, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Suspense fallback={null}>
          <ThemedToaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
