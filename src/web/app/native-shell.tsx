import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTheme } from '@/web/features/theme/theme-provider';
import { applyStatusBarTheme, listenToBackButton } from '@/web/lib/platform';

/** Native-only behaviour: the hardware back button and a status bar that follows the theme. */
export function NativeShell() {
  const { pathname } = useLocation();
  const { resolvedTheme } = useTheme();
  const path = useRef(pathname);

  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => listenToBackButton(() => path.current), []);

  useEffect(() => {
    void applyStatusBarTheme(resolvedTheme);
  }, [resolvedTheme]);

  return null;
}
