/** The zones our stores and kitchens run on, east to west: offered first wherever a time zone is picked. */
export const usTimeZones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];

/** A zone's everyday name on this device ("Central Time"), or nothing when the device has none. */
export function timeZoneName(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * The zones to pick from: ours first, then every zone the device knows (IANA names). A current value
 * missing from both (an alias such as "UTC") is kept at the top of the rest, so it stays selected.
 */
export function timeZoneChoices(current: string): { us: string[]; others: string[] } {
  const others = Intl.supportedValuesOf('timeZone').filter((zone) => !usTimeZones.includes(zone));
  if (current && !usTimeZones.includes(current) && !others.includes(current)) others.unshift(current);
  return { us: usTimeZones, others };
}
