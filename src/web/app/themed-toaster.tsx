import { Toaster } from 'sonner';
import { useTheme } from '@/web/features/theme/theme-provider';
import { useToastClearance } from '@/web/lib/toast-clearance';
import { useMediaQuery } from '@/web/lib/use-media-query';

/** Where sonner lays toasts out full width: the phone layout. */
const PHONE = '(max-width: 600px)';

/**
 * On phones toasts rise from the bottom, above the chat button, so they never sit on the header's cart
 * badge or on the title and close button of a panel opened from it; wider screens keep them top-center,
 * clear of the side panels. A panel's footer (the cart's totals and Checkout) lifts them above it.
 */
export function ThemedToaster() {
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
