declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** RFC 8188 decryption as a push receiver does it: the receiver's ECDH key and the subscription's auth secret. */
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
