import { apiBaseUrl } from './api-client';

/** Server-relative image paths work on the web; the native app needs the server's address in front. */
export function mediaSrc(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return path.startsWith('/') ? apiBaseUrl + path : path;
}
