import { TZDate, tzOffset } from '@date-fns/tz';
import type { DeliveryChoice } from '@/shared/contracts/orders';
import { DELIVERY_WINDOW_DAYS, WAREHOUSE_DELIVERY_HOURS, WINDOW_MINUTES, travelMinutes } from '@/shared/delivery';
import { isOpenAt } from '../kitchens/opening-hours';

/**
 * Delivery times (ADR 014): hour-long windows of the source's own clock, today and tomorrow, each with
 * a number of places; as soon as possible holds a place in the hour its estimate falls in. Pure: the
 * caller reads the clock and the booked places and passes them in.
 */

type KitchenHours = Parameters<typeof isOpenAt>[0]['hours'];

/** When the source delivers: a warehouse's fixed hours, or a kitchen's opening hours and its open switch. */
export type SourceHours = { kind: 'warehouse' } | { kind: 'kitchen'; openingHours: KitchenHours; isOpen: boolean };

export interface DeliveryPlanInput {
  now: Date;
  timeZone: string;
  hours: SourceHours;
  /** Orders per hour. */
  capacity: number;
  /** Picking (warehouse) or cooking (kitchen) before the order leaves. */
  preparationMinutes: number;
  /** Null when the address could not be placed on the map. */
  distanceMiles: number | null;
  /** Places taken per hour, by the hour's start in ms (bookedSlots); empty when the booking itself decides. */
  booked: ReadonlyMap<number, number>;
}

export interface PlannedWindow {
  start: Date;
  end: Date;
  /** Starts before the order could arrive. */
  tooSoon: boolean;
  remaining: number;
  available: boolean;
}

export interface DeliveryPlan {
  timeZone: string;
  /** Preparation plus travel. */
  leadMinutes: number;
  asap: {
    /** The source takes orders now (a warehouse in its hours, an open kitchen). */
    open: boolean;
    remaining: number;
    available: boolean;
    estimatedAt: Date;
    /** The hour whose place an ASAP order holds. */
    slotStart: Date;
  };
  windows: PlannedWindow[];
}

const MINUTE = 60_000;

/** Zone offsets already worked out, by zone and instant: every plan of a day asks for the same hours. */
const offsets = new Map<string, Map<number, number>>();
const offsetsKeptPerZone = 4096;

/** The zone's offset from UTC at an instant, in minutes; remembered, as `Intl` takes far longer to work it out than a lookup. */
function offsetAt(instant: number, timeZone: string): number {
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, (known = new Map()));
  let offset = known.get(instant);
  if (offset === undefined) {
    if (known.size >= offsetsKeptPerZone) known.clear();
    offset = tzOffset(timeZone, new Date(instant));
    known.set(instant, offset);
  }
  return offset;
}

/** Milliseconds since the epoch as the zone's wall clock reads them (cheaper than a TZDate on hot paths). */
function wallClock(instant: number, timeZone: string): number {
  return instant + offsetAt(instant, timeZone) * MINUTE;
}

/** The hour (0–23) of the zone's clock at an instant. */
function localHour(instant: number, timeZone: string): number {
  return new Date(wallClock(instant, timeZone)).getUTCHours();
}

/** The start of the local hour an instant falls in. */
export function hourStart(instant: Date, timeZone: string): Date {
  const intoHour = ((wallClock(instant.getTime(), timeZone) % 3_600_000) + 3_600_000) % 3_600_000;
  return new Date(instant.getTime() - intoHour);
}

/**
 * The instants a window may start at: every local whole hour of today and tomorrow. Stepping an hour
 * at a time from local midnight keeps to the clock's whole hours across a DST change, so the day the
 * clocks go forward has 23 and the day they go back 25 (both 1 a.m. hours).
 */
function candidateStarts(now: Date, timeZone: string): Date[] {
  const { from, to } = dayRange(now, timeZone, DELIVERY_WINDOW_DAYS);
  const starts: Date[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += WINDOW_MINUTES * MINUTE) starts.push(new Date(start));
  return starts;
}

/** From local midnight today to local midnight `days` later. */
function dayRange(now: Date, timeZone: string, days: number): { from: Date; to: Date } {
  const today = new TZDate(now.getTime(), timeZone);
  const from = new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), 0, 0, 0, 0, timeZone);
  const to = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 0, 0, 0, 0, timeZone);
  return { from: new Date(from.getTime()), to: new Date(to.getTime()) };
}

function deliversDuring(hours: SourceHours, timeZone: string, start: Date): boolean {
  if (hours.kind === 'warehouse') {
    const hour = localHour(start.getTime(), timeZone);
    return hour >= WAREHOUSE_DELIVERY_HOURS.opens && hour < WAREHOUSE_DELIVERY_HOURS.closes;
  }
  // Pre-orders follow the opening hours whatever the open switch says now; the whole hour must be open.
  const openAt = (instant: Date) => isOpenAt({ hours: hours.openingHours, timeZone, isOpen: true, now: instant });
  return openAt(start) && openAt(new Date(start.getTime() + WINDOW_MINUTES * MINUTE - MINUTE));
}

function openNow(hours: SourceHours, timeZone: string, now: Date): boolean {
  if (hours.kind === 'kitchen') return isOpenAt({ hours: hours.openingHours, timeZone, isOpen: hours.isOpen, now });
  const hour = localHour(now.getTime(), timeZone);
  return hour >= WAREHOUSE_DELIVERY_HOURS.opens && hour < WAREHOUSE_DELIVERY_HOURS.closes;
}

/** The hours whose booked places a plan reads: today, tomorrow, and a day more for late estimates. */
export function bookingRange(now: Date, timeZone: string): { from: Date; to: Date } {
  return dayRange(now, timeZone, DELIVERY_WINDOW_DAYS + 1);
}

export function planDelivery(input: DeliveryPlanInput): DeliveryPlan {
  const { now, timeZone, hours, capacity, booked } = input;
  const leadMinutes = input.preparationMinutes + travelMinutes(input.distanceMiles);
  const earliest = now.getTime() + leadMinutes * MINUTE;
  const remainingIn = (start: Date) => Math.max(0, capacity - (booked.get(start.getTime()) ?? 0));

  const windows = candidateStarts(now, timeZone)
    .filter((start) => start.getTime() + WINDOW_MINUTES * MINUTE > now.getTime() && deliversDuring(hours, timeZone, start))
    .map((start) => {
      const tooSoon = start.getTime() < earliest;
      const remaining = remainingIn(start);
      return { start, end: new Date(start.getTime() + WINDOW_MINUTES * MINUTE), tooSoon, remaining, available: !tooSoon && remaining > 0 };
    });

  // Whole minutes: the estimate is shown and stored to the minute.
  const estimatedAt = new Date(Math.ceil(earliest / MINUTE) * MINUTE);
  const slotStart = hourStart(estimatedAt, timeZone);
  const open = openNow(hours, timeZone, now);
  const remaining = remainingIn(slotStart);
  return { timeZone, leadMinutes, asap: { open, remaining, available: open && remaining > 0, estimatedAt, slotStart }, windows };
}

export type DeliveryRefusal = 'KITCHEN_CLOSED' | 'WINDOW_FULL' | 'WINDOW_UNAVAILABLE';

export type ChosenDelivery =
  | { ok: true; slotStart: Date; estimatedAt: Date; windowStart: Date | null; windowEnd: Date | null }
  | { ok: false; refusal: DeliveryRefusal };

/** Whether the customer's choice can be delivered, and the hour it books. A window order is promised by its end. */
export function chooseDelivery(plan: DeliveryPlan, choice: DeliveryChoice, source: SourceHours['kind']): ChosenDelivery {
  if (choice.kind === 'asap') {
    if (!plan.asap.open) return { ok: false, refusal: source === 'kitchen' ? 'KITCHEN_CLOSED' : 'WINDOW_UNAVAILABLE' };
    if (plan.asap.remaining === 0) return { ok: false, refusal: 'WINDOW_FULL' };
    return { ok: true, slotStart: plan.asap.slotStart, estimatedAt: plan.asap.estimatedAt, windowStart: null, windowEnd: null };
  }
  const wanted = Date.parse(choice.start);
  const window = plan.windows.find((candidate) => candidate.start.getTime() === wanted);
  if (!window || window.tooSoon) return { ok: false, refusal: 'WINDOW_UNAVAILABLE' };
  if (window.remaining === 0) return { ok: false, refusal: 'WINDOW_FULL' };
  return { ok: true, slotStart: window.start, estimatedAt: window.end, windowStart: window.start, windowEnd: window.end };
}
