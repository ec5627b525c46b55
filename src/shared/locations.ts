/** SPEC §9 location constants, shared by the server and the client. */
export const DELIVERY_RANGE_MILES = 40;
export const WAREHOUSE_RECHECK_MS = 5000;
export const WEB_LOCATION_TIMEOUT_MS = 10_000;
export const PREFETCH_LOCATION_TIMEOUT_MS = 3000;
export const MAX_POSITION_AGE_MS = 60_000;

/**
 * How long a driver's position is taken as where they are: the customer's map calls an older one not
 * current. The driver's app sends the latest fix again well within it while the device reports no new
 * one (a driver standing at the door), so only an app that cannot share (location refused, no GPS, the
 * app in the background) goes past it.
 */
export const POSITION_CURRENT_MS = 2 * 60_000;

export const KITCHEN_CACHE_TTL_MS = 5 * 60_000;
export const KITCHEN_MIN_REQUEST_INTERVAL_MS = 1000;
export const KITCHEN_RETRY = { retries: 2, delayMs: 1000, factor: 2 } as const;

/** A point has coordinates only when both latitude and longitude are present. */
export function coordinatesOf(point: { latitude?: number | null; longitude?: number | null }): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = point;
  return typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
}

interface NamedWarehouse {
  name: string;
}

/**
 * The warehouse for an address that could not be placed on the map (SPEC §4): the first active
 * warehouse, unless the state or city points to a better-named one.
 */
export function warehouseForAddressWithoutCoordinates<W extends NamedWarehouse>(
  address: { city?: string | null; state?: string | null },
  activeWarehouses: readonly W[],
): W | null {
  const first = activeWarehouses[0] ?? null;
  const named = (...words: string[]) => activeWarehouses.find((w) => words.some((word) => w.name.toLowerCase().includes(word)));
  const state = (address.state ?? '').trim().toLowerCase();
  const city = (address.city ?? '').trim().toLowerCase();
  if (state === 'nj' || state === 'new jersey') return named('jersey') ?? first;
  if (state === 'tx' || state === 'texas') return named('georgetown', 'texas') ?? first;
  if (city === 'georgetown') return named('georgetown') ?? first;
  return first;
}

/** Mean Earth radius in miles, for great-circle (haversine) distances. */
export const EARTH_RADIUS_MILES = 3958.8;
