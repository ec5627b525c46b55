const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'Nov 22, 2026, 3:00 PM' */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** '3:00 PM' */
export function formatTime(iso: string): string {
  return timeOnly.format(new Date(iso));
}

/** '5 minutes ago', 'yesterday', 'in 2 hours': the largest unit that fits. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['week', 7 * 86_400],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'minute');
}
