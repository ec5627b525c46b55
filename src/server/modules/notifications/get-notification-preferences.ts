import { notificationKindsByRole, type NotificationPreferences } from '@/shared/contracts/notifications';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { optedOutKinds } from './notification-records';

/** Every kind of notification that can concern the viewer's role, and whether they left it on. */
export async function getNotificationPreferences(options: { db: Db; viewer: Viewer }): Promise<NotificationPreferences> {
  const off = await optedOutKinds(options.db, options.viewer.profileId);
  return { kinds: notificationKindsByRole[options.viewer.role].map((kind) => ({ kind, enabled: !off.has(kind) })) };
}
