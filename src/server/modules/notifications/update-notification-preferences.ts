import { notificationKindsByRole, type NotificationPreferences } from '@/shared/contracts/notifications';
import { notificationCopy } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getNotificationPreferences } from './get-notification-preferences';
import { setOptOuts } from './notification-records';

/** Turns kinds on or off for the viewer; a kind that cannot concern their role is refused, and nothing changes. */
export async function updateNotificationPreferences(options: { db: Db; viewer: Viewer; input: NotificationPreferences }): Promise<NotificationPreferences> {
  const { db, viewer, input } = options;
  const allowed = notificationKindsByRole[viewer.role];
  const index = input.kinds.findIndex((entry) => !allowed.includes(entry.kind));
  if (index >= 0) {
    const message = notificationCopy.refusals.kindNotForRole;
    throw new AppError({ kind: 'VALIDATION_FAILED', message, fields: { [`kinds.${index}.kind`]: message } });
  }
  await setOptOuts(db, { profileId: viewer.profileId, kinds: input.kinds });
  return getNotificationPreferences({ db, viewer });
}
