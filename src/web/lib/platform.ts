import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { Geolocation, type PermissionStatus } from '@capacitor/geolocation';
import { Network } from '@capacitor/network';
import { StatusBar, Style } from '@capacitor/status-bar';
import type { Coordinates } from '@/shared/contracts/locations';
import { withTimeout } from './with-timeout';

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

export type LocationPermission = 'granted' | 'denied' | 'prompt' | 'unavailable';

export type LocationFailure = 'denied' | 'timeout' | 'unavailable';

/** Why the device position could not be read. */
export class LocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(`Location ${reason}`);
    this.name = 'LocationError';
  }
}

/**
 * The longest a position read may take when the browser's permission prompt is involved: the
 * browser's own time-out does not count the time the prompt stays open.
 */
export const POSITION_WAIT_LIMIT_MS = 30_000;

function fromNative(status: PermissionStatus): LocationPermission {
  // Android 12+ lets the user grant only an approximate location, which is enough to find a warehouse.
  if (status.location === 'granted' || status.coarseLocation === 'granted') return 'granted';
  if (status.location === 'denied') return 'denied';
  return 'prompt';
}

/** The location permission as it stands, without asking the user. */
export async function checkLocationPermission(): Promise<LocationPermission> {
  if (isNative) {
    // Throws when location services are switched off on the device.
    return Geolocation.checkPermissions().then(fromNative, () => 'unavailable' as const);
  }
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return 'unavailable';
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    // Browsers without the Permissions API still prompt on the first position request.
    return 'prompt';
  }
}

/**
 * Asks for the permission. On native this is the system dialog; on the web a position request is
 * the only way to make the browser ask.
 */
export async function requestLocationPermission(): Promise<LocationPermission> {
  if (isNative) return Geolocation.requestPermissions({ permissions: ['location'] }).then(fromNative, () => 'unavailable' as const);
  try {
    const position = await withTimeout(getCurrentPosition({ timeoutMs: 10_000 }), POSITION_WAIT_LIMIT_MS);
    return position ? 'granted' : checkLocationPermission();
  } catch (error) {
    if (error instanceof LocationError && error.reason === 'denied') return 'denied';
    return checkLocationPermission();
  }
}

/** The device position, no older than `maximumAgeMs`, or a LocationError. */
export async function getCurrentPosition(options: { timeoutMs: number; maximumAgeMs?: number }): Promise<Coordinates> {
  const { timeoutMs, maximumAgeMs = 0 } = options;
  if (isNative) {
    try {
      const position = await Geolocation.getCurrentPosition({ timeout: timeoutMs, maximumAge: maximumAgeMs, enableHighAccuracy: false });
      return { latitude: position.coords.latitude, longitude: position.coords.longitude };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new LocationError(/denied|permission/i.test(message) ? 'denied' : /time/i.test(message) ? 'timeout' : 'unavailable');
    }
  }
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) throw new LocationError('unavailable');
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) =>
        reject(new LocationError(error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable')),
      { timeout: timeoutMs, maximumAge: maximumAgeMs, enableHighAccuracy: false },
    );
  });
}

/** Runs `onResume` when the app comes back to the foreground: app resume on native, window focus on the web. */
export function listenToResume(onResume: () => void) {
  if (isNative) {
    const handle = App.addListener('resume', onResume);
    return () => void handle.then((listener) => listener.remove());
  }
  window.addEventListener('focus', onResume);
  return () => window.removeEventListener('focus', onResume);
}

/**
 * Follows the device position until the returned function is called: `onPosition` for each fix,
 * `onError` when it cannot be read (the permission refused, no fix). The browser's watch on the web,
 * the Geolocation plugin on native; on both the permission is asked for on the first use.
 */
export function watchPosition(handlers: { onPosition: (position: Coordinates) => void; onError: (error: LocationError) => void }): () => void {
  const options = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 5_000 };
  if (isNative) {
    const watch = Geolocation.watchPosition(options, (position, error: unknown) => {
      if (position) handlers.onPosition({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      else handlers.onError(new LocationError(/denied|permission/i.test(String(error)) ? 'denied' : 'unavailable'));
    }).catch((error: unknown) => {
      handlers.onError(new LocationError(/denied|permission/i.test(String(error)) ? 'denied' : 'unavailable'));
      return null;
    });
    return () =>
      void watch.then((id) => {
        if (id !== null) void Geolocation.clearWatch({ id });
      });
  }
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    handlers.onError(new LocationError('unavailable'));
    return () => {};
  }
  const { geolocation } = navigator;
  const id = geolocation.watchPosition(
    (position) => handlers.onPosition({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
    (error) => handlers.onError(new LocationError(error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable')),
    options,
  );
  return () => geolocation.clearWatch(id);
}
