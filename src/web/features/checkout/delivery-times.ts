import type { DeliveryWindow } from '@/shared/contracts/orders';

/** '6:40 PM' in the given time zone (the source's, as the quote says; the device's when absent). */
export function formatClock(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** '6:00 – 7:00 PM', or '11:00 AM – 12:00 PM' across noon: short enough for two windows a row on a phone. */
export function formatWindow(window: { start: string; end: string }, timeZone?: string): string {
  const clock = (iso: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).formatToParts(new Date(iso));
    const period = parts.find((part) => part.type === 'dayPeriod')?.value ?? '';
    const time = parts.filter((part) => part.type === 'hour' || part.type === 'minute' || part.type === 'literal').map((part) => part.value).join('').trim();
    return { time, period };
  };
  const start = clock(window.start);
  const end = clock(window.end);
  const from = start.period === end.period ? start.time : `${start.time} ${start.period}`;
  return `${from} – ${end.time} ${end.period}`.trim();
}

function dayKey(date: Date, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD, so keys compare as calendar days in that zone.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

/** 'Today', 'Tomorrow', or the weekday and date, for the day an instant falls on in a time zone. */
export function dayLabel(iso: string, timeZone: string | undefined, now: Date = new Date()): string {
  const key = dayKey(new Date(iso), timeZone);
  if (key === dayKey(now, timeZone)) return 'Today';
  if (key === dayKey(new Date(now.getTime() + 86_400_000), timeZone)) return 'Tomorrow';
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone }).format(new Date(iso));
}

/** The windows grouped by the day they start on in the source's time zone, in order. */
export function windowsByDay(windows: DeliveryWindow[], timeZone: string, now: Date = new Date()): { day: string; windows: DeliveryWindow[] }[] {
  const groups: { day: string; windows: DeliveryWindow[] }[] = [];
  for (const window of windows) {
    const day = dayLabel(window.start, timeZone, now);
    const group = groups.at(-1);
    if (group?.day === day) group.windows.push(window);
    else groups.push({ day, windows: [window] });
  }
  return groups;
}

/** 'in about 35 min, by 6:40 PM'. */
export function asapEstimate(minutes: number | null, estimatedAt: string | null, timeZone: string): string | null {
  if (minutes === null || estimatedAt === null) return null;
  const span = minutes < 90 ? `${minutes} min` : minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `in about ${span}, by ${formatClock(estimatedAt, timeZone)}`;
}
