import type { DeliveryWindow } from '@/shared/contracts/orders';
import { checkoutCopy } from '@/shared/copy';
import { dayLabel, formatTime } from '@/web/lib/format-time';

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
  return checkoutCopy.asapEstimate(minutes, formatTime(estimatedAt, timeZone));
}
