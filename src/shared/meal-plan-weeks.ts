/**
 * The calendar of weekly deliveries, in plain YYYY-MM-DD dates of the kitchen's time zone. A week's
 * order is made the day before its delivery day, for subscriptions taken before that day began.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The date a clock reads in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The first delivery a subscription taken at `subscribedAt` gets: one whose order day starts after it. The
 * subscribe dialog tells the customer this date before they subscribe; the weekly run delivers on it.
 */
export function firstDelivery(options: { timeZone: string; deliveryDay: number; subscribedAt: Date }): string {
  const earliest = addDays(localDate(options.subscribedAt, options.timeZone), 2);
  return addDays(earliest, (options.deliveryDay - weekday(earliest) + 7) % 7);
}

/** The next delivery on or after today (kitchen time) that the subscription is owed. */
export function nextDelivery(options: { now: Date; timeZone: string; deliveryDay: number; subscribedAt: Date }): string {
  const today = localDate(options.now, options.timeZone);
  const fromToday = addDays(today, (options.deliveryDay - weekday(today) + 7) % 7);
  const first = firstDelivery(options);
  return fromToday > first ? fromToday : first;
}

/** The delivery whose order is due now (its day is today or tomorrow), if any. */
export function dueDelivery(options: { now: Date; timeZone: string; deliveryDay: number; subscribedAt: Date }): string | null {
  const next = nextDelivery(options);
  return addDays(next, -1) <= localDate(options.now, options.timeZone) ? next : null;
}
