/** The contract's limit is 600 KB of image; a data URL spends 4 characters per 3 bytes. */
export const MAX_PHOTO_BYTES = 600 * 1000;
const MAX_DATA_URL_LENGTH = Math.floor((MAX_PHOTO_BYTES * 4) / 3) + 'data:image/jpeg;base64,'.length;
const MAX_SIDE = 2048;

export class PhotoTooBig extends Error {}
export class PhotoUnreadable extends Error {}

/**
 * A customer's photo as a JPEG data URL of at most 600 KB: drawn on a canvas, at lower quality and
 * then smaller until it fits, so a phone's 5 MB picture can be sent. Throws PhotoUnreadable for a
 * file that is no picture, PhotoTooBig when even the smallest try does not fit.
 */
export async function downscalePhoto(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoUnreadable();
  }
  try {
    let scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height, 1));
    for (let round = 0; round < 6; round++) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new PhotoUnreadable();
      // JPEG has no transparency: a white ground instead of black behind a transparent PNG.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of [0.85, 0.7, 0.55]) {
        const url = canvas.toDataURL('image/jpeg', quality);
        if (url.length <= MAX_DATA_URL_LENGTH) return url;
      }
      scale *= 0.7;
    }
    throw new PhotoTooBig();
  } finally {
    bitmap.close?.();
  }
}
