import { weekdayNames } from './contracts/values';
import { openingHoursCopy } from './copy';

/** When a closed kitchen next opens: in how many days (0 = later today), the weekday (0 = Sunday) and its 'HH:MM'. */
export interface NextOpening {
  inDays: number;
  day: number;
  time: string;
}

/** '17:30' as a US reader reads it: '5:30 PM'; midnight is '12:00 AM', noon '12:00 PM'. */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const period = hours < 12 ? 'AM' : 'PM';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${period}`;
}

/** One day's hours: '11:00 AM – 9:00 PM'. */
export function formatHoursRange(slot: { opens: string; closes: string }): string {
  return `${formatClockTime(slot.opens)} – ${formatClockTime(slot.closes)}`;
}

/** 'Opens at 5:00 PM', 'Opens tomorrow at 11:00 AM' or 'Opens Monday at 11:00 AM'. */
export function describeNextOpening(next: NextOpening): string {
  const time = formatClockTime(next.time);
  if (next.inDays === 0) return openingHoursCopy.opensToday(time);
  if (next.inDays === 1) return openingHoursCopy.opensTomorrow(time);
  return openingHoursCopy.opensOn(weekdayNames[next.day] ?? '', time);
}
