import type { NativeDeviceInput } from '@/shared/contracts/notifications';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { saveNativeDevice } from './notification-records';

/** Pushes to this app install now go to the viewer (and no longer to whoever registered it before). */
export async function registerNativeDevice(options: { db: Db; viewer: Viewer; input: NativeDeviceInput }): Promise<void> {
  await saveNativeDevice(options.db, { profileId: options.viewer.profileId, device: options.input });
}
