import * as z from 'zod/mini';
import { idFormat } from '@/shared/contracts/id-format';
import type { KitchenSummary, NearbyKitchens, NearbyKitchensInput } from '@/shared/contracts/kitchens';
import type { Coordinates } from '@/shared/contracts/locations';
import { copy } from '@/shared/copy';
import { coordinatesOf, KITCHEN_CACHE_TTL_MS, KITCHEN_MIN_REQUEST_INTERVAL_MS, KITCHEN_RETRY } from '@/shared/locations';

export const KITCHEN_CACHE_PREFIX = 'ck-cache:';
export const LAST_COORDINATES_KEY = 'ck-last-coords';

/** Drops the last known position and the kitchens cached near it: they tell where the customer lives. */
export function forgetNearbyKitchenTraces(storage: Storage = localStorage): void {
  storage.removeItem(LAST_COORDINATES_KEY);
  for (const key of Object.keys(storage)) {
    if (key.startsWith(KITCHEN_CACHE_PREFIX)) storage.removeItem(key);
  }
}

/** Coordinates rounded to 3 decimals (about 100 m), so small moves reuse the same answer. */
export function kitchenCacheKey({ latitude, longitude }: Coordinates): string {
  const round = (value: number) => (Math.round(value * 1000) / 1000).toFixed(3);
  return `${round(latitude)},${round(longitude)}`;
}

/**
 * A kitchen as cached: `kitchenSummary` of the contracts, written with zod/mini because the cache is read
 * on every page's first load and the contracts' classic API is not (ADR 045). nearby-kitchens.test.ts
 * holds the two types equal, so the type check fails when one changes without the other.
 */
export const cachedKitchen = z.object({
  id: idFormat,
  businessName: z.string(),
  kitchenType: z.enum(['home', 'commercial']),
  cuisine: z.string(),
  description: z.string(),
  image: z.string(),
  city: z.string(),
  state: z.string(),
  prepTimeMinutes: z.int(),
  openNow: z.boolean(),
  opensNext: z.nullable(z.object({ inDays: z.int().check(z.minimum(0), z.maximum(7)), day: z.int().check(z.minimum(0), z.maximum(6)), time: z.string() })),
  rating: z.nullable(z.number()),
  ratingCount: z.int(),
  distanceMiles: z.nullable(z.number()),
});

const cacheEntrySchema = z.object({ data: z.array(cachedKitchen), timestamp: z.number(), key: z.string() });
export type KitchenCacheEntry = z.infer<typeof cacheEntrySchema>;

const lastCoordinatesSchema = z.object({ lat: z.number(), lng: z.number(), ts: z.number() });

/** The nearby-kitchens call failed, or answered without usable data. */
export class NearbyKitchensError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NearbyKitchensError';
  }
}

/** What the server answered; anything may be missing when it misbehaves. */
export type NearbyKitchensResponse = Partial<NearbyKitchens> | null | undefined;

export interface NearbyKitchensClientOptions {
  fetchNearby: (input: NearbyKitchensInput) => Promise<NearbyKitchensResponse>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** null keeps the cache in memory only. */
  storage?: Storage | null;
  /** Whether a failed attempt is worth another try (up to the retry budget). */
  isRetryable?: (error: unknown) => boolean;
}

export interface NearbyKitchensClient {
  /** Kitchens near a point: from a fresh cache entry, else one throttled, retried request. */
  get(coordinates: Coordinates, options?: { rememberCoordinates?: boolean }): Promise<KitchenSummary[]>;
  /** The coordinates of the last lookup made from the user's own position or address. */
  lastCoordinates(): Coordinates | null;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access to localStorage throws when site data is blocked.
    return null;
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createNearbyKitchensClient(options: NearbyKitchensClientOptions): NearbyKitchensClient {
  const { fetchNearby, now = () => Date.now(), sleep = defaultSleep, isRetryable = () => true } = options;
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const memory = new Map<string, KitchenCacheEntry>();
  const inFlight = new Map<string, Promise<KitchenSummary[]>>();
  // The earliest moment the next request may start; reserved up front so concurrent callers queue.
  let nextRequestAt = -Infinity;

  function isFresh(entry: KitchenCacheEntry) {
    const age = now() - entry.timestamp;
    return age >= 0 && age < KITCHEN_CACHE_TTL_MS;
  }

  function readStored(key: string): KitchenCacheEntry | null {
    try {
      const raw = storage?.getItem(KITCHEN_CACHE_PREFIX + key);
      if (!raw) return null;
      const parsed = cacheEntrySchema.safeParse(JSON.parse(raw));
      return parsed.success && parsed.data.key === key ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function store(entry: KitchenCacheEntry) {
    memory.set(entry.key, entry);
    if (!storage) return;
    try {
      pruneStored();
      storage.setItem(KITCHEN_CACHE_PREFIX + entry.key, JSON.stringify(entry));
    } catch {
      // A full or blocked storage only costs the cross-reload cache.
    }
  }

  /** Drops expired entries so a travelling user does not fill localStorage. */
  function pruneStored() {
    if (!storage) return;
    const expired: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const name = storage.key(index);
      if (!name?.startsWith(KITCHEN_CACHE_PREFIX)) continue;
      const entry = readStored(name.slice(KITCHEN_CACHE_PREFIX.length));
      if (!entry || !isFresh(entry)) expired.push(name);
    }
    for (const name of expired) storage.removeItem(name);
  }

  function peek(coordinates: Coordinates): KitchenSummary[] | null {
    const key = kitchenCacheKey(coordinates);
    const inMemory = memory.get(key);
    if (inMemory && isFresh(inMemory)) return inMemory.data;
    const stored = readStored(key);
    if (stored && isFresh(stored)) {
      memory.set(key, stored);
      return stored.data;
    }
    return null;
  }

  async function throttled<T>(request: () => Promise<T>): Promise<T> {
    const startAt = Math.max(now(), nextRequestAt);
    nextRequestAt = startAt + KITCHEN_MIN_REQUEST_INTERVAL_MS;
    const wait = startAt - now();
    if (wait > 0) await sleep(wait);
    return request();
  }

  async function requestOnce(coordinates: Coordinates): Promise<KitchenSummary[]> {
    const response = await throttled(() =>
      fetchNearby({ userLatitude: coordinates.latitude, userLongitude: coordinates.longitude, calculateDistance: true }),
    );
    if (!response || !Array.isArray(response.cloudKitchens)) throw new NearbyKitchensError(copy.kitchens.noData);
    if (response.success !== true) throw new NearbyKitchensError(response.error || copy.kitchens.noData);
    return response.cloudKitchens;
  }

  async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
    let delay: number = KITCHEN_RETRY.delayMs;
    for (let failures = 0; ; failures++) {
      try {
        return await attempt();
      } catch (error) {
        if (failures >= KITCHEN_RETRY.retries || !isRetryable(error)) throw error;
        await sleep(delay);
        delay *= KITCHEN_RETRY.factor;
      }
    }
  }

  function saveLastCoordinates(coordinates: Coordinates) {
    try {
      storage?.setItem(LAST_COORDINATES_KEY, JSON.stringify({ lat: coordinates.latitude, lng: coordinates.longitude, ts: now() }));
    } catch {
      // Best effort: it is only a fallback for the next start.
    }
  }

  function lastCoordinates(): Coordinates | null {
    try {
      const raw = storage?.getItem(LAST_COORDINATES_KEY);
      if (!raw) return null;
      const parsed = lastCoordinatesSchema.safeParse(JSON.parse(raw));
      return parsed.success ? coordinatesOf({ latitude: parsed.data.lat, longitude: parsed.data.lng }) : null;
    } catch {
      return null;
    }
  }

  function get(coordinates: Coordinates, { rememberCoordinates = true } = {}): Promise<KitchenSummary[]> {
    if (rememberCoordinates) saveLastCoordinates(coordinates);
    const cached = peek(coordinates);
    if (cached) return Promise.resolve(cached);
    const key = kitchenCacheKey(coordinates);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const request = withRetry(() => requestOnce(coordinates))
      .then((data) => {
        store({ data, timestamp: now(), key });
        return data;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  return { get, lastCoordinates };
}

export type CoordinatesSource = 'address' | 'device' | 'last-saved' | 'warehouse';

export interface ResolvedCoordinates {
  coordinates: Coordinates;
  source: CoordinatesSource;
}

type Read = () => Promise<Coordinates | null> | Coordinates | null;

export interface CoordinateReaders {
  /** Absent for guests. */
  defaultAddress?: Read;
  devicePosition: Read;
  lastSaved: Read;
  warehouse: Read;
}

/**
 * Where to look for kitchens: the default address, else the device, else the last saved point,
 * else the warehouse. A reader that fails or has nothing passes to the next.
 */
export async function resolveKitchenCoordinates(readers: CoordinateReaders): Promise<ResolvedCoordinates | null> {
  const order: [CoordinatesSource, Read | undefined][] = [
    ['address', readers.defaultAddress],
    ['device', readers.devicePosition],
    ['last-saved', readers.lastSaved],
    ['warehouse', readers.warehouse],
  ];
  for (const [source, read] of order) {
    if (!read) continue;
    try {
      const point = await read();
      const coordinates = point ? coordinatesOf(point) : null;
      if (coordinates) return { coordinates, source };
    } catch {
      // Try the next source.
    }
  }
  return null;
}

/** The first address with both coordinates; the server lists the default address first. */
export function firstAddressCoordinates(addresses: readonly { latitude: number | null; longitude: number | null }[]): Coordinates | null {
  for (const address of addresses) {
    const coordinates = coordinatesOf(address);
    if (coordinates) return coordinates;
  }
  return null;
}

/** The selected warehouse when it has a point, else the default warehouse. */
export function kitchenWarehouse<W extends { id: string; latitude: number; longitude: number; isDefault: boolean }>(
  warehouses: readonly W[],
  selectedId: string | null,
): W | null {
  const selected = selectedId ? warehouses.find((warehouse) => warehouse.id === selectedId) : undefined;
  if (selected && coordinatesOf(selected)) return selected;
  const fallback = warehouses.find((warehouse) => warehouse.isDefault);
  return fallback && coordinatesOf(fallback) ? fallback : null;
}
