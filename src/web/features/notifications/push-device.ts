import { api, unwrap } from '@/web/lib/api-client';
import { isNative } from '@/web/lib/platform';

/**
 * Where this device stands with push: `native` (the app has no push yet), `unsupported` (no service
 * worker or Push API, or the worker is not installed, as in development), `blocked` (the person or
 * the browser refused permission), `off` or `on`.
 */
export type PushState = 'native' | 'unsupported' | 'blocked' | 'off' | 'on';

function pushCapable(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return pushCapable() ? navigator.serviceWorker.getRegistration() : undefined;
}

export async function readPushState(): Promise<PushState> {
  if (isNative) return 'native';
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
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription) {
    await unwrap(api.notifications.subscription.$delete({ json: { endpoint: subscription.endpoint } }));
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * At sign-out the browser drops this device's subscription, so the account that left is told of
 * nothing more here: the push service then answers 410 and the server forgets the device.
 */
export function forgetPushSubscription(): void {
  void registration()
    .then((worker) => worker?.pushManager.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
