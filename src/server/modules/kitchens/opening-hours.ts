import type { NextOpening } from '@/shared/opening-hours';
import type { OpeningHours } from './kitchens.tables';

/** The weekday (0 = Sunday) and 'HH:MM' of an instant in a time zone. */
export function localTime(now: Date, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { day, time: `${part('hour')}:${part('minute')}` };
}

/**
 * Whether a kitchen is open at an instant: its open switch is on and the local time falls within that
 * day's hours. Hours that close past midnight ('18:00'–'02:00') run into the next day.
 */
export function isOpenAt(options: { hours: OpeningHours[]; timeZone: string; isOpen: boolean; now: Date }): boolean {
  if (!options.isOpen) return false;
  const { day, time } = localTime(options.now, options.timeZone);
  const yesterday = (day + 6) % 7;
  return options.hours.some((slot) => {
    const overnight = slot.closes <= slot.opens;
    if (slot.day === day) return time >= slot.opens && (overnight || time < slot.closes);
    if (slot.day === yesterday && overnight) return time < slot.closes;
    return false;
  });
}

/**
 * When a closed kitchen next opens, within a week: the first of its slots that starts after now, in
 * its time zone. None while its switch is off (it opens when its owner says so) or without hours.
 */
export function nextOpening(options: { hours: OpeningHours[]; timeZone: string; isOpen: boolean; now: Date }): NextOpening | null {
  if (!options.isOpen) return null;
  const { day: today, time } = localTime(options.now, options.timeZone);
  for (let inDays = 0; inDays <= 7; inDays++) {
    const day = (today + inDays) % 7;
    const starts = options.hours
      .filter((slot) => slot.day === day && (inDays > 0 || slot.opens > time))
      .map((slot) => slot.opens)
      .sort();
    if (starts[0]) return { inDays, day, time: starts[0] };
  }
  return null;
}

/** Whether a kitchen is open now and, if not, when it next opens: what its summary shows. */
export function openingState(options: { hours: OpeningHours[]; timeZone: string; isOpen: boolean; now: Date }): { openNow: boolean; opensNext: NextOpening | null } {
  const openNow = isOpenAt(options);
  return { openNow, opensNext: openNow ? null : nextOpening(options) };
}
