import { randomInt } from 'node:crypto';

/** Letters and digits no one confuses when reading a number aloud or off a receipt: no 0/O, 1/I. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 'FC-20261122-4F7Q': the UTC date the order was placed and four random characters. */
export function newOrderNumber(now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let index = 0; index < 4; index += 1) suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `FC-${date}-${suffix}`;
}

/** The four digits the customer tells the driver, from the crypto generator. */
export function newDeliveryCode(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}
