import { z } from 'zod';
import type { Role } from '../roles';

/** What a person may be told about by push; each can be turned off in their account. */
export const notificationKinds = [
  /** To the customer: their order was placed, confirmed, is on its way, was delivered. */
  'order_placed',
  'order_confirmed',
  'order_out_for_delivery',
  'order_delivered',
  /** To the customer: support approved or rejected their return request. */
  'refund_decided',
  /** To a kitchen owner or a warehouse's managers: a new order to prepare. */
  'new_order',
  /** To a driver on shift: a delivery of their warehouse that nobody drives yet. */
  'delivery_offered',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The kinds that can concern each role; the account page shows a switch for each. */
export const notificationKindsByRole: Record<Role, readonly NotificationKind[]> = {
  customer: ['order_placed', 'order_confirmed', 'order_out_for_delivery', 'order_delivered', 'refund_decided'],
  cloud_kitchen: ['new_order'],
  manager: ['new_order'],
  driver: ['delivery_offered'],
  admin: [],
  support: [],
};

/** GET /api/notifications/preferences and the body of PUT: every kind of the viewer's role, on or off. */
export const notificationPreferences = z.object({
  kinds: z.array(z.object({ kind: z.enum(notificationKinds, { error: 'Unknown notification kind' }), enabled: z.boolean({ error: 'Must be on or off' }) })).max(notificationKinds.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * GET /api/notifications/push-key: what a browser subscribes with (the VAPID public key), and whether
 * this server can push to the native app at all (FCM configured).
 */
export const pushKey = z.object({ publicKey: z.string(), native: z.boolean() });
export type PushKey = z.infer<typeof pushKey>;

/** A key of the subscription, base64url: the browser's public key is 65 bytes, the auth secret 16. */
const base64UrlKey = (label: string, bytes: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^[A-Za-z0-9_-]{1,200}={0,2}$/, `${label} must be base64url`)
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, `${label} must be ${bytes} bytes`);

/** PUT /api/notifications/subscription: this device's push subscription, as PushSubscription#toJSON gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'Must be the push service URL' }).max(2000, 'Endpoint is too long'),
  keys: z.object({ p256dh: base64UrlKey('p256dh', 65), auth: base64UrlKey('auth', 16) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/notifications/subscription: the device that no longer wants pushes. */
export const pushUnsubscribeInput = z.object({ endpoint: pushSubscriptionInput.shape.endpoint });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInput>;

/** The native platforms a device token can come from (Android, through Firebase Cloud Messaging). */
export const nativePushPlatforms = ['android'] as const;

/** An FCM registration token: about 160 characters of base64url and a colon; bounded well above that. */
const nativeDeviceToken = z
  .string({ error: 'Token is required' })
  .min(32, 'Token is too short')
  .max(4096, 'Token is too long')
  .regex(/^[A-Za-z0-9_:.-]+$/, 'Token has characters a device token never has');

/** PUT /api/notifications/native-device: this app install's push token, as the native push plugin gives it. */
export const nativeDeviceInput = z.object({
  token: nativeDeviceToken,
  platform: z.enum(nativePushPlatforms, { error: 'Unknown platform' }),
});
export type NativeDeviceInput = z.infer<typeof nativeDeviceInput>;

/** DELETE /api/notifications/native-device: the app install that no longer wants pushes. */
export const nativeDeviceRemoval = z.object({ token: nativeDeviceToken });
export type NativeDeviceRemoval = z.infer<typeof nativeDeviceRemoval>;

/** What a push says: the service worker (web) or the system tray (native app) shows it. */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened (or focused) when the notification is clicked. */
  url: string;
  /** Notifications with the same tag replace each other: one per order. */
  tag: string;
}
