import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { useTheme } from '@/web/features/theme/theme-provider';
import { applyStatusBarTheme, listenToBackButton, listenToNativeErrors, listenToNotificationTaps } from '@/web/lib/platform';

/**
 * Native-only behaviour: the hardware back button, a status bar that follows the theme, the page a
 * tapped notification names, and the SPEC §8 notices for uncaught payment and location errors. Each
 * is a no-op in a browser.
 */
export function NativeShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { resolvedTheme } = useTheme();
  const path = useRef(pathname);

  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => listenToBackButton(() => path.current), []);

  useEffect(() => listenToNotificationTaps((url) => void navigate(url)), [navigate]);

  useEffect(() => listenToNativeErrors({ error: (message) => toast.error(message), warning: (message) => toast.warning(message) }), []);

  useEffect(() => {
    void applyStatusBarTheme(resolvedTheme);
  }, [resolvedTheme]);

  return null;
}
