/** The image types we accept from users, told by the file's first bytes (its magic number), never its name. */
const signatures = {
  'image/jpeg': { extension: 'jpg', matches: (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  'image/png': { extension: 'png', matches: (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/webp': {
    extension: 'webp',
    matches: (bytes: Buffer) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  },
} as const;

export type ImageType = keyof typeof signatures;

/** The image type these bytes really are, or nothing. */
export function sniffImageType(bytes: Buffer): { contentType: ImageType; extension: string } | undefined {
  for (const [contentType, signature] of Object.entries(signatures) as [ImageType, (typeof signatures)[ImageType]][]) {
    if (signature.matches(bytes)) return { contentType, extension: signature.extension };
  }
  return undefined;
}
