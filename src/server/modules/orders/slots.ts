import { sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client';

/**
 * Delivery capacity: each warehouse (and each kitchen) takes a number of orders per hour. An order
 * holds a place in one hour, named by the hour's start, of its warehouse, or of its kitchen for dishes.
 */

// The count rises only while below the capacity, in one statement: the last place is sold once.
const bookOne = preparedQuery<{ resourceId: string; slotStart: Date; capacity: number }, { booked: number }>(
  'book_slot',
  ({ resourceId, slotStart, capacity }) => sql`insert into slot_bookings as s (resource_id, slot_start, booked)
    select ${resourceId}, ${slotStart.toISOString()}::timestamptz, 1 where ${capacity}::int > 0
    on conflict (resource_id, slot_start) do update set booked = s.booked + 1 where s.booked < ${capacity}::int
    returning booked`,
);

const releaseOne = preparedQuery<{ resourceId: string; slotStart: Date }, unknown>(
  'release_slot',
  ({ resourceId, slotStart }) => sql`update slot_bookings set booked = booked - 1
    where resource_id = ${resourceId} and slot_start = ${slotStart.toISOString()}::timestamptz and booked > 0`,
);

const bookedIn = preparedQuery<{ resourceId: string; from: Date; to: Date }, { slotStart: Date | string; booked: number }>(
  'slots_booked',
  ({ resourceId, from, to }) => sql`select slot_start as "slotStart", booked from slot_bookings
    where resource_id = ${resourceId} and slot_start >= ${from.toISOString()}::timestamptz and slot_start < ${to.toISOString()}::timestamptz`,
);

/** Takes a place in an hour, inside the caller's transaction; false when the hour is full. */
export async function bookSlot(tx: Db, options: { resourceId: string; slotStart: Date; capacity: number }): Promise<boolean> {
  const rows = await bookOne(tx, options);
  return rows.length > 0;
}

/** Gives a place back (a cancelled order). */
export async function releaseSlot(tx: Db, options: { resourceId: string; slotStart: Date }): Promise<void> {
  await releaseOne(tx, options);
}

/** How many places are taken in each booked hour between two instants, by the hour's start (ms). */
export async function bookedSlots(db: Db, options: { resourceId: string; from: Date; to: Date }): Promise<Map<number, number>> {
  const rows = await bookedIn(db, options);
  return new Map(rows.map((row) => [new Date(row.slotStart).getTime(), row.booked]));
}
