import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { placeOrderInput } from '@/shared/contracts/orders';
import { refOf } from '@/shared/cart-rules';
import type { StoredLine } from '../cart/cart-access';

export type PlaceOrderValues = z.output<typeof placeOrderInput>;

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);

/**
 * What a placement asked for, to tell a retry from a different order under a reused key (ADR 014):
 * every input field, and the cart's lines (item and quantity), as two halves. Placing empties the
 * cart, so a retry that finds it empty is judged by its input alone.
 */
export function requestDigest(input: PlaceOrderValues, lines: readonly StoredLine[]): string {
  const delivery = input.delivery.kind === 'window' ? { kind: 'window', start: new Date(input.delivery.start).toISOString() } : { kind: 'asap' };
  const asked = hash([
    input.addressId,
    delivery,
    input.tip,
    input.paymentMethod,
    input.driverNotes,
    Object.entries(input.substitutions).sort(([a], [b]) => a.localeCompare(b)),
    input.expectedTotal,
  ]);
  const cart = hash(lines.map((line) => [line.itemType, refOf(line), line.quantity]));
  return `${asked}.${cart}`;
}

/** Whether a repeated placement asks for what the stored order was placed with. */
export function sameRequest(options: { stored: string; digest: string; cartEmpty: boolean }): boolean {
  if (options.stored === options.digest) return true;
  const [storedInput] = options.stored.split('.');
  const [input] = options.digest.split('.');
  return options.cartEmpty && storedInput === input;
}
