import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export const themeStorageKey = 'theme';

interface ThemeContextValue {
  theme: Theme;
  resolvedTheme: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStoredTheme(): Theme {
  const stored = localStorage.getItem(themeStorageKey);
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
}

const darkSchemeQuery = '(prefers-color-scheme: dark)';

function systemPrefersDark() {
  return window.matchMedia?.(darkSchemeQuery).matches ?? false;
}

function subscribeToSystemScheme(onChange: () => void) {
  const media = window.matchMedia?.(darkSchemeQuery);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** Light, dark or following the system; the choice is remembered in this browser. */
export function ThemeProvider({ children, onResolvedThemeChange }: { children: ReactNode; onResolvedThemeChange?: (theme: 'light' | 'dark') => void }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  // A store, not state set from an effect: a change between the first render and the subscription
  // (the first render can take a while, ADR 058) is read again when React subscribes.
  const systemDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);

  const resolvedTheme = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolvedTheme === 'dark');
    document.documentElement.style.colorScheme = resolvedTheme;
    onResolvedThemeChange?.(resolvedTheme);
  }, [resolvedTheme, onResolvedThemeChange]);

  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(themeStorageKey, next);
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
