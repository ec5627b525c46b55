import type { PushSubscriptionInput } from '@/shared/contracts/notifications';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { saveSubscription } from './notification-records';

/** Pushes to this device now go to the viewer (and no longer to whoever subscribed it before). */
export async function subscribeDevice(options: { db: Db; viewer: Viewer; input: PushSubscriptionInput }): Promise<void> {
  await saveSubscription(options.db, { profileId: options.viewer.profileId, target: options.input });
}
