import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from '@/web/features/theme/theme-provider';
import { createQueryClient } from '@/web/lib/query-client';
import { useToastClearance } from '@/web/lib/toast-clearance';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { registerSignOutCleanups } from './sign-out-cleanup';

/** Where sonner lays toasts out full width: the phone layout. */
const PHONE = '(max-width: 600px)';

/**
 * On phones toasts rise from the bottom, above the chat button, so they never sit on the header's cart
 * badge or on the title and close button of a panel opened from it; wider screens keep them top-center,
 * clear of the side panels. A panel's footer (the cart's totals and Checkout) lifts them above it.
 */
function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const phone = useMediaQuery(PHONE);
  const clearance = useToastClearance();
  return (
    <Toaster
      theme={resolvedTheme}
      richColors
      closeButton
      position={phone ? 'bottom-center' : 'top-center'}
      mobileOffset={{ bottom: clearance > 0 ? `calc(${clearance}px + 0.75rem)` : 'calc(4.5rem + env(safe-area-inset-bottom))', left: '0.75rem', right: '0.75rem' }}
    />
  );
}

/** Everything a page needs around it: server state, theme, toasts, and what a sign-out forgets. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(registerSignOutCleanups, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
