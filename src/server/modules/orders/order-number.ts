import { randomInt } from 'node:crypto';
import { tzOffset } from '@date-fns/tz';

/** Letters and digits no one confuses when reading a number aloud or off a receipt: no 0/O, 1/I. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * 'FC-20261122-4F7Q': the date the order was placed where it is delivered (the warehouse's or kitchen's
 * time zone, the one its times are shown in) and four random characters, so an order placed at 10 pm
 * on the 22nd in Chicago is not numbered the 23rd.
 */
export function newOrderNumber(timeZone: string, now: Date = new Date()): string {
  const wallClock = new Date(now.getTime() + tzOffset(timeZone, now) * 60_000);
  const date = wallClock.toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let index = 0; index < 4; index += 1) suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `FC-${date}-${suffix}`;
}

/** The four digits the customer tells the driver, from the crypto generator. */
export function newDeliveryCode(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}
