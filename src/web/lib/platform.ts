import { App } from '@capacitor/app';
import { Capacitor, registerPlugin } from '@capacitor/core';
import { Geolocation, type PermissionStatus } from '@capacitor/geolocation';
import { Network } from '@capacitor/network';
import { PushNotifications, type PermissionStatus as PushPermissionStatus } from '@capacitor/push-notifications';
import { StatusBar, Style } from '@capacitor/status-bar';
import type { Coordinates } from '@/shared/contracts/locations';
import { nativeCopy } from '@/shared/copy';
import { forgetOnSignOut } from './sign-out-cleanup';
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
  // The connection may have changed between the caller's first read and this subscription.
  onChange(navigator.onLine);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

export type LocationPermission = 'granted' | 'denied' | 'prompt' | 'unavailable';

/**
 * `insecure`: a browser page not served securely (plain HTTP on a LAN address), where every request is
 * refused; `unsupported`: a browser without the geolocation API. Neither changes by waiting.
 */
export type LocationFailure = 'denied' | 'timeout' | 'unavailable' | 'insecure' | 'unsupported';

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

/**
 * Why the browser can never read a position, or null when it can: it needs the API and a secure page
 * (HTTPS or localhost); on a plain-HTTP address every request is refused whatever the user answers.
 */
function webGeolocationBlocked(): 'insecure' | 'unsupported' | null {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return 'unsupported';
  return null;
}

/** The location permission as it stands, without asking the user. */
export async function checkLocationPermission(): Promise<LocationPermission> {
  if (isNative) {
    // Throws when location services are switched off on the device.
    return Geolocation.checkPermissions().then(fromNative, () => 'unavailable' as const);
  }
  if (webGeolocationBlocked()) return 'unavailable';
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
  const blocked = webGeolocationBlocked();
  if (blocked) throw new LocationError(blocked);
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) =>
        reject(new LocationError(error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable')),
      { timeout: timeoutMs, maximumAge: maximumAgeMs, enableHighAccuracy: false },
    );
  });
}

/**
 * Runs `onResume` when the native app comes back to the foreground; nothing on the web, where a tab
 * in the background keeps its connections. Live streams reconnect on it: the system may have cut
 * them while the app slept without either end noticing.
 */
export function listenToAppResume(onResume: () => void) {
  if (!isNative) return () => {};
  const handle = App.addListener('resume', onResume);
  return () => void handle.then((listener) => listener.remove());
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
  const blocked = webGeolocationBlocked();
  if (blocked) {
    handlers.onError(new LocationError(blocked));
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

export type NativePushPermission = 'granted' | 'denied' | 'prompt';

function fromPushPermission(status: PushPermissionStatus): NativePushPermission {
  if (status.receive === 'granted' || status.receive === 'denied') return status.receive;
  return 'prompt';
}

/** The app's permission to show notifications, without asking; `denied` in a browser, which uses Web Push instead. */
export async function checkNativePushPermission(): Promise<NativePushPermission> {
  if (!isNative) return 'denied';
  return fromPushPermission(await PushNotifications.checkPermissions());
}

/** How long the push plugin may take to hand over a token: without Google Play services it never does. */
export const NATIVE_PUSH_REGISTRATION_LIMIT_MS = 20_000;

export type NativePushRegistration = { permission: 'granted'; token: string } | { permission: 'denied' | 'prompt' };

/**
 * Registers the app for pushes (FCM on Android): asks the permission when it has not been answered
 * (the system dialog, Android 13+), then registers and waits for the plugin's `registration` event,
 * which carries this install's token, or its `registrationError`, which is thrown.
 */
export async function registerForNativePush(): Promise<NativePushRegistration> {
  if (!isNative) throw new Error('Native push exists only in the app');
  let permission = await checkNativePushPermission();
  if (permission === 'prompt') permission = fromPushPermission(await PushNotifications.requestPermissions());
  if (permission !== 'granted') return { permission };
  const handles: Promise<{ remove: () => Promise<void> }>[] = [];
  const token = new Promise<string>((resolve, reject) => {
    handles.push(PushNotifications.addListener('registration', (result) => resolve(result.value)));
    handles.push(PushNotifications.addListener('registrationError', (failure) => reject(new Error(failure.error))));
  });
  try {
    await Promise.all(handles);
    await PushNotifications.register();
    const value = await withTimeout(token, NATIVE_PUSH_REGISTRATION_LIMIT_MS);
    if (value === null) throw new Error('No push token came from the device');
    return { permission: 'granted', token: value };
  } finally {
    for (const handle of handles) void handle.then((listener) => listener.remove());
  }
}

/** Drops this install's token at FCM (native only): pushes to it are refused from then on. */
export async function unregisterFromNativePush(): Promise<void> {
  if (isNative) await PushNotifications.unregister();
}

/**
 * A tap on one of the app's notifications opens the page it names (its `url` data field, a path of
 * the app); nothing in a browser, where the service worker does it.
 */
export function listenToNotificationTaps(navigate: (path: string) => void) {
  if (!isNative) return () => {};
  const handle = PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const url: unknown = (notification.data as { url?: unknown } | undefined)?.url;
    if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) navigate(url);
  });
  return () => void handle.then((listener) => listener.remove());
}

/** SPEC §7: the native wrapper's backend requests give up after 30 seconds. */
export const NATIVE_REQUEST_TIMEOUT_MS = 30_000;

/** A backend request that got no answer in time; its message reads as a network failure. */
export class RequestTimeoutError extends Error {
  constructor() {
    super('Network request timed out');
    this.name = 'TimeoutError';
  }
}

/** Where the native app keeps its session token (the WebView's storage, private to the app). */
export const NATIVE_SESSION_TOKEN_KEY = 'freshcart-session-token';

function storedSessionToken(): string | null {
  try {
    return localStorage.getItem(NATIVE_SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
}

function storeSessionToken(token: string) {
  try {
    localStorage.setItem(NATIVE_SESSION_TOKEN_KEY, token);
  } catch {
    // Storage refused: the app stays signed in until it is closed.
  }
}

// The token goes with the rest of what a sign-out forgets on this device.
if (isNative) forgetOnSignOut(() => localStorage.removeItem(NATIVE_SESSION_TOKEN_KEY));

/**
 * `fetch` for backend requests. On the web it is plain fetch (the session is a same-origin cookie).
 * On native the app's pages are not on the server's origin, so the session travels as a bearer
 * token instead of a cookie: the token the server sends in `set-auth-token` at sign-in is kept and
 * sent as `Authorization: Bearer …`, and cookies stay out (the server trusts the Capacitor origins
 * only for requests without one). A native request with no response within 30 seconds is aborted
 * and fails with a RequestTimeoutError; the limit covers the wait for the response, not the reading
 * of its body, so a live stream stays open once it has started.
 */
export async function platformFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (!isNative) return fetch(input, init);
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  const token = storedSessionToken();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  const controller = new AbortController();
  const outer = init.signal;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, NATIVE_REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(input, { ...init, headers, credentials: 'omit', signal: controller.signal });
    const fresh = response.headers.get('set-auth-token');
    if (fresh) storeSessionToken(fresh);
    return response;
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SPEC §8: the console noise suppressed in the native app, and only that: messages of an ads SDK
 * (Google Mobile Ads / AdMob), Firebase, Firestore, and the WebView's iframe sandbox warnings.
 */
export const consoleNoisePatterns: readonly RegExp[] = [
  /\bAdMob\b|Google Mobile Ads/i,
  /\bFirebase|@firebase\//i,
  /\bFirestore\b/i,
  /\biframe\b[\s\S]*\bsandbox|\bsandbox[\s\S]*\biframe\b/i,
];

function describeArgument(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return '';
}

export function isConsoleNoise(args: readonly unknown[]): boolean {
  const text = args.map(describeArgument).join(' ');
  return text !== '' && consoleNoisePatterns.some((pattern) => pattern.test(text));
}

const filteredMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** Drops the listed noise from `target`'s methods, passing everything else through; returns the undo. */
export function filterConsoleNoise(target: Console = console): () => void {
  const originals = filteredMethods.map((method) => [method, target[method]] as const);
  for (const [method, original] of originals) {
    target[method] = (...args: unknown[]) => {
      if (!isConsoleNoise(args)) original.apply(target, args);
    };
  }
  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}

/** The console filter, on native only: in a browser every message stays visible. */
export function installNativeConsoleFilter(target: Console = console): () => void {
  return isNative ? filterConsoleNoise(target) : () => {};
}

export type NativeErrorKind = 'payment-configuration' | 'location-permission' | 'ignore';

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'object' && error !== null) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return [typeof message === 'string' ? message : '', typeof code === 'string' || typeof code === 'number' ? String(code) : ''].join(' ');
  }
  return '';
}

/**
 * What an uncaught error in the native app means to the customer (SPEC §8): a missing permission in
 * the Android manifest is ignored (a build matter, nothing the customer can act on); authError or 401
 * is the payment system refusing the app's configuration; a refused location permission asks the
 * customer to enable it in settings. Null for anything else, which is left as it is.
 */
export function classifyNativeError(error: unknown): NativeErrorKind | null {
  const text = errorText(error);
  if (/AndroidManifest|Missing the following permissions/i.test(text)) return 'ignore';
  if (/authError|\b401\b/.test(text)) return 'payment-configuration';
  if (/location/i.test(text) && /permission|denied/i.test(text)) return 'location-permission';
  return null;
}

export interface NativeNotifier {
  error(message: string): void;
  warning(message: string): void;
}

/** Listens, on native only, for uncaught errors and rejections and tells the customer what the ones of SPEC §8 mean. */
export function listenToNativeErrors(notify: NativeNotifier): () => void {
  if (!isNative) return () => {};
  const handle = (reason: unknown, event: Event) => {
    const kind = classifyNativeError(reason);
    if (kind === 'ignore') event.preventDefault();
    else if (kind === 'payment-configuration') notify.error(nativeCopy.paymentUnavailable);
    else if (kind === 'location-permission') notify.warning(nativeCopy.locationAccess);
  };
  const onError = (event: ErrorEvent) => handle(event.error ?? event.message, event);
  const onRejection = (event: PromiseRejectionEvent) => handle(event.reason, event);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** A Google account on the device, as a native sign-in plugin gives it. */
export interface GoogleIdTokenProvider {
  signIn(): Promise<{ idToken: string; accessToken?: string }>;
  signOut(): Promise<void>;
}

/** The shape of the community Capacitor Google sign-in plugins registered under 'GoogleAuth'. */
interface GoogleAuthPlugin {
  signIn(): Promise<{ authentication: { idToken: string; accessToken?: string } }>;
  signOut(): Promise<void>;
}

/**
 * The default provider talks to a native plugin registered as 'GoogleAuth' (see ADR 035): the web
 * layer needs no package for it; without the plugin in the Android build the call fails and the
 * customer sees 'Sign in failed'.
 */
const pluginGoogleProvider: GoogleIdTokenProvider = {
  async signIn() {
    const { authentication } = await registerPlugin<GoogleAuthPlugin>('GoogleAuth').signIn();
    return { idToken: authentication.idToken, accessToken: authentication.accessToken };
  },
  signOut: () => registerPlugin<GoogleAuthPlugin>('GoogleAuth').signOut(),
};

let googleProvider: GoogleIdTokenProvider = pluginGoogleProvider;

/** Replaces the native Google account provider (a different plugin, or a test double). */
export function setGoogleIdTokenProvider(provider: GoogleIdTokenProvider | null) {
  googleProvider = provider ?? pluginGoogleProvider;
}

/** Google's "sign in again" status (code 16): the device's Google session must be dropped first. */
function isReauthError(error: unknown) {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 16 || code === '16' || /\bcode:? ?16\b|^16:/i.test(error instanceof Error ? error.message : '');
}

/** Signs in with the device's Google account; after a reauth error it logs out of Google and tries once more. */
async function nativeGoogleIdToken() {
  try {
    return await googleProvider.signIn();
  } catch (error) {
    if (!isReauthError(error)) throw error;
    await googleProvider.signOut().catch(() => {});
    return googleProvider.signIn();
  }
}

export type GoogleSignInRequest =
  | { provider: 'google'; idToken: { token: string; accessToken?: string } }
  | { provider: 'google'; callbackURL: string; errorCallbackURL: string };

/**
 * The body of `POST /api/auth/sign-in/social` for Google: on native an ID token from the device's
 * account (the server checks it and answers with a session); on the web the OAuth redirect, coming
 * back to `callbackURL` or, on failure, `errorCallbackURL`.
 */
export async function googleSignInRequest(urls: { callbackURL: string; errorCallbackURL: string }): Promise<GoogleSignInRequest> {
  if (!isNative) return { provider: 'google', ...urls };
  const { idToken, accessToken } = await nativeGoogleIdToken();
  return { provider: 'google', idToken: accessToken ? { token: idToken, accessToken } : { token: idToken } };
}
