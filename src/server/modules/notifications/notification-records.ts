import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NativeDeviceInput, NotificationKind } from '@/shared/contracts/notifications';
import { preparedQuery, type Db } from '../../db/client';
import type { PushTarget } from '../../providers/push';
import { nativePushDevices, notificationOptOuts, pushSubscriptions } from './notifications.tables';

// Every order event runs it, on every instance: prepared, and one statement for all of an event's notices.
const claim = preparedQuery<{ orderEventId: number; wanted: string }, { profileId: string; kind: NotificationKind }>(
  'claim_notification_deliveries',
  ({ orderEventId, wanted }) => sql`insert into notification_deliveries (order_event_id, profile_id, kind)
      select ${orderEventId}::bigint, r.profile_id, r.kind::notification_kind
      from jsonb_to_recordset(${wanted}::jsonb) as r(profile_id uuid, kind text)
      where (exists (select 1 from push_subscriptions s where s.profile_id = r.profile_id)
          or exists (select 1 from native_push_devices n where n.profile_id = r.profile_id))
        and not exists (select 1 from notification_opt_outs o where o.profile_id = r.profile_id and o.kind = r.kind::notification_kind)
      on conflict do nothing
      returning profile_id as "profileId", kind`,
);

/**
 * Claims the sending of one event's notifications, each of a kind to some people, to those who have a
 * device (a browser or the native app) and have not turned the kind off. Answers, per notice, the
 * people whose claims this call won: an instance that hears the same event later finds them taken
 * and sends nothing.
 */
export async function claimDeliveries(
  db: Db,
  options: { orderEventId: number; notices: readonly { kind: NotificationKind; profileIds: readonly string[] }[] },
): Promise<string[][]> {
  const wanted = options.notices.flatMap(({ kind, profileIds }) => profileIds.map((profileId) => ({ profile_id: profileId, kind })));
  if (wanted.length === 0) return options.notices.map(() => []);
  const rows = await claim(db, { orderEventId: options.orderEventId, wanted: JSON.stringify(wanted) });
  return options.notices.map(({ kind, profileIds }) => profileIds.filter((id) => rows.some((row) => row.kind === kind && row.profileId === id)));
}

/** Every device subscribed by these people. */
export async function subscriptionsOf(db: Db, profileIds: readonly string[]): Promise<(PushTarget & { profileId: string })[]> {
  if (profileIds.length === 0) return [];
  const rows = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.profileId, [...profileIds]));
  return rows.map((row) => ({ profileId: row.profileId, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
}

/** Saves this device's subscription for this person; a device already subscribed by someone else moves to them. */
export async function saveSubscription(db: Db, options: { profileId: string; target: PushTarget }): Promise<void> {
  const { endpoint, keys } = options.target;
  await db
    .insert(pushSubscriptions)
    .values({ endpoint, profileId: options.profileId, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { profileId: options.profileId, p256dh: keys.p256dh, auth: keys.auth } });
}

/** Forgets this person's device; another person's subscription on that endpoint stays. */
export async function deleteSubscription(db: Db, options: { profileId: string; endpoint: string }): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, options.endpoint), eq(pushSubscriptions.profileId, options.profileId)));
}

/** Forgets a subscription the push service says is gone, whoever it belonged to. */
export async function deleteDeadSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** Every native app install registered by these people. */
export async function nativeDevicesOf(db: Db, profileIds: readonly string[]): Promise<{ profileId: string; token: string }[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: nativePushDevices.profileId, token: nativePushDevices.token })
    .from(nativePushDevices)
    .where(inArray(nativePushDevices.profileId, [...profileIds]));
}

/** Saves this app install's token for this person; a token already registered by someone else moves to them. */
export async function saveNativeDevice(db: Db, options: { profileId: string; device: NativeDeviceInput }): Promise<void> {
  const { token, platform } = options.device;
  await db
    .insert(nativePushDevices)
    .values({ token, platform, profileId: options.profileId })
    .onConflictDoUpdate({ target: nativePushDevices.token, set: { profileId: options.profileId, platform } });
}

/** Forgets this person's app install; another person's registration of that token stays. */
export async function deleteNativeDevice(db: Db, options: { profileId: string; token: string }): Promise<void> {
  await db.delete(nativePushDevices).where(and(eq(nativePushDevices.token, options.token), eq(nativePushDevices.profileId, options.profileId)));
}

/** Forgets a token FCM says is no longer registered, whoever it belonged to. */
export async function deleteDeadNativeDevice(db: Db, token: string): Promise<void> {
  await db.delete(nativePushDevices).where(eq(nativePushDevices.token, token));
}

export async function optedOutKinds(db: Db, profileId: string): Promise<Set<NotificationKind>> {
  const rows = await db.select({ kind: notificationOptOuts.kind }).from(notificationOptOuts).where(eq(notificationOptOuts.profileId, profileId));
  return new Set(rows.map((row) => row.kind));
}

/** Turns these kinds on or off for this person. */
export async function setOptOuts(db: Db, options: { profileId: string; kinds: readonly { kind: NotificationKind; enabled: boolean }[] }): Promise<void> {
  const off = options.kinds.filter((entry) => !entry.enabled).map((entry) => entry.kind);
  const on = options.kinds.filter((entry) => entry.enabled).map((entry) => entry.kind);
  await db.transaction(async (tx) => {
    if (on.length > 0) await tx.delete(notificationOptOuts).where(and(eq(notificationOptOuts.profileId, options.profileId), inArray(notificationOptOuts.kind, on)));
    if (off.length > 0) await tx.insert(notificationOptOuts).values(off.map((kind) => ({ profileId: options.profileId, kind }))).onConflictDoNothing();
  });
}
