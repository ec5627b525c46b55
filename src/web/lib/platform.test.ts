import { describe, expect, it } from 'vitest';
import { backButtonAction, statusBarColors } from './platform';

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
