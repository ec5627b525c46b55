import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { deleteSubscription } from './notification-records';

/** The viewer's device stops receiving pushes; unsubscribing a device that was not theirs changes nothing. */
export async function unsubscribeDevice(options: { db: Db; viewer: Viewer; endpoint: string }): Promise<void> {
  await deleteSubscription(options.db, { profileId: options.viewer.profileId, endpoint: options.endpoint });
}
