import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { backButtonAction, statusBarColors, subscribeToConnectivity } from './platform';

describe('native platform rules', () => {
  it('the back button exits on / and /auth and goes back elsewhere', () => {
    expect(backButtonAction('/')).toBe('exit');
    expect(backButtonAction('/auth')).toBe('exit');
    expect(backButtonAction('/products')).toBe('back');
    expect(backButtonAction('/account')).toBe('back');
  });

  it('the status bar is #121212 in the dark theme and white in the light one', () => {
    expect(statusBarColors).toEqual({ dark: '#121212', light: '#ffffff' });
  });
});

describe('connectivity on the web', () => {
  it('tells the subscriber the connection as it is now, then each change', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    onTestFinished(() => onLine.mockRestore());
    const changes: boolean[] = [];
    const unsubscribe = subscribeToConnectivity((online) => changes.push(online));
    window.dispatchEvent(new Event('offline'));
    unsubscribe();
    window.dispatchEvent(new Event('online'));
    expect(changes).toEqual([true, false]);
  });
});
