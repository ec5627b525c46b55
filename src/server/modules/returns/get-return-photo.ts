import { orderRefusals } from '@/shared/copy';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { findReturnRequest, photoOf } from './return-records';

/** The photo of a return request, for the customer who sent it and for support; to anyone else it does not exist. */
export async function getReturnPhoto(options: { db: Db; viewer: Viewer; returnRequestId: string }): Promise<{ contentType: string; data: Uint8Array<ArrayBuffer> }> {
  const { viewer } = options;
  const request = await findReturnRequest(options.db, options.returnRequestId);
  const allowed = request && (viewer.role === 'support' || (viewer.role === 'customer' && request.customerProfileId === viewer.profileId));
  const photo = allowed ? await photoOf(options.db, request.id) : null;
  if (!photo) throw new AppError({ kind: 'NOT_FOUND', message: orderRefusals.returnNotFound });
  return { contentType: photo.contentType, data: Uint8Array.from(photo.data) };
}
