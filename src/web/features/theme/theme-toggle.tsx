import { Moon, Sun } from 'lucide-react';
import { Suspense, useState, type ComponentProps } from 'react';
import { copy } from '@/shared/copy';
import { Button } from '@/web/components/ui/button';
import { useTheme } from './theme-provider';
import { lazyWhenOnline, preload } from '@/web/lib/lazy-when-online';

const loadThemeMenu = () => import('./theme-menu').then((module) => ({ default: module.ThemeMenu }));
const ThemeMenu = lazyWhenOnline(loadThemeMenu);

/** The header's theme button, the same before and after its menu has loaded. */
export function ThemeButton(props: ComponentProps<'button'>) {
  const { resolvedTheme } = useTheme();
  return (
    <Button variant="ghost" size="touch-icon" aria-label={copy.header.toggleTheme} aria-haspopup="menu" {...props}>
      {resolvedTheme === 'dark' ? <Moon /> : <Sun />}
    </Button>
  );
}

/**
 * The menu (Radix's menu and its positioning, a large share of the header's code) loads when a
 * visitor reaches for the button — pointer over it, focus on it — and opens on its first press, so it
 * stays out of every page's first load.
 */
export function ThemeToggle() {
  const [pressed, setPressed] = useState(false);
  const button = <ThemeButton onPointerEnter={() => preload(loadThemeMenu)} onFocus={() => preload(loadThemeMenu)} onClick={() => setPressed(true)} />;
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu />
    </Suspense>
  );
}
