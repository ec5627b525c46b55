import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes version-4 UUIDs without crypto.randomUUID, which plain-http pages at a LAN address lack', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const ids = Array.from({ length: 100 }, () => randomId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(100);
  });
});
