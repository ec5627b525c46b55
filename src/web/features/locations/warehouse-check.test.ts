import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address, Coordinates, ServiceArea, WarehouseRef } from '@/shared/contracts/locations';
import { LocationError, type LocationFailure, type LocationPermission } from '@/web/lib/platform';
import { checkWarehouse, type WarehouseCheckBoundary, type WarehouseCheckResult } from './warehouse-check';

const georgetown: WarehouseRef = { id: 'w-georgetown', name: 'Georgetown Warehouse', location: 'Georgetown, TX' };
const jersey: WarehouseRef = { id: 'w-jersey', name: 'New Jersey Hub', location: 'Newark, NJ' };
const austin: WarehouseRef = { id: 'w-austin', name: 'Austin Central', location: 'Austin, TX' };
const texasOnly: WarehouseRef = { id: 'w-texas', name: 'Texas Depot', location: 'Round Rock, TX' };
const active = [austin, georgetown, jersey];

// Points the fake server knows.
const here: Coordinates = { latitude: 30.63, longitude: -97.68 };
const inJersey: Coordinates = { latitude: 40.73, longitude: -74.17 };
const inAustin: Coordinates = { latitude: 30.27, longitude: -97.74 };
const nowhere: Coordinates = { latitude: 47.6, longitude: -122.3 };
const unnamed: Coordinates = { latitude: 1, longitude: 1 };
const outButNamed: Coordinates = { latitude: 2, longitude: 2 };

const served = (warehouse: WarehouseRef): ServiceArea => ({ inServiceArea: true, warehouse, deliveryFee: 499, distanceMiles: 3 });
const notServed: ServiceArea = { inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null };
const serviceAreas = new Map<string, ServiceArea>([
  [key(here), served(georgetown)],
  [key(inJersey), served(jersey)],
  [key(inAustin), served(austin)],
  [key(nowhere), notServed],
  // In the area but with no warehouse named, and a warehouse named but outside the area: neither counts.
  [key(unnamed), { inServiceArea: true, warehouse: null, deliveryFee: 0, distanceMiles: null }],
  [key(outButNamed), { inServiceArea: false, warehouse: georgetown, deliveryFee: 0, distanceMiles: 55 }],
]);
function key(point: Coordinates) {
  return `${point.latitude},${point.longitude}`;
}

function address(fields: Partial<Address> & { at?: Coordinates | null } = {}): Address {
  const { at = inAustin, ...rest } = fields;
  return {
    id: 'a1',
    label: 'Home',
    streetAddress: '1 Main St',
    unit: '',
    deliveryInstructions: '',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    latitude: at?.latitude ?? null,
    longitude: at?.longitude ?? null,
    isDefault: true,
    ...rest,
  };
}

interface Scenario {
  saved?: WarehouseRef | null;
  native?: boolean;
  permission?: LocationPermission;
  /** The answer to an explicit request (native 'prompt'). */
  requestAnswer?: LocationPermission;
  position?: Coordinates | LocationFailure;
  addresses?: Address[];
  warehouses?: WarehouseRef[];
}

function fakeBoundary(scenario: Scenario) {
  const { saved = null, native = false, permission = 'granted', requestAnswer = 'granted', position = here, addresses = [], warehouses = active } = scenario;
  const boundary = {
    isNative: native,
    readSavedWarehouse: vi.fn(() => saved),
    clearSavedWarehouse: vi.fn(),
    refreshSavedWarehouse: vi.fn((_warehouse: WarehouseRef) => {}),
    checkPermission: vi.fn(async () => permission),
    requestPermission: vi.fn(async () => requestAnswer),
    getPosition: vi.fn(async (_options: { timeoutMs: number }) => {
      if (typeof position === 'string') throw new LocationError(position);
      return position;
    }),
    selectWarehouseAndFee: vi.fn(async (point: Coordinates) => {
      const area = serviceAreas.get(key(point));
      if (!area) throw new Error(`unexpected point ${key(point)}`);
      return area;
    }),
    loadAddresses: vi.fn(async () => addresses),
    listActiveWarehouses: vi.fn(async () => warehouses),
  } satisfies WarehouseCheckBoundary;
  return boundary;
}

const select = (warehouse: WarehouseRef, fromLocation: boolean) =>
  ({ kind: 'select', warehouse, source: fromLocation ? 'current-location' : 'address' }) as const;
/** The first check of a session, or one the customer started: it may make the device ask. */
const first = { mayPrompt: true };
/** A background repeat: it must not make the device ask. */
const repeat = { mayPrompt: false };
const notAvailable = (warehouses: WarehouseRef[] = active) => ({ kind: 'not-available', warehouses }) as const;

interface Case {
  name: string;
  scenario: Scenario;
  outcome: WarehouseCheckResult['outcome'];
  blocked?: 'denied' | 'unavailable';
  warn?: boolean;
}

const cases: Case[] = [
  // Step 1
  { name: 'step 1: a saved warehouse is used as is', scenario: { saved: jersey }, outcome: { kind: 'saved', warehouse: jersey } },

  // Steps 2–4: location in service, no address
  {
    name: 'step 4: location in service and no address selects nothing and keeps the location',
    scenario: { addresses: [] },
    outcome: { kind: 'add-address', locationWarehouse: georgetown},
  },

  // Step 5 with address coordinates
  { name: 'step 5: address served by the same warehouse selects it silently', scenario: { addresses: [address({ at: here })] }, outcome: select(georgetown, true) },
  {
    name: 'step 5: address served by another warehouse shows the chooser with the location preselected',
    scenario: { addresses: [address({ at: inAustin })] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: austin },
  },
  {
    name: 'step 5: an address out of service has no warehouse, so the location warehouse is selected',
    scenario: { addresses: [address({ at: nowhere })] },
    outcome: select(georgetown, true),
  },
  {
    name: 'step 3: the default address is used even when another comes first',
    scenario: { addresses: [address({ id: 'a0', isDefault: false, at: here }), address({ id: 'a1', isDefault: true, at: inJersey })] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: jersey },
  },
  {
    name: 'step 3: without a default address the first address is used',
    scenario: { addresses: [address({ id: 'a0', isDefault: false, at: inJersey }), address({ id: 'a1', isDefault: false, at: here })] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: jersey },
  },

  // Step 5 with the address-without-coordinates rules
  {
    name: 'fallback rule: state NJ prefers a warehouse named "jersey"',
    scenario: { addresses: [address({ at: null, state: 'NJ', city: 'Newark' })] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: jersey },
  },
  {
    name: 'fallback rule: state "New Jersey" spelled out prefers a warehouse named "jersey"',
    scenario: { addresses: [address({ at: null, state: 'New Jersey', city: 'Hoboken' })] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: jersey },
  },
  {
    name: 'fallback rule: state TX prefers "georgetown" over the first warehouse (same as the location: silent)',
    scenario: { addresses: [address({ at: null, state: 'TX', city: 'Austin' })] },
    outcome: select(georgetown, true),
  },
  {
    name: 'fallback rule: state Texas takes a warehouse named "texas" when none is named "georgetown"',
    scenario: { addresses: [address({ at: null, state: 'Texas', city: 'Austin' })], warehouses: [jersey, texasOnly] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: texasOnly },
  },
  {
    name: 'fallback rule: city Georgetown prefers "georgetown" whatever the state',
    scenario: { addresses: [address({ at: null, state: 'KY', city: 'Georgetown' })] },
    outcome: select(georgetown, true),
  },
  {
    name: 'fallback rule: otherwise the first active warehouse',
    scenario: { addresses: [address({ at: null, state: 'CA', city: 'Fresno' })] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: austin },
  },
  {
    name: 'fallback rule: NJ with no "jersey" warehouse takes the first active one',
    scenario: { addresses: [address({ at: null, state: 'NJ', city: 'Newark' })], warehouses: [austin, georgetown] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: austin },
  },
  {
    name: 'coordinates count only as a pair: a latitude alone uses the name rules',
    scenario: { addresses: [{ ...address({ at: null, state: 'NJ', city: 'Newark' }), latitude: inAustin.latitude }] },
    outcome: { kind: 'choose', locationWarehouse: georgetown, addressWarehouse: jersey },
  },
  {
    name: 'no active warehouse for an address without coordinates: the location warehouse is selected',
    scenario: { addresses: [address({ at: null })], warehouses: [] },
    outcome: select(georgetown, true),
  },

  // Step 6: why the location does not count
  { name: 'step 6: location out of service falls back to the address', scenario: { position: nowhere, addresses: [address({ at: inJersey })] }, outcome: select(jersey, false) },
  {
    name: 'step 6: in the service area but no warehouse named does not count',
    scenario: { position: unnamed, addresses: [address({ at: inAustin })] },
    outcome: select(austin, false),
  },
  {
    name: 'step 6: a warehouse named outside the service area does not count',
    scenario: { position: outButNamed, addresses: [] },
    outcome: notAvailable(),
  },
  { name: 'step 6: position timed out falls back to the address', scenario: { position: 'timeout', addresses: [address({ at: inAustin })] }, outcome: select(austin, false) },
  { name: 'step 6: position unavailable falls back to the address', scenario: { position: 'unavailable', addresses: [address({ at: inAustin })] }, outcome: select(austin, false) },

  // Step 6: what the address alone gives
  { name: 'step 6: no address shows every active warehouse', scenario: { position: nowhere, addresses: [] }, outcome: notAvailable() },
  {
    name: 'step 6: an address out of service shows every active warehouse',
    scenario: { position: nowhere, addresses: [address({ at: nowhere })] },
    outcome: notAvailable(),
  },
  {
    name: 'step 6: an address without coordinates uses the name rules',
    scenario: { position: nowhere, addresses: [address({ at: null, state: 'NJ', city: 'Trenton' })] },
    outcome: select(jersey, false),
  },
  {
    name: 'step 6: an address without coordinates and no active warehouse: nothing to pick from',
    scenario: { position: nowhere, addresses: [address({ at: null })], warehouses: [] },
    outcome: notAvailable([]),
  },

  // Step 2, web
  {
    name: 'web: prompt reads the position (the browser asks) and a refusal goes straight to the fallback, without the access dialog',
    scenario: { permission: 'prompt', position: 'denied', addresses: [] },
    outcome: notAvailable(),
  },
  { name: 'web: prompt then allowed uses the location', scenario: { permission: 'prompt', addresses: [] }, outcome: { kind: 'add-address', locationWarehouse: georgetown} },
  { name: 'web: known denied falls back and flags the access dialog', scenario: { permission: 'denied', addresses: [address({ at: inAustin })] }, outcome: select(austin, false), blocked: 'denied' },
  {
    name: 'web: unavailable (no geolocation, or not a secure page) asks for an address, without the access dialog',
    scenario: { permission: 'unavailable', addresses: [] },
    outcome: { kind: 'add-address', locationWarehouse: null },
  },
  { name: 'web: unavailable with an address uses the address', scenario: { permission: 'unavailable', addresses: [address({ at: inJersey })] }, outcome: select(jersey, false) },
  {
    name: 'web: unavailable with an address out of service shows every active warehouse',
    scenario: { permission: 'unavailable', addresses: [address({ at: nowhere })] },
    outcome: notAvailable(),
  },

  // Step 2, native
  { name: 'native: granted reads the position', scenario: { native: true, addresses: [address({ at: here })] }, outcome: select(georgetown, true) },
  {
    name: 'native: prompt asks and, allowed, reads the position',
    scenario: { native: true, permission: 'prompt', requestAnswer: 'granted', addresses: [] },
    outcome: { kind: 'add-address', locationWarehouse: georgetown},
  },
  {
    name: 'native: prompt asks and, refused, falls back without the access dialog',
    scenario: { native: true, permission: 'prompt', requestAnswer: 'denied', addresses: [] },
    outcome: notAvailable(),
  },
  {
    name: 'native: denied is not asked again; it warns and falls back',
    scenario: { native: true, permission: 'denied', addresses: [address({ at: inJersey })] },
    outcome: select(jersey, false),
    blocked: 'denied',
    warn: true,
  },
  { name: 'native: unavailable falls back without a warning', scenario: { native: true, permission: 'unavailable', addresses: [] }, outcome: notAvailable(), blocked: 'unavailable' },
];

describe('checkWarehouse', () => {
  it.each(cases)('$name', async ({ scenario, outcome, blocked = null, warn = false }) => {
    const result = await checkWarehouse(fakeBoundary(scenario), first);
    expect(result.outcome).toEqual(outcome);
    expect(result.locationBlocked).toBe(blocked);
    expect(result.warnPermissionDenied).toBe(warn);
  });

  it('step 1 touches neither the device nor the server beyond the (cached) active warehouses', async () => {
    const boundary = fakeBoundary({ saved: georgetown });
    await checkWarehouse(boundary, first);
    expect(boundary.listActiveWarehouses).toHaveBeenCalledOnce();
    expect(boundary.clearSavedWarehouse).not.toHaveBeenCalled();
    expect(boundary.refreshSavedWarehouse).not.toHaveBeenCalled();
    expect(boundary.checkPermission).not.toHaveBeenCalled();
    expect(boundary.getPosition).not.toHaveBeenCalled();
    expect(boundary.selectWarehouseAndFee).not.toHaveBeenCalled();
    expect(boundary.loadAddresses).not.toHaveBeenCalled();
  });

  it('reads the position with a 10 second time-out and asks the server about exactly that point', async () => {
    const boundary = fakeBoundary({ addresses: [] });
    await checkWarehouse(boundary, first);
    expect(boundary.getPosition).toHaveBeenCalledWith({ timeoutMs: 10_000 });
    expect(boundary.selectWarehouseAndFee).toHaveBeenCalledWith(here);
  });

  it('on the web never requests the permission explicitly', async () => {
    for (const permission of ['prompt', 'granted', 'denied', 'unavailable'] as const) {
      const boundary = fakeBoundary({ permission });
      await checkWarehouse(boundary, first);
      expect(boundary.requestPermission).not.toHaveBeenCalled();
    }
  });

  it('with the permission known denied or unavailable, reads no position', async () => {
    for (const native of [false, true]) {
      for (const permission of ['denied', 'unavailable'] as const) {
        const boundary = fakeBoundary({ native, permission });
        await checkWarehouse(boundary, first);
        expect(boundary.requestPermission).not.toHaveBeenCalled();
        expect(boundary.getPosition).not.toHaveBeenCalled();
      }
    }
  });

  it('on native asks only when the permission is prompt, and reads no position when refused', async () => {
    const granted = fakeBoundary({ native: true, permission: 'granted' });
    await checkWarehouse(granted, first);
    expect(granted.requestPermission).not.toHaveBeenCalled();

    const refused = fakeBoundary({ native: true, permission: 'prompt', requestAnswer: 'denied' });
    await checkWarehouse(refused, first);
    expect(refused.requestPermission).toHaveBeenCalledOnce();
    expect(refused.getPosition).not.toHaveBeenCalled();
  });

  it('places an address with coordinates through the server, not the name rules', async () => {
    const boundary = fakeBoundary({ addresses: [address({ at: inJersey, state: 'TX', city: 'Georgetown' })] });
    const result = await checkWarehouse(boundary, first);
    expect(boundary.selectWarehouseAndFee).toHaveBeenCalledWith(inJersey);
    expect(result.outcome).toEqual({ kind: 'choose', locationWarehouse: georgetown, addressWarehouse: jersey });
  });

  it('keeps only id, name and location of a warehouse', async () => {
    const full = { ...jersey, streetAddress: '1 Port St', city: 'Newark', state: 'NJ', latitude: 40.7, longitude: -74.1 };
    const result = await checkWarehouse(fakeBoundary({ position: nowhere, addresses: [address({ at: null, state: 'NJ' })], warehouses: [full] }), first);
    expect(result.outcome).toEqual(select(jersey, false));
  });

  it('rejects when the server cannot be reached, rather than deciding the area is not served', async () => {
    const boundary = fakeBoundary({ addresses: [] });
    boundary.loadAddresses.mockRejectedValueOnce(new Error('Failed to fetch'));
    await expect(checkWarehouse(boundary, first)).rejects.toThrow('Failed to fetch');
  });
});

describe('checkWarehouse: step 1 checks the saved warehouse is still active', () => {
  it('forgets a saved warehouse that is no longer active and goes on with step 2', async () => {
    const gone: WarehouseRef = { id: 'w-closed', name: 'Closed Depot', location: 'Nowhere, TX' };
    const boundary = fakeBoundary({ saved: gone, addresses: [address({ at: here })] });
    const result = await checkWarehouse(boundary, first);
    expect(boundary.clearSavedWarehouse).toHaveBeenCalledOnce();
    expect(boundary.checkPermission).toHaveBeenCalledOnce();
    expect(result.outcome).toEqual(select(georgetown, true));
  });

  it('refreshes a saved warehouse whose name or location changed', async () => {
    const renamed: WarehouseRef = { ...jersey, name: 'Jersey City', location: 'Jersey City, NJ' };
    const boundary = fakeBoundary({ saved: jersey, warehouses: [austin, renamed] });
    const result = await checkWarehouse(boundary, first);
    expect(boundary.refreshSavedWarehouse).toHaveBeenCalledWith(renamed);
    expect(boundary.clearSavedWarehouse).not.toHaveBeenCalled();
    expect(result.outcome).toEqual({ kind: 'saved', warehouse: renamed });
  });

  it('trusts the saved warehouse when the active list cannot be read', async () => {
    const boundary = fakeBoundary({ saved: jersey });
    boundary.listActiveWarehouses.mockRejectedValueOnce(new Error('Failed to fetch'));
    const result = await checkWarehouse(boundary, first);
    expect(result.outcome).toEqual({ kind: 'saved', warehouse: jersey });
    expect(boundary.clearSavedWarehouse).not.toHaveBeenCalled();
    expect(boundary.checkPermission).not.toHaveBeenCalled();
  });
});

describe('checkWarehouse: only the first check and the ones the customer starts may prompt', () => {
  it('a background repeat with the permission unanswered reads no position and asks nothing, on the web and on native', async () => {
    for (const native of [false, true]) {
      const boundary = fakeBoundary({ native, permission: 'prompt', addresses: [address({ at: inJersey })] });
      const result = await checkWarehouse(boundary, repeat);
      expect(boundary.getPosition).not.toHaveBeenCalled();
      expect(boundary.requestPermission).not.toHaveBeenCalled();
      // No position, but not a refusal either: the access dialog does not apply.
      expect(result).toMatchObject({ outcome: select(jersey, false), locationBlocked: null, askedForPermission: false });
    }
  });

  it('a background repeat still reads the position when the permission is granted', async () => {
    const boundary = fakeBoundary({ permission: 'granted', addresses: [] });
    const result = await checkWarehouse(boundary, repeat);
    expect(boundary.getPosition).toHaveBeenCalledOnce();
    expect(result.outcome).toEqual({ kind: 'add-address', locationWarehouse: georgetown });
  });

  it('the first check with the permission unanswered asks, and says so', async () => {
    const web = fakeBoundary({ permission: 'prompt', position: 'denied' });
    expect(await checkWarehouse(web, first)).toMatchObject({ askedForPermission: true, locationBlocked: null });
    expect(web.getPosition).toHaveBeenCalledOnce();

    const native = fakeBoundary({ native: true, permission: 'prompt', requestAnswer: 'denied' });
    expect(await checkWarehouse(native, first)).toMatchObject({ askedForPermission: true, locationBlocked: null });
    expect(native.requestPermission).toHaveBeenCalledOnce();

    const granted = fakeBoundary({ permission: 'granted' });
    expect(await checkWarehouse(granted, first)).toMatchObject({ askedForPermission: false });
  });
});

describe('checkWarehouse: a position read that never ends', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 30 seconds (a prompt left open stops the browser time-out) and falls back to the address', async () => {
    vi.useFakeTimers();
    const boundary = fakeBoundary({ permission: 'prompt', addresses: [address({ at: inJersey })] });
    boundary.getPosition.mockImplementation(() => new Promise<Coordinates>(() => {}));
    const done = vi.fn();
    void checkWarehouse(boundary, first).then(done);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ outcome: select(jersey, false) }));
  });
});
