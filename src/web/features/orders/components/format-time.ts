const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone ?? '']);
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone name: the device's own, rather than no time at all.
      found = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, found);
  }
  return found;
}

/** 'Nov 22, 2026, 3:00 PM', in `timeZone` (the order's source) when given, else the device's. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatter({ dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(new Date(iso));
}

/** '3:00 PM' */
export function formatTime(iso: string, timeZone?: string): string {
  return formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).format(new Date(iso));
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
