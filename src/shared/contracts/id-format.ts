import { uuid } from 'zod/mini';

/**
 * The format of `id` (./common.ts), with zod/mini: what the browser checks on its first load uses it,
 * so zod's classic API stays out of that load (docs/decisions/045-zod-mini-and-copy-areas-in-the-first-load.md).
 * Both are zod's own uuid check.
 */
export const idFormat = uuid();

export function isId(value: unknown): boolean {
  return idFormat.safeParse(value).success;
}
