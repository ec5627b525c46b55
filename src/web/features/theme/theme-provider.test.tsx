import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/web/test/render-app';
import { useTheme } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme('dark')}>
      {theme}/{resolvedTheme}
    </button>
  );
}

describe('ThemeProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows a change of the system scheme that happens before it starts listening for one', async () => {
    // The system turns dark just as the provider subscribes, without a change event of its own.
    let dark = false;
    const media = {
      get matches() {
        return dark;
      },
      addEventListener: () => {
        dark = true;
      },
      removeEventListener: () => {},
    };
    vi.stubGlobal('matchMedia', () => media);
    renderApp(<Probe />);
    expect(await screen.findByRole('button', { name: 'system/dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('follows the system by default and remembers an explicit choice', async () => {
    renderApp(<Probe />);
    const probe = await screen.findByRole('button', { name: 'system/light' });
    act(() => probe.click());
    expect(probe).toHaveTextContent('dark/dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('starts from the remembered theme', async () => {
    localStorage.setItem('theme', 'dark');
    renderApp(<Probe />);
    expect(await screen.findByRole('button', { name: 'dark/dark' })).toBeInTheDocument();
  });

  it('is switched from the header toggle', async () => {
    renderApp(
      <>
        <ThemeToggle />
        <Probe />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle theme' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(screen.getByRole('button', { name: 'dark/dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
