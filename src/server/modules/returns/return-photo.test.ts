import { describe, expect, it } from 'vitest';
import { orderRefusals } from '@/shared/copy';
import { decodePhoto, MAX_PHOTO_BYTES } from './return-photo';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('a return photo', () => {
  it.each([
    ['image/jpeg', jpeg],
    ['image/png', png],
    ['image/webp', webp],
  ])('keeps a %s whose bytes are one', (type, bytes) => {
    expect(decodePhoto(dataUrl(type, bytes))).toEqual({ contentType: type, data: bytes });
  });

  it.each([
    ['a PNG sent as a JPEG', dataUrl('image/jpeg', png)],
    ['a JPEG sent as a WebP', dataUrl('image/webp', jpeg)],
    ['an HTML page sent as a PNG', dataUrl('image/png', Buffer.from('<html><script>alert(1)</script>'))],
    ['an SVG', dataUrl('image/svg+xml', Buffer.from('<svg/>'))],
    ['no data URL at all', 'https://example.test/photo.png'],
  ])('refuses %s at the photo field', (_what, value) => {
    expect(() => decodePhoto(value)).toThrow(expect.objectContaining({ status: 400, code: 'PHOTO_INVALID', fields: { photo: orderRefusals.photoInvalid } }));
  });

  it('refuses a photo above 600 KB', () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect(() => decodePhoto(dataUrl('image/jpeg', big))).toThrow(expect.objectContaining({ fields: { photo: orderRefusals.photoTooLarge } }));
  });
});
