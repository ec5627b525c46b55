import { randomId } from '@/web/lib/random-id';

/**
 * The idempotency key of one checkout attempt: the same while the order's inputs stay the same (a
 * double click, a retry after a network error), a new one once they change, since the server refuses a
 * key reused for a different order.
 */
export class AttemptKey {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = randomId) {}

  for(fingerprint: string): string {
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }
}
