import { orderRefusals } from '@/shared/copy';
import { AppError } from '../../lib/errors';
import { sniffImageType } from '../../lib/image-type';

/** The largest photo a return request keeps, decoded. */
export const MAX_PHOTO_BYTES = 600 * 1024;

function refuse(message: string): AppError {
  return new AppError({ kind: 'VALIDATION_FAILED', code: 'PHOTO_INVALID', message, fields: { photo: message } });
}

/**
 * Decodes a photo sent as a data URL and checks its bytes really are the image type it claims (by the
 * file's magic number): a renamed file or anything else is refused at the photo field.
 */
export function decodePhoto(dataUrl: string): { contentType: string; data: Buffer } {
  const match = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw refuse(orderRefusals.photoInvalid);
  const contentType = match[1]!;
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > MAX_PHOTO_BYTES) throw refuse(orderRefusals.photoTooLarge);
  if (sniffImageType(data)?.contentType !== contentType) throw refuse(orderRefusals.photoInvalid);
  return { contentType, data };
}
