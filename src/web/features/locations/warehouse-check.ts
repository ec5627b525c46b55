import type { Address, Coordinates, ServiceArea, WarehouseRef } from '@/shared/contracts/locations';
import { WEB_LOCATION_TIMEOUT_MS, coordinatesOf, warehouseForAddressWithoutCoordinates } from '@/shared/locations';
import { POSITION_WAIT_LIMIT_MS, type LocationPermission } from '@/web/lib/platform';
import { withTimeout } from '@/web/lib/with-timeout';
import type { WarehouseSource } from './selected-warehouse';

/** Everything the check touches outside itself: the saved choice, the device and the server. */
export interface WarehouseCheckBoundary {
  isNative: boolean;
  readSavedWarehouse(): WarehouseRef | null;
  /** Forgets a saved warehouse that is no longer active. */
  clearSavedWarehouse(): void;
  /** Keeps the saved warehouse's name and location in step with the server. */
  refreshSavedWarehouse(warehouse: WarehouseRef): void;
  checkPermission(): Promise<LocationPermission>;
  requestPermission(): Promise<LocationPermission>;
  /** Rejects when the position cannot be read (refused, timed out, unavailable). */
  getPosition(options: { timeoutMs: number }): Promise<Coordinates>;
  selectWarehouseAndFee(point: Coordinates): Promise<ServiceArea>;
  /** The profile's addresses, default first. */
  loadAddresses(): Promise<readonly Address[]>;
  listActiveWarehouses(): Promise<readonly WarehouseRef[]>;
}

export interface WarehouseCheckOptions {
  /**
   * Whether this check may make the device ask for the permission. Only the first check of a
   * session and the checks the customer starts may; a background repeat that popped the prompt
   * would bring it back every 5 seconds after the customer closed it.
   */
  mayPrompt: boolean;
}

export type WarehouseCheckOutcome =
  /** Step 1: a warehouse is already saved; nothing to ask. */
  | { kind: 'saved'; warehouse: WarehouseRef }
  /** Select without asking. */
  | { kind: 'select'; warehouse: WarehouseRef; source: Exclude<WarehouseSource, 'list'> }
  /** Step 5: location and address are served by different warehouses; the location one is preselected. */
  | { kind: 'choose'; locationWarehouse: WarehouseRef; addressWarehouse: WarehouseRef }
  /**
   * Step 4: a location in service but no address; select nothing and show the location's warehouse.
   * Also where the browser cannot locate at all (ADR 049): no location warehouse, only the address to ask for.
   */
  | { kind: 'add-address'; locationWarehouse: WarehouseRef | null }
  /** Step 6: nothing serves the customer; they pick from every active warehouse. */
  | { kind: 'not-available'; warehouses: WarehouseRef[] };

export interface WarehouseCheckResult {
  outcome: WarehouseCheckOutcome;
  /**
   * Location was known denied or unavailable before asking, so the 'Location Access Required'
   * dialog may apply; null when location was tried (or step 1 ended the check).
   */
  locationBlocked: 'denied' | 'unavailable' | null;
  /** This check made the device ask for the permission: whatever the customer answered, they just answered. */
  askedForPermission: boolean;
  /** Native permission denied for good: it is not asked again, the customer is warned instead. */
  warnPermissionDenied: boolean;
}

const toRef = ({ id, name, location }: WarehouseRef): WarehouseRef => ({ id, name, location });

/** The warehouse serving a point, counted only when the server says it is in the service area and names one. */
async function servingWarehouse(boundary: WarehouseCheckBoundary, point: Coordinates): Promise<WarehouseRef | null> {
  const area = await boundary.selectWarehouseAndFee(point);
  return area.inServiceArea && area.warehouse ? toRef(area.warehouse) : null;
}

/**
 * Step 1: the saved warehouse, if it is still active (a deactivated one would fail every catalog
 * call). The active list is cached, so a valid choice stays cheap. When the list cannot be read,
 * the choice is trusted: nothing would retry the check while a warehouse is saved.
 */
async function savedWarehouse(boundary: WarehouseCheckBoundary, activeWarehouses: () => Promise<readonly WarehouseRef[]>) {
  const saved = boundary.readSavedWarehouse();
  if (!saved) return null;
  const active = await activeWarehouses().catch(() => null);
  if (!active) return saved;
  const current = active.find((warehouse) => warehouse.id === saved.id);
  if (!current) {
    boundary.clearSavedWarehouse();
    return null;
  }
  const fresh = toRef(current);
  if (fresh.name !== saved.name || fresh.location !== saved.location) boundary.refreshSavedWarehouse(fresh);
  return fresh;
}

/** Step 2: the permission (asked for where the platform asks explicitly), then the position. */
async function readPosition(boundary: WarehouseCheckBoundary, permission: LocationPermission): Promise<Coordinates | null> {
  if (permission === 'denied' || permission === 'unavailable') return null;
  if (boundary.isNative && permission === 'prompt') {
    const answer = await boundary.requestPermission();
    if (answer !== 'granted') return null;
  }
  // On the web a position request is what makes the browser ask, so 'prompt' goes straight here.
  // The browser's time-out does not count the time its prompt stays open, hence the outer limit.
  try {
    return await withTimeout(boundary.getPosition({ timeoutMs: WEB_LOCATION_TIMEOUT_MS }), POSITION_WAIT_LIMIT_MS);
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
 * outcome (saving, opening a dialog) is the caller's job, except that a saved warehouse which is
 * no longer active is forgotten at once. Server failures reject so the caller can try again later
 * instead of telling the customer their area is not served.
 */
export async function checkWarehouse(boundary: WarehouseCheckBoundary, options: WarehouseCheckOptions): Promise<WarehouseCheckResult> {
  let warehouses: Promise<readonly WarehouseRef[]> | undefined;
  const activeWarehouses = () => (warehouses ??= boundary.listActiveWarehouses());

  const saved = await savedWarehouse(boundary, activeWarehouses);
  if (saved) return { outcome: { kind: 'saved', warehouse: saved }, locationBlocked: null, askedForPermission: false, warnPermissionDenied: false };

  const permission = await boundary.checkPermission();
  // A browser without geolocation (or a page not served securely) can never locate: there is no
  // access to ask for, and lacking a location says nothing about the customer's area (ADR 049).
  const cannotLocate = permission === 'unavailable' && !boundary.isNative;
  const locationBlocked = (permission === 'denied' || permission === 'unavailable') && !cannotLocate ? permission : null;
  const warnPermissionDenied = boundary.isNative && permission === 'denied';
  // Without leave to prompt, an unanswered permission is no position; it is not a refusal either.
  const askedForPermission = permission === 'prompt' && options.mayPrompt;
  const result = (outcome: WarehouseCheckOutcome): WarehouseCheckResult => ({ outcome, locationBlocked, askedForPermission, warnPermissionDenied });

  const position = permission === 'prompt' && !options.mayPrompt ? null : await readPosition(boundary, permission);
  const locationWarehouse = position ? await servingWarehouse(boundary, position) : null;
  const address = await firstAddress(boundary);

  if (locationWarehouse) {
    if (!address) return result({ kind: 'add-address', locationWarehouse });
    const forAddress = await addressWarehouse(boundary, address, activeWarehouses);
    if (forAddress && forAddress.id !== locationWarehouse.id) {
      return result({ kind: 'choose', locationWarehouse, addressWarehouse: forAddress });
    }
    // Same warehouse, or the address is served by none: the location decides.
    return result({ kind: 'select', warehouse: locationWarehouse, source: 'current-location' });
  }

  // Step 6: no usable location; the address alone decides.
  const forAddress = address ? await addressWarehouse(boundary, address, activeWarehouses) : null;
  if (forAddress) return result({ kind: 'select', warehouse: forAddress, source: 'address' });
  if (cannotLocate && !address) return result({ kind: 'add-address', locationWarehouse: null });
  return result({ kind: 'not-available', warehouses: (await activeWarehouses()).map(toRef) });
}
