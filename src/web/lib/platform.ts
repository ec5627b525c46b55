import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { Network } from '@capacitor/network';
import { StatusBar, Style } from '@capacitor/status-bar';

/**
 * The one place that knows whether the app runs in a browser or in the native shell.
 * The rest of the app asks this module and does not care which.
 */
export const isNative = Capacitor.isNativePlatform();

export const statusBarColors = { dark: '#121212', light: '#ffffff' } as const;

export async function applyStatusBarTheme(theme: 'light' | 'dark') {
  if (!isNative) return;
  // Style.Dark means light text, for a dark background.
  await StatusBar.setStyle({ style: theme === 'dark' ? Style.Dark : Style.Light });
  if (Capacitor.getPlatform() === 'android') await StatusBar.setBackgroundColor({ color: statusBarColors[theme] });
}

/** On the home and sign-in pages the hardware back button leaves the app; elsewhere it goes back. */
export function backButtonAction(pathname: string): 'exit' | 'back' {
  return pathname === '/' || pathname === '/auth' ? 'exit' : 'back';
}

export function listenToBackButton(currentPath: () => string) {
  if (!isNative) return () => {};
  const handle = App.addListener('backButton', () => {
    if (backButtonAction(currentPath()) === 'exit') void App.exitApp();
    else window.history.back();
  });
  return () => void handle.then((listener) => listener.remove());
}

/** Online/offline changes: browser events on the web, the Network plugin on native. */
export function subscribeToConnectivity(onChange: (online: boolean) => void) {
  if (isNative) {
    void Network.getStatus().then((status) => onChange(status.connected));
    const handle = Network.addListener('networkStatusChange', (status) => onChange(status.connected));
    return () => void handle.then((listener) => listener.remove());
  }
  const online = () => onChange(true);
  const offline = () => onChange(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
