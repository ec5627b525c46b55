import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { deleteNativeDevice } from './notification-records';

/** The viewer's app install stops receiving pushes; unregistering one that was not theirs changes nothing. */
export async function unregisterNativeDevice(options: { db: Db; viewer: Viewer; token: string }): Promise<void> {
  await deleteNativeDevice(options.db, { profileId: options.viewer.profileId, token: options.token });
}
