import { api, unwrap } from '@/web/lib/api-client';
import { checkNativePushPermission, isNative, registerForNativePush, unregisterFromNativePush } from '@/web/lib/platform';

/**
 * Where this device stands with push: `unavailable` (in the app, when the server does not push to
 * the app), `insecure` (the page was opened over plain http at an address other than this computer's,
 * where browsers offer neither service workers nor push), `unsupported` (no service worker or Push API,
 * or the worker is not installed, as in development), `blocked` (the person, the browser or the phone
 * refused permission), `off` or `on`.
 */
export type PushState = 'unavailable' | 'insecure' | 'unsupported' | 'blocked' | 'off' | 'on';

/** The app install's push token as last registered with the server for the person signed in. */
const NATIVE_TOKEN_KEY = 'freshcart-native-push-token';

function storedNativeToken(): string | null {
  try {
    return localStorage.getItem(NATIVE_TOKEN_KEY);
  } catch {
    return null;
  }
}

async function readNativePushState(): Promise<PushState> {
  const { native } = await unwrap(api.notifications['push-key'].$get());
  if (!native) return 'unavailable';
  const permission = await checkNativePushPermission();
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' && storedNativeToken() ? 'on' : 'off';
}

/** Asks permission (the system dialog), registers with FCM and hands this install's token to the server. */
async function enableNativePush(): Promise<PushState> {
  const registration = await registerForNativePush();
  if (registration.permission === 'denied') return 'blocked';
  if (registration.permission !== 'granted') return 'off';
  // The Android app is the only native build.
  await unwrap(api.notifications['native-device'].$put({ json: { token: registration.token, platform: 'android' } }));
  localStorage.setItem(NATIVE_TOKEN_KEY, registration.token);
  return 'on';
}

/** The server forgets this install, then FCM does (its token is deleted). */
async function disableNativePush(): Promise<PushState> {
  const token = storedNativeToken();
  if (token) await unwrap(api.notifications['native-device'].$delete({ json: { token } }));
  await unregisterFromNativePush();
  localStorage.removeItem(NATIVE_TOKEN_KEY);
  return 'off';
}

function pushCapable(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return pushCapable() ? navigator.serviceWorker.getRegistration() : undefined;
}

export async function readPushState(): Promise<PushState> {
  if (isNative) return readNativePushState();
  if (!window.isSecureContext) return 'insecure';
  const worker = await registration();
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/** Asks permission (the browser's prompt), subscribes this device with the server's key and registers it. */
export async function enablePush(): Promise<PushState> {
  if (isNative) return enableNativePush();
  const worker = await registration();
  if (!worker) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await unwrap(api.notifications['push-key'].$get());
  const existing = await worker.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot receive our pushes.
  const current = existing && keyOf(existing) === publicKey ? existing : await resubscribe(worker, existing, publicKey);
  await unwrap(api.notifications.subscription.$put({ json: subscriptionBody(current) }));
  return 'on';
}

function keyOf(subscription: PushSubscription): string | null {
  const key = subscription.options.applicationServerKey;
  return key ? btoa(String.fromCharCode(...new Uint8Array(key))).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '') : null;
}

async function resubscribe(worker: ServiceWorkerRegistration, existing: PushSubscription | null, publicKey: string): Promise<PushSubscription> {
  await existing?.unsubscribe();
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
}

/** Stops pushes to this device: the server forgets it, then the browser does. */
export async function disablePush(): Promise<PushState> {
  if (isNative) return disableNativePush();
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await unwrap(api.notifications.subscription.$delete({ json: { endpoint: subscription.endpoint } }));
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * At sign-out the browser drops this device's subscription (the app its FCM token), so the account
 * that left is told of nothing more here: the push service then answers 410 (FCM UNREGISTERED) and
 * the server forgets the device.
 */
export function forgetPushSubscription(): void {
  if (isNative) {
    if (!storedNativeToken()) return;
    localStorage.removeItem(NATIVE_TOKEN_KEY);
    void unregisterFromNativePush().catch(() => undefined);
    return;
  }
  void registration()
    .then((worker) => worker?.pushManager.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
