import type { Address, Coordinates, ServiceArea, WarehouseRef } from '@/shared/contracts/locations';
import { WEB_LOCATION_TIMEOUT_MS, coordinatesOf, warehouseForAddressWithoutCoordinates } from '@/shared/locations';
import type { LocationPermission } from '@/web/lib/platform';

/** Everything the check touches outside itself: the saved choice, the device and the server. */
export interface WarehouseCheckBoundary {
  isNative: boolean;
  readSavedWarehouse(): WarehouseRef | null;
  checkPermission(): Promise<LocationPermission>;
  requestPermission(): Promise<LocationPermission>;
  /** Rejects when the position cannot be read (refused, timed out, unavailable). */
  getPosition(options: { timeoutMs: number }): Promise<Coordinates>;
  selectWarehouseAndFee(point: Coordinates): Promise<ServiceArea>;
  /** The profile's addresses, default first. */
  loadAddresses(): Promise<readonly Address[]>;
  listActiveWarehouses(): Promise<readonly WarehouseRef[]>;
}

export type WarehouseCheckOutcome =
  /** Step 1: a warehouse is already saved; nothing to ask. */
  | { kind: 'saved'; warehouse: WarehouseRef }
  /** Select without asking. */
  | { kind: 'select'; warehouse: WarehouseRef; usedCurrentLocation: boolean }
  /** Step 5: location and address are served by different warehouses; the location one is preselected. */
  | { kind: 'choose'; locationWarehouse: WarehouseRef; addressWarehouse: WarehouseRef }
  /** Step 4: select nothing, keep the location warehouse for later. */
  | { kind: 'add-address'; locationWarehouse: WarehouseRef | null; locationDetected: boolean }
  /** Step 6: nothing serves the customer; they pick from every active warehouse. */
  | { kind: 'not-available'; warehouses: WarehouseRef[] };

export interface WarehouseCheckResult {
  outcome: WarehouseCheckOutcome;
  /** The permission as it stood before the check asked for anything; null when step 1 ended the check. */
  permission: LocationPermission | null;
  /** Location was known denied or unavailable before asking: the 'Location Access Required' dialog applies. */
  locationBlocked: boolean;
  /** Native permission denied for good: it is not asked again, the customer is warned instead. */
  warnPermissionDenied: boolean;
}

const toRef = ({ id, name, location }: WarehouseRef): WarehouseRef => ({ id, name, location });

/** The warehouse serving a point, counted only when the server says it is in the service area and names one. */
async function servingWarehouse(boundary: WarehouseCheckBoundary, point: Coordinates): Promise<WarehouseRef | null> {
  const area = await boundary.selectWarehouseAndFee(point);
  return area.inServiceArea && area.warehouse ? toRef(area.warehouse) : null;
}

/** Step 2: the permission (asked for where the platform asks explicitly), then the position. */
async function readPosition(boundary: WarehouseCheckBoundary, permission: LocationPermission): Promise<Coordinates | null> {
  if (permission === 'denied' || permission === 'unavailable') return null;
  if (boundary.isNative && permission === 'prompt') {
    const answer = await boundary.requestPermission();
    if (answer !== 'granted') return null;
  }
  // On the web a position request is what makes the browser ask, so 'prompt' goes straight here.
  try {
    return await boundary.getPosition({ timeoutMs: WEB_LOCATION_TIMEOUT_MS });
  } catch {
    return null;
  }
}

/** Steps 3 and 5: the default address, else any; the list comes default first. */
async function firstAddress(boundary: WarehouseCheckBoundary): Promise<Address | null> {
  const addresses = await boundary.loadAddresses();
  return addresses.find((address) => address.isDefault) ?? addresses[0] ?? null;
}

async function addressWarehouse(boundary: WarehouseCheckBoundary, address: Address, activeWarehouses: () => Promise<readonly WarehouseRef[]>) {
  const point = coordinatesOf(address);
  if (point) return servingWarehouse(boundary, point);
  const fallback = warehouseForAddressWithoutCoordinates(address, await activeWarehouses());
  return fallback ? toRef(fallback) : null;
}

/**
 * SPEC §4 warehouse selection, steps 1–6, for a signed-in customer. It decides; applying the
 * outcome (saving, opening a dialog) is the caller's job. Server failures reject so the caller can
 * try again later instead of telling the customer their area is not served.
 */
export async function checkWarehouse(boundary: WarehouseCheckBoundary): Promise<WarehouseCheckResult> {
  const saved = boundary.readSavedWarehouse();
  if (saved) return { outcome: { kind: 'saved', warehouse: saved }, permission: null, locationBlocked: false, warnPermissionDenied: false };

  let warehouses: Promise<readonly WarehouseRef[]> | undefined;
  const activeWarehouses = () => (warehouses ??= boundary.listActiveWarehouses());

  const permission = await boundary.checkPermission();
  const locationBlocked = permission === 'denied' || permission === 'unavailable';
  const warnPermissionDenied = boundary.isNative && permission === 'denied';
  const result = (outcome: WarehouseCheckOutcome): WarehouseCheckResult => ({ outcome, permission, locationBlocked, warnPermissionDenied });

  const position = await readPosition(boundary, permission);
  const locationWarehouse = position ? await servingWarehouse(boundary, position) : null;
  const address = await firstAddress(boundary);

  if (locationWarehouse) {
    if (!address) return result({ kind: 'add-address', locationWarehouse, locationDetected: true });
    const forAddress = await addressWarehouse(boundary, address, activeWarehouses);
    if (forAddress && forAddress.id !== locationWarehouse.id) {
      return result({ kind: 'choose', locationWarehouse, addressWarehouse: forAddress });
    }
    // Same warehouse, or the address is served by none: the location decides.
    return result({ kind: 'select', warehouse: locationWarehouse, usedCurrentLocation: true });
  }

  // Step 6: no usable location; the address alone decides.
  const forAddress = address ? await addressWarehouse(boundary, address, activeWarehouses) : null;
  if (forAddress) return result({ kind: 'select', warehouse: forAddress, usedCurrentLocation: false });
  return result({ kind: 'not-available', warehouses: (await activeWarehouses()).map(toRef) });
}
