import { randomUUID } from 'node:crypto';
import type { UploadedImage } from '@/shared/contracts/staff';
import { uploadRefusals } from '@/shared/copy';
import { AppError } from '../../lib/errors';
import { sniffImageType } from '../../lib/image-type';
import type { FileStorage } from '../../providers/storage';

/** The largest image we keep. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Where a stored image is served from. */
export const uploadedImageUrl = (key: string) => `/api/uploads/${key}`;

function refuse(message: string): AppError {
  return new AppError({ kind: 'VALIDATION_FAILED', code: 'IMAGE_INVALID', message, fields: { file: message } });
}

/**
 * Keeps an image a staff member uploaded (a product or dish photo) under a new random name, once its
 * bytes prove it is a JPEG, PNG or WebP image within the size limit; the client's name and claimed
 * type count for nothing.
 */
export async function storeImage(options: { storage: FileStorage; file: unknown }): Promise<UploadedImage> {
  const { file } = options;
  if (!(file instanceof File) || file.size === 0) throw refuse(uploadRefusals.missing);
  if (file.size > MAX_IMAGE_BYTES) throw refuse(uploadRefusals.tooLarge);
  const data = Buffer.from(await file.arrayBuffer());
  const type = sniffImageType(data);
  if (!type) throw refuse(uploadRefusals.notAnImage);
  const key = `${randomUUID()}.${type.extension}`;
  await options.storage.put(key, { data, contentType: type.contentType });
  return { url: uploadedImageUrl(key), contentType: type.contentType, bytes: data.length };
}

/** A stored image, or 404. */
export async function readImage(options: { storage: FileStorage; key: string }) {
  const file = /^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(options.key) ? await options.storage.get(options.key) : undefined;
  if (!file) throw new AppError({ kind: 'NOT_FOUND', message: uploadRefusals.notFound });
  return file;
}
