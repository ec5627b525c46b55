import { copy } from '@/shared/copy';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined, locale = 'en-US'): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone ?? '', locale]);
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An unknown zone name: the device's own, rather than no time at all.
      found = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, found);
  }
  return found;
}

// Every time of an order or a delivery is shown in its store's (or kitchen's) time zone, as the checkout
// showed it, and named ('2:30 AM CST') when that zone is not the device's, so it is not read as local
// time; the device's own zone, unnamed, only when none is known.

export interface ZoneOptions {
  /** False where a heading already names the zone, as checkout's delivery times do. */
  zoneLabel?: boolean;
}

/** ' CST' for a time shown in a zone other than the device's; '' in the device's (or an unknown) zone. */
function zoneSuffix(date: Date, timeZone: string | undefined, { zoneLabel = true }: ZoneOptions): string {
  if (!timeZone || !zoneLabel) return '';
  const named = formatter({ hour: 'numeric', timeZoneName: 'short' }, timeZone);
  if (named.resolvedOptions().timeZone === formatter({}, undefined).resolvedOptions().timeZone) return '';
  const name = named.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return name ? ` ${name}` : '';
}

/** 'Nov 22, 2026, 3:00 PM', in `timeZone` (the order's source) when given, else the device's. */
export function formatDateTime(iso: string, timeZone?: string, options: ZoneOptions = {}): string {
  const date = new Date(iso);
  return formatter({ dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(date) + zoneSuffix(date, timeZone, options);
}

/** '3:00 PM' */
export function formatTime(iso: string, timeZone?: string, options: ZoneOptions = {}): string {
  const date = new Date(iso);
  return formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).format(date) + zoneSuffix(date, timeZone, options);
}

/** '6:00 – 7:00 PM', or '11:00 AM – 12:00 PM' across noon: short enough for two windows a row on a phone. */
export function formatWindow(window: { start: string; end: string }, timeZone?: string, options: ZoneOptions = {}): string {
  const clock = (iso: string) => {
    const parts = formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).formatToParts(new Date(iso));
    const period = parts.find((part) => part.type === 'dayPeriod')?.value ?? '';
    const time = parts.filter((part) => part.type === 'hour' || part.type === 'minute' || part.type === 'literal').map((part) => part.value).join('').trim();
    return { time, period };
  };
  const start = clock(window.start);
  const end = clock(window.end);
  const from = start.period === end.period ? start.time : `${start.time} ${start.period}`;
  return `${from} – ${end.time} ${end.period}`.trim() + zoneSuffix(new Date(window.start), timeZone, options);
}

function dayKey(date: Date, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD, so keys compare as calendar days in that zone.
  return formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone, 'en-CA').format(date);
}

/** The YYYY-MM-DD key of the calendar day after the one given. */
function nextDayKey(key: string): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Calendar days from `from` to `to` in `timeZone` (the device's when none), as people count days: 1 from
 * 11 PM yesterday to 8 AM today, however few hours apart; negative when `to` is the earlier.
 */
export function calendarDaysBetween(from: Date, to: Date, timeZone?: string): number {
  return (Date.parse(dayKey(to, timeZone)) - Date.parse(dayKey(from, timeZone))) / 86_400_000;
}

/** 'Today', 'Tomorrow', or the weekday and date, for the day an instant falls on in a time zone. */
export function dayLabel(iso: string, timeZone: string | undefined, now: Date = new Date()): string {
  const key = dayKey(new Date(iso), timeZone);
  if (key === dayKey(now, timeZone)) return copy.time.today;
  // The calendar day after today's, not 24 hours on: a day can have 23 hours.
  if (key === nextDayKey(dayKey(now, timeZone))) return copy.time.tomorrow;
  return formatter({ weekday: 'long', month: 'short', day: 'numeric' }, timeZone).format(new Date(iso));
}

/**
 * '5 minutes ago' within the same day; 'yesterday', '5 days ago', 'last week' across days, counted by the
 * calendar of `timeZone` (the order's source; the device's when none), as people count days: an order
 * placed at 6:30 PM five days ago is '5 days ago' the next morning, however few hours that is.
 */
export function formatRelative(iso: string, timeZone?: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = calendarDaysBetween(now, date, timeZone);
  if (days !== 0) {
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 365],
      ['month', 30],
      ['week', 7],
      ['day', 1],
    ];
    for (const [unit, size] of units) {
      if (Math.abs(days) >= size) return relative.format(Math.round(days / size), unit);
    }
  }
  const minutes = Math.round((date.getTime() - now.getTime()) / 60_000);
  if (Math.abs(minutes) >= 60) return relative.format(Math.round(minutes / 60), 'hour');
  return relative.format(minutes, 'minute');
}
