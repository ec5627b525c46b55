import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { infer as Infer } from 'zod/mini';
import { aKitchenSummary } from '@/web/test/fake-data';
import { kitchenSummary, type KitchenSummary } from '@/shared/contracts/kitchens';
import {
  cachedKitchen,
  createNearbyKitchensClient,
  firstAddressCoordinates,
  kitchenWarehouse,
  kitchenCacheKey,
  NearbyKitchensError,
  resolveKitchenCoordinates,
  type NearbyKitchensResponse,
} from './nearby-kitchens';

const georgetown = { latitude: 30.63284, longitude: -97.67149 };
const austin = { latitude: 30.2672, longitude: -97.7431 };

function kitchen(name: string, distanceMiles: number): KitchenSummary {
  return aKitchenSummary(Math.round(distanceMiles * 10), { businessName: name, distanceMiles });
}

const kitchens = [kitchen('Casa Rio', 2.4), kitchen('Lone Star BBQ', 7.9)];
const ok = (): NearbyKitchensResponse => ({ success: true, cloudKitchens: kitchens });

/** A fetcher that records the clock at each call and answers with the next queued outcome (the last repeats). */
function recordingFetcher(...outcomes: (NearbyKitchensResponse | Error)[]) {
  const calls: { at: number; body: unknown }[] = [];
  const fetchNearby = vi.fn(async (body: unknown) => {
    calls.push({ at: Date.now(), body });
    const outcome = outcomes.length > 1 ? outcomes.shift() : outcomes[0];
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  return { fetchNearby, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('the cached kitchen', () => {
  it('has the type of the contract, field for field', () => {
    expectTypeOf<Infer<typeof cachedKitchen>>().toEqualTypeOf<KitchenSummary>();
  });

  it('takes and refuses what the contract takes and refuses', () => {
    const samples: unknown[] = [
      aKitchenSummary(1),
      aKitchenSummary(2, { opensNext: { inDays: 1, day: 3, time: '09:00' }, rating: 4.5, ratingCount: 12, distanceMiles: 2.4, kitchenType: 'commercial' }),
      { ...aKitchenSummary(3), id: 'not-an-id' },
      { ...aKitchenSummary(4), kitchenType: 'food truck' },
      { ...aKitchenSummary(5), prepTimeMinutes: 12.5 },
      { ...aKitchenSummary(6), opensNext: { inDays: 8, day: 1, time: '09:00' } },
      { ...aKitchenSummary(7), opensNext: { inDays: 1, day: 7, time: '09:00' } },
      { ...aKitchenSummary(8), rating: '4' },
      { ...aKitchenSummary(9), openNow: undefined },
    ];
    const verdicts = samples.map((sample) => [cachedKitchen.safeParse(sample).success, kitchenSummary.safeParse(sample).success]);
    expect(verdicts.map(([cached]) => cached)).toEqual([true, true, false, false, false, false, false, false, false]);
    for (const [cached, contract] of verdicts) expect(cached).toBe(contract);
  });
});

describe('kitchenCacheKey', () => {
  it('rounds both coordinates to 3 decimals', () => {
    expect(kitchenCacheKey(georgetown)).toBe('30.633,-97.671');
    expect(kitchenCacheKey({ latitude: 30.6334, longitude: -97.6714 })).toBe('30.633,-97.671');
    expect(kitchenCacheKey({ latitude: 40.7, longitude: -74 })).toBe('40.700,-74.000');
    expect(kitchenCacheKey({ latitude: 30.6336, longitude: -97.6714 })).toBe('30.634,-97.671');
  });

  it('gives one key for a point either side of zero', () => {
    expect(kitchenCacheKey({ latitude: -0.0001, longitude: 0.0001 })).toBe('0.000,0.000');
  });
});

describe('nearby kitchens cache', () => {
  it('answers from memory for 5 minutes, then asks again', async () => {
    const { fetchNearby } = recordingFetcher(ok());
    const client = createNearbyKitchensClient({ fetchNearby });

    await expect(client.get(georgetown)).resolves.toEqual(kitchens);
    expect(fetchNearby).toHaveBeenCalledTimes(1);
    expect(fetchNearby).toHaveBeenCalledWith({ userLatitude: 30.63284, userLongitude: -97.67149, calculateDistance: true });

    await vi.advanceTimersByTimeAsync(4 * 60_000 + 59_000);
    // A nearby point in the same 3-decimal cell shares the entry.
    await expect(client.get({ latitude: 30.6331, longitude: -97.6711 })).resolves.toEqual(kitchens);
    expect(fetchNearby).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2_000);
    await client.get(georgetown);
    expect(fetchNearby).toHaveBeenCalledTimes(2);
  });

  it('keeps the entry in localStorage under ck-cache:<key>, and a new client answers from it', async () => {
    const first = recordingFetcher(ok());
    await createNearbyKitchensClient({ fetchNearby: first.fetchNearby }).get(georgetown);

    const stored = JSON.parse(localStorage.getItem('ck-cache:30.633,-97.671') ?? 'null') as unknown;
    expect(stored).toEqual({ data: kitchens, timestamp: 1_000_000, key: '30.633,-97.671' });

    await vi.advanceTimersByTimeAsync(4 * 60_000);
    const second = recordingFetcher(ok());
    const reloaded = createNearbyKitchensClient({ fetchNearby: second.fetchNearby });
    await expect(reloaded.get(georgetown)).resolves.toEqual(kitchens);
    expect(second.fetchNearby).not.toHaveBeenCalled();
  });

  it('ignores an expired or malformed localStorage entry', async () => {
    localStorage.setItem('ck-cache:30.633,-97.671', JSON.stringify({ data: kitchens, timestamp: 1_000_000 - 5 * 60_000 - 1, key: '30.633,-97.671' }));
    localStorage.setItem('ck-cache:30.267,-97.743', JSON.stringify({ data: 'nope', timestamp: 1_000_000, key: '30.267,-97.743' }));
    const { fetchNearby } = recordingFetcher(ok());
    const client = createNearbyKitchensClient({ fetchNearby });

    await client.get(georgetown);
    await vi.advanceTimersByTimeAsync(1_000);
    await client.get(austin);
    expect(fetchNearby).toHaveBeenCalledTimes(2);
  });

  it('memory is consulted before localStorage', async () => {
    const { fetchNearby } = recordingFetcher(ok());
    const client = createNearbyKitchensClient({ fetchNearby });
    await client.get(georgetown);
    localStorage.clear();
    await expect(client.get(georgetown)).resolves.toEqual(kitchens);
    expect(fetchNearby).toHaveBeenCalledTimes(1);
  });

  it('shares one request between concurrent callers for the same place', async () => {
    const { fetchNearby } = recordingFetcher(ok());
    const client = createNearbyKitchensClient({ fetchNearby });
    const [a, b] = await Promise.all([client.get(georgetown), client.get({ latitude: 30.6332, longitude: -97.6708 })]);
    expect(a).toEqual(kitchens);
    expect(b).toBe(a);
    expect(fetchNearby).toHaveBeenCalledTimes(1);
  });
});

describe('nearby kitchens throttle', () => {
  it('starts a request no sooner than 1000 ms after the previous one', async () => {
    const { fetchNearby, calls } = recordingFetcher(ok());
    const client = createNearbyKitchensClient({ fetchNearby });

    const first = client.get(georgetown);
    const second = client.get(austin);
    const third = client.get({ latitude: 40.7, longitude: -74 });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.map((call) => call.at)).toEqual([1_000_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.at)).toEqual([1_000_000, 1_001_000]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.map((call) => call.at)).toEqual([1_000_000, 1_001_000, 1_002_000]);
    await Promise.all([first, second, third]);
  });

  it('does not hold back a request when a second has already passed', async () => {
    const { fetchNearby, calls } = recordingFetcher(ok());
    const client = createNearbyKitchensClient({ fetchNearby });
    await client.get(georgetown);
    await vi.advanceTimersByTimeAsync(1_500);
    await client.get(austin);
    expect(calls.map((call) => call.at)).toEqual([1_000_000, 1_001_500]);
  });
});

describe('nearby kitchens retries', () => {
  it('tries at 0, 1 s and 3 s, then fails with the last error', async () => {
    const { fetchNearby, calls } = recordingFetcher(new Error('Failed to fetch'));
    const client = createNearbyKitchensClient({ fetchNearby });
    const outcome = client.get(georgetown).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.map((call) => call.at - 1_000_000)).toEqual([0, 1_000, 3_000]);
    await expect(outcome).resolves.toEqual(new Error('Failed to fetch'));
    expect(localStorage.getItem('ck-cache:30.633,-97.671')).toBeNull();
  });

  it('succeeds when the last try succeeds, and caches it', async () => {
    const { fetchNearby, calls } = recordingFetcher(new Error('Failed to fetch'), new Error('Failed to fetch'), ok());
    const client = createNearbyKitchensClient({ fetchNearby });
    const result = client.get(georgetown);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(result).resolves.toEqual(kitchens);
    expect(calls).toHaveLength(3);
    expect(localStorage.getItem('ck-cache:30.633,-97.671')).not.toBeNull();
  });

  it('does not retry what the caller calls final', async () => {
    const { fetchNearby } = recordingFetcher(new Error('Bad request'));
    const client = createNearbyKitchensClient({ fetchNearby, isRetryable: () => false });
    await expect(client.get(georgetown)).rejects.toThrow('Bad request');
    expect(fetchNearby).toHaveBeenCalledTimes(1);
  });

  it('lets a new request through after a failure instead of reusing it', async () => {
    const { fetchNearby } = recordingFetcher(new Error('down'), new Error('down'), new Error('down'), ok());
    const client = createNearbyKitchensClient({ fetchNearby });
    const failed = client.get(georgetown).catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(failed).resolves.toBe('failed');
    const retried = client.get(georgetown);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(retried).resolves.toEqual(kitchens);
  });
});

describe('nearby kitchens response', () => {
  async function failureOf(response: NearbyKitchensResponse) {
    const client = createNearbyKitchensClient({ fetchNearby: async () => response });
    const outcome = client.get(georgetown).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(NearbyKitchensError);
    return (error as Error).message;
  }

  it('a response not flagged success is an error carrying the server message', async () => {
    expect(await failureOf({ success: false, cloudKitchens: [], error: 'Geocoding unavailable' })).toBe('Geocoding unavailable');
  });

  it('a response without kitchens is "No cloud kitchens data received"', async () => {
    expect(await failureOf({ success: true })).toBe('No cloud kitchens data received');
    expect(await failureOf(null)).toBe('No cloud kitchens data received');
    expect(await failureOf({ success: false, cloudKitchens: [] })).toBe('No cloud kitchens data received');
  });

  it('retries a non-success answer like any other failure', async () => {
    const { fetchNearby } = recordingFetcher({ success: false, cloudKitchens: [], error: 'busy' }, ok());
    const client = createNearbyKitchensClient({ fetchNearby });
    const result = client.get(georgetown);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toEqual(kitchens);
  });

  it('an empty list is a valid answer', async () => {
    const client = createNearbyKitchensClient({ fetchNearby: async () => ({ success: true, cloudKitchens: [] }) });
    await expect(client.get(georgetown)).resolves.toEqual([]);
  });
});

describe('last-used coordinates', () => {
  it('are saved as ck-last-coords {lat, lng, ts} and read back', async () => {
    const client = createNearbyKitchensClient({ fetchNearby: async () => ok() });
    expect(client.lastCoordinates()).toBeNull();
    await client.get(georgetown);
    expect(JSON.parse(localStorage.getItem('ck-last-coords') ?? 'null')).toEqual({ lat: 30.63284, lng: -97.67149, ts: 1_000_000 });
    expect(client.lastCoordinates()).toEqual(georgetown);
  });

  it('are left alone when the caller says so', async () => {
    const client = createNearbyKitchensClient({ fetchNearby: async () => ok() });
    await client.get(georgetown, { rememberCoordinates: false });
    expect(localStorage.getItem('ck-last-coords')).toBeNull();
  });

  it('a half or broken saved value counts as none', () => {
    const client = createNearbyKitchensClient({ fetchNearby: async () => ok() });
    localStorage.setItem('ck-last-coords', JSON.stringify({ lat: 30.6, ts: 1 }));
    expect(client.lastCoordinates()).toBeNull();
    localStorage.setItem('ck-last-coords', '{not json');
    expect(client.lastCoordinates()).toBeNull();
  });
});

describe('resolveKitchenCoordinates', () => {
  const address = { latitude: 40.744, longitude: -74.0324 };
  const device = { latitude: 30.5, longitude: -97.8 };
  const last = { latitude: 29.4, longitude: -98.5 };
  const warehouse = { latitude: 30.6333, longitude: -97.6779 };

  it('prefers the default address, then the device, then the last saved point, then the warehouse', async () => {
    const readers = {
      defaultAddress: vi.fn(async () => address),
      devicePosition: vi.fn(async () => device),
      lastSaved: vi.fn(() => last),
      warehouse: vi.fn(async () => warehouse),
    };
    await expect(resolveKitchenCoordinates(readers)).resolves.toEqual({ coordinates: address, source: 'address' });
    expect(readers.devicePosition).not.toHaveBeenCalled();

    readers.defaultAddress.mockResolvedValue(null as never);
    await expect(resolveKitchenCoordinates(readers)).resolves.toEqual({ coordinates: device, source: 'device' });

    readers.devicePosition.mockRejectedValue(new Error('Location timeout'));
    await expect(resolveKitchenCoordinates(readers)).resolves.toEqual({ coordinates: last, source: 'last-saved' });

    readers.lastSaved.mockReturnValue(null as never);
    await expect(resolveKitchenCoordinates(readers)).resolves.toEqual({ coordinates: warehouse, source: 'warehouse' });
    expect(readers.warehouse).toHaveBeenCalledTimes(1);

    readers.warehouse.mockRejectedValue(new Error('Failed to fetch'));
    await expect(resolveKitchenCoordinates(readers)).resolves.toBeNull();
  });

  it('skips the address for a guest and a failing address lookup', async () => {
    await expect(
      resolveKitchenCoordinates({ devicePosition: async () => device, lastSaved: () => last, warehouse: async () => warehouse }),
    ).resolves.toEqual({ coordinates: device, source: 'device' });
    await expect(
      resolveKitchenCoordinates({
        defaultAddress: async () => {
          throw new Error('Unauthorized');
        },
        devicePosition: async () => null,
        lastSaved: () => last,
        warehouse: async () => warehouse,
      }),
    ).resolves.toEqual({ coordinates: last, source: 'last-saved' });
  });

  it('firstAddressCoordinates takes the first address with both coordinates', () => {
    expect(
      firstAddressCoordinates([
        { latitude: 40.1, longitude: null },
        { latitude: null, longitude: null },
        { latitude: 40.744, longitude: -74.0324 },
        { latitude: 30.6, longitude: -97.6 },
      ]),
    ).toEqual({ latitude: 40.744, longitude: -74.0324 });
    expect(firstAddressCoordinates([{ latitude: null, longitude: -74 }])).toBeNull();
  });

  it('kitchenWarehouse takes the selected warehouse, else the default one', () => {
    const gt = { id: 'gt', name: 'Georgetown', latitude: 30.6333, longitude: -97.6779, isDefault: true };
    const nj = { id: 'nj', name: 'Jersey City', latitude: 40.744, longitude: -74.0324, isDefault: false };
    expect(kitchenWarehouse([nj, gt], 'nj')).toBe(nj);
    expect(kitchenWarehouse([nj, gt], null)).toBe(gt);
    expect(kitchenWarehouse([nj, gt], 'gone')).toBe(gt);
    expect(kitchenWarehouse([nj], null)).toBeNull();
  });
});
