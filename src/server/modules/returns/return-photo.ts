import { orderRefusals } from '@/shared/copy';
import { AppError } from '../../lib/errors';

/** The largest photo a return request keeps, decoded. */
export const MAX_PHOTO_BYTES = 600 * 1024;

const signatures: Record<string, (bytes: Buffer) => boolean> = {
  'image/jpeg': (bytes) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/png': (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

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
  if (!signatures[contentType]!(data)) throw refuse(orderRefusals.photoInvalid);
  return { contentType, data };
}
