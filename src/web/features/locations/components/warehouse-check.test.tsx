import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, Coordinates, WarehouseRef } from '@/shared/contracts/locations';
import { WAREHOUSE_RECHECK_MS } from '@/shared/locations';
import type { Role } from '@/shared/roles';
import { SiteHeader } from '@/web/app/layouts/site-header';
import type * as Platform from '@/web/lib/platform';
import { LocationError, type LocationPermission } from '@/web/lib/platform';
import { sessionQuery } from '@/web/lib/session';
import { apiError, createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aUser, aWarehouse, anAddress, georgetownId, jerseyCityId, testId, type FakeUser } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { useServiceAreaStatus, useUsedCurrentLocation } from '../location-state';
import { selectedWarehouseSourceStore, selectedWarehouseStore, useWarehouseId } from '../selected-warehouse';
import { addAddressRequest } from '../add-address-request';
import { WarehouseCheck } from './warehouse-check';

/** The device, as the platform module reports it; each test arranges its own. */
const device = vi.hoisted(() => ({
  native: false,
  permission: 'granted' as LocationPermission,
  requestAnswer: 'granted' as LocationPermission,
  position: null as Coordinates | null,
  checkPermission: vi.fn<() => Promise<LocationPermission>>(),
  requestPermission: vi.fn<() => Promise<LocationPermission>>(),
  getPosition: vi.fn<(options: { timeoutMs: number }) => Promise<Coordinates>>(),
}));

vi.mock('@/web/lib/platform', async (importOriginal) => {
  const platform = await importOriginal<typeof Platform>();
  return {
    ...platform,
    get isNative() {
      return device.native;
    },
    checkLocationPermission: () => device.checkPermission(),
    requestLocationPermission: () => device.requestPermission(),
    getCurrentPosition: (options: { timeoutMs: number }) => device.getPosition(options),
  };
});

// The server's warehouses: Georgetown serves Texas, the hub serves northern New Jersey.
const georgetown: WarehouseRef = { id: georgetownId, name: 'Georgetown Warehouse', location: 'Georgetown, TX' };
const jersey: WarehouseRef = { id: jerseyCityId, name: 'New Jersey Hub', location: 'Newark, NJ' };
const closedDepot: WarehouseRef = { id: testId(1, 9), name: 'Closed Depot', location: 'Nowhere, TX' };
const here: Coordinates = { latitude: 30.63, longitude: -97.68 };
const inJersey: Coordinates = { latitude: 40.73, longitude: -74.17 };
const nowhere: Coordinates = { latitude: 47.6, longitude: -122.3 };

const customer = aUser('customer');
const otherCustomer = aUser('customer', { id: testId(9, 50), userId: testId(10, 50), email: 'other@demo.test' });

function addressAt(point: Coordinates): Address {
  return anAddress(1, { label: 'Home', streetAddress: '1 Main St', city: 'Newark', state: 'NJ', zipCode: '07102', ...point, isDefault: true });
}

let api: FakeApi;

/** The addresses endpoint fails (503) until the returned function is called. */
function failAddresses() {
  let down = true;
  api.on('GET /api/addresses', (request) => (down ? apiError(503, 'UNAVAILABLE', 'The service is busy; try again shortly.') : api.respond(request)));
  return () => (down = false);
}

/** Holds every address read until the returned function is called (never, if it is not). */
function holdAddresses() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  api.on('GET /api/addresses', async (request) => {
    await gate;
    return api.respond(request);
  });
  return () => release();
}

const permissionWarning = 'Location Access: Location permission is needed for delivery. Please enable in settings.';

function Probe() {
  const status = useServiceAreaStatus();
  const usedCurrentLocation = useUsedCurrentLocation();
  const warehouseId = useWarehouseId();
  const location = useLocation();
  return (
    <dl>
      <dt>browsing warehouse</dt>
      <dd data-testid="browsing">{warehouseId ?? 'default'}</dd>
      <dt>navigation state</dt>
      <dd data-testid="navigation-state">{JSON.stringify(location.state)}</dd>
      <dt>service area</dt>
      <dd data-testid="service-area">{status}</dd>
      <dt>used current location</dt>
      <dd data-testid="used-current-location">{String(usedCurrentLocation)}</dd>
      <dt>at</dt>
      <dd data-testid="at">{location.pathname + location.hash}</dd>
    </dl>
  );
}

/**
 * The check as the app mounts it, with the header when asked, for `role` (a customer by default,
 * nobody for null); the session and profile come from the fake API.
 */
function renderCheck(role: Role | null, options: { header?: boolean; path?: string; user?: FakeUser; loadingProfile?: boolean } = {}) {
  if (role === null) api.signOut();
  // The profile never arrives: the session stays 'loading'.
  if (options.loadingProfile) api.on('GET /api/profile', () => new Promise(() => {}), { times: 1 });
  const user = role === null ? null : (options.user ?? (role === 'customer' ? customer : role));
  const view = renderApp(
    [
      {
        path: '*',
        element: (
          <>
            {options.header ? <SiteHeader /> : null}
            <WarehouseCheck />
            <Probe />
          </>
        ),
      },
    ],
    { api, user, path: options.path ?? '/products' },
  );
  return {
    /** The session ends on the server (signed out in another tab, say) and the app reads it again. */
    signOut: async () => {
      api.signOut();
      await act(() => view.queryClient.refetchQueries({ queryKey: sessionQuery.queryKey }));
    },
    goTo: (path: string) => act(() => view.router.navigate(path)),
  };
}

/** Lets the fake API's answers and the renders they cause settle (everything it does is in memory). */
const settle = () =>
  act(async () => {
    for (let tick = 0; tick < 20; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
/**
 * Moves the repetition clock on, letting each repeated check finish before the next can start: a
 * step no longer than the 5-second period holds at most one repeat (only setInterval and Date are
 * faked, so Testing Library's own waiting keeps working).
 */
async function elapse(ms: number) {
  await settle();
  for (let left = ms; left > 0; left -= WAREHOUSE_RECHECK_MS) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(left, WAREHOUSE_RECHECK_MS)));
    await settle();
  }
}
const dialogTitled = (title: string) => screen.findByRole('dialog', { name: title });
/** The permission warnings on screen, as toasts. */
const warnings = () => screen.queryAllByText(permissionWarning);

beforeEach(() => {
  Object.assign(device, { native: false, permission: 'granted', requestAnswer: 'granted', position: here });
  device.checkPermission.mockImplementation(async () => device.permission);
  device.requestPermission.mockImplementation(async () => device.requestAnswer);
  device.getPosition.mockImplementation(async () => {
    if (!device.position) throw new LocationError('denied');
    return device.position;
  });
  api = createFakeApi();
  api.data.warehouses = [
    aWarehouse({ ...georgetown, city: 'Georgetown', state: 'TX', latitude: 30.6333, longitude: -97.6779, isDefault: true, deliveryFee: 499 }),
    aWarehouse({ ...jersey, city: 'Newark', state: 'NJ', latitude: 40.7357, longitude: -74.1724, isDefault: false, deliveryFee: 499 }),
    aWarehouse({ ...closedDepot, city: 'Nowhere', state: 'TX', latitude: 31.5, longitude: -100.4, isDefault: false, active: false }),
  ];
  // Date too: the active warehouses stay cached for a minute of the check's own time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  for (const fn of [device.checkPermission, device.requestPermission, device.getPosition]) fn.mockReset();
});

describe('WarehouseCheck: who is checked', () => {
  it('does not run for a guest', async () => {
    renderCheck(null);
    await settle();
    expect(api.requestsTo('GET /api/auth/get-session')).not.toHaveLength(0);
    await elapse(10_000);
    expect(device.checkPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['admin', 'manager', 'driver', 'cloud_kitchen', 'support'] as const)('does not run for %s staff, who do not shop', async (role) => {
    renderCheck(role);
    await settle();
    expect(api.requestsTo('GET /api/profile')).not.toHaveLength(0);
    await elapse(10_000);
    expect(device.checkPermission).not.toHaveBeenCalled();
  });
});

describe('WarehouseCheck: outcomes', () => {
  it('step 1: a saved warehouse is kept and no dialog opens', async () => {
    selectedWarehouseStore.write(jersey);
    renderCheck('customer');
    await settle();
    expect(device.checkPermission).not.toHaveBeenCalled();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 5: same warehouse for location and address is selected silently, from the current location', async () => {
    api.data.addresses[customer.id] = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('true');
    expect(screen.getByTestId('service-area')).toHaveTextContent('in');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 5 and 7: different warehouses show the chooser with the location preselected; choosing it saves it', async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    renderCheck('customer');
    const dialog = await dialogTitled('Choose Delivery Warehouse');
    const current = within(dialog).getByRole('button', { name: /Use Current Location/ });
    const saved = within(dialog).getByRole('button', { name: /Use Saved Address/ });
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAccessibleName(expect.stringContaining('Georgetown Warehouse'));
    expect(saved).toHaveAccessibleName(expect.stringContaining('New Jersey Hub'));
    expect(within(dialog).getAllByText('Within 40-mile delivery range')).toHaveLength(2);
    expect(within(dialog).getByText('Newark, NJ')).toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();

    fireEvent.click(current);
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 7: choosing the saved address records that the current location was not used', async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    renderCheck('customer');
    const dialog = await dialogTitled('Choose Delivery Warehouse');
    fireEvent.click(within(dialog).getByRole('button', { name: /Use Saved Address/ }));
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('false');
  });

  it('step 4: no address shows Add Your Address with the detected location; Add My Address goes to the addresses section', async () => {
    renderCheck('customer');
    const dialog = await dialogTitled('Add Your Address');
    expect(dialog).toHaveAccessibleDescription(/We found a warehouse near you/);
    expect(within(dialog).getByText('Georgetown Warehouse')).toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add My Address' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('at')).toHaveTextContent('/account#addresses');
  });

  it("step 4: 'Not now' closes the dialog and selects nothing", async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
  });

  it('step 6: out of service without an address lists every active warehouse; picking one selects it', async () => {
    device.position = nowhere;
    renderCheck('customer');
    const dialog = await dialogTitled('Service Not Available in Your Area');
    expect(screen.getByTestId('service-area')).toHaveTextContent('out');
    const options = within(dialog).getAllByRole('button', { name: /Warehouse|Hub/ });
    expect(options.map((option) => option.textContent)).toEqual(['Georgetown WarehouseGeorgetown, TX', 'New Jersey HubNewark, NJ']);
    fireEvent.click(within(dialog).getByRole('button', { name: /New Jersey Hub/ }));
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('false');
    expect(screen.getByTestId('service-area')).toHaveTextContent('in');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 6: out of service with a served address selects the address warehouse silently', async () => {
    device.position = nowhere;
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('false');
  });
});

describe('WarehouseCheck: Location Access Required', () => {
  it('is skipped when the address alone selects a warehouse', async () => {
    device.permission = 'denied';
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens first when the permission is known denied; the fallback follows Continue Without Location', async () => {
    device.permission = 'denied';
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    expect(access).toHaveAccessibleDescription(/.+/);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(device.getPosition).not.toHaveBeenCalled();
    fireEvent.click(within(access).getByRole('button', { name: 'Continue Without Location' }));
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('native: opens when location is unavailable (location services off)', async () => {
    device.native = true;
    device.permission = 'unavailable';
    renderCheck('customer');
    expect(await dialogTitled('Location Access Required')).toBeInTheDocument();
  });

  it('web: where the browser cannot locate (no geolocation, a page not served securely) it asks for an address, never saying the area is not served', async () => {
    device.permission = 'unavailable';
    renderCheck('customer');
    const dialog = await dialogTitled('Add Your Address');
    expect(dialog).toHaveAccessibleDescription('Add your delivery address so we can find the warehouse that delivers to you.');
    expect(within(dialog).queryByText('Nearest warehouse')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Location Access Required' })).not.toBeInTheDocument();
    expect(device.getPosition).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await elapse(15_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
  });

  it('web: where the browser cannot locate, an address picks the warehouse silently', async () => {
    device.permission = 'unavailable';
    api.data.addresses[customer.id] = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open when the browser prompt is refused: the fallback shows directly', async () => {
    device.permission = 'prompt';
    device.position = null;
    renderCheck('customer');
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Location Access Required' })).not.toBeInTheDocument();
  });

  it("shows 'Requesting...' while asking, then warns when the permission is still denied", async () => {
    device.permission = 'denied';
    let answer: (value: LocationPermission) => void = () => {};
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    device.requestPermission.mockImplementationOnce(() => new Promise<LocationPermission>((resolve) => (answer = resolve)));
    fireEvent.click(within(access).getByRole('button', { name: 'Allow Location Access' }));
    expect(await within(access).findByRole('button', { name: 'Requesting...' })).toHaveAttribute('aria-disabled', 'true');
    const checksBefore = device.checkPermission.mock.calls.length;
    await act(async () => answer('denied'));
    expect(await screen.findByText(permissionWarning)).toBeInTheDocument();
    expect(device.checkPermission.mock.calls.length).toBe(checksBefore + 1);
    expect(await within(await dialogTitled('Location Access Required')).findByRole('button', { name: 'Allow Location Access' })).toBeEnabled();
  });

  it('reruns the check once allowed and selects from the location', async () => {
    device.permission = 'denied';
    api.data.addresses[customer.id] = [addressAt(nowhere)];
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    device.permission = 'granted';
    fireEvent.click(within(access).getByRole('button', { name: 'Allow Location Access' }));
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(warnings()).toHaveLength(0);
  });

  it('native: a denied permission is never asked again and the warning shows once, not every 5 seconds', async () => {
    device.native = true;
    device.permission = 'denied';
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    fireEvent.click(within(access).getByRole('button', { name: 'Continue Without Location' }));
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(15_000);
    expect(device.checkPermission.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(device.requestPermission).not.toHaveBeenCalled();
    expect(warnings()).toHaveLength(1);
  });

  it('native: a prompt is asked through the system', async () => {
    device.native = true;
    device.permission = 'prompt';
    api.data.addresses[customer.id] = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(device.requestPermission).toHaveBeenCalledOnce();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
  });
});

describe('WarehouseCheck: repetition (step 9) and clearing (step 8)', () => {
  it('repeats every 5 seconds while nothing is saved, and stops once a warehouse is saved', async () => {
    const restoreAddresses = failAddresses();
    api.data.addresses[customer.id] = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(device.checkPermission).toHaveBeenCalledTimes(1);
    await elapse(4_999);
    expect(device.checkPermission).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(device.checkPermission).toHaveBeenCalledTimes(2);
    restoreAddresses();
    await elapse(5_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(3);
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    await elapse(20_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(3);
  });

  it('does not repeat while a dialog is open', async () => {
    renderCheck('customer');
    await dialogTitled('Add Your Address');
    await elapse(20_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(1);
  });

  it('does not start another check while one is in flight', async () => {
    const release = holdAddresses();
    api.data.addresses[customer.id] = [addressAt(here)];
    renderCheck('customer');
    await elapse(20_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(1);
    await act(async () => release());
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
  });

  it('does not reopen a dismissed dialog for the same outcome, but does for a new one', async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    await elapse(5_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    api.data.addresses[customer.id] = [addressAt(inJersey)];
    await elapse(5_000);
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
  });

  it('a dismissed access dialog stays closed for the same outcome', async () => {
    device.permission = 'denied';
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Location Access Required'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(10_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 8: clearing the saved warehouse reruns the check at once', async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    selectedWarehouseStore.write(georgetown);
    renderCheck('customer');
    await elapse(15_000);
    expect(device.checkPermission).not.toHaveBeenCalled();
    act(() => selectedWarehouseStore.clear());
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
    expect(device.checkPermission).toHaveBeenCalledTimes(1);
  });

  it('step 8: after clearing, a dialog dismissed earlier may open again', async () => {
    device.position = nowhere;
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    act(() => selectedWarehouseStore.write(jersey));
    act(() => selectedWarehouseStore.clear());
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
  });

  it('step 1: a warehouse saved elsewhere closes the open dialog', async () => {
    renderCheck('customer');
    await dialogTitled('Add Your Address');
    act(() => selectedWarehouseStore.write(jersey));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops on sign-out and closes its dialog', async () => {
    device.position = nowhere;
    const { signOut } = renderCheck('customer');
    await dialogTitled('Service Not Available in Your Area');
    await signOut();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('service-area')).toHaveTextContent('unknown');
    await elapse(20_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(1);
  });
});

describe('WarehouseCheck: the permission prompt', () => {
  it('only the first check makes the browser ask: the repeats leave an unanswered permission alone', async () => {
    // The customer closed the browser prompt with X: the read failed, the permission is still 'prompt'.
    device.permission = 'prompt';
    device.position = null;
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(15_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(4);
    expect(device.getPosition).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('native: the system dialog is not shown again by the repeats', async () => {
    device.native = true;
    device.permission = 'prompt';
    device.requestAnswer = 'prompt';
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(15_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(4);
    expect(device.requestPermission).toHaveBeenCalledOnce();
  });

  it('a refusal at the prompt does not bring Location Access Required after the fallback is closed', async () => {
    device.permission = 'prompt';
    device.position = null;
    renderCheck('customer');
    const fallback = await dialogTitled('Service Not Available in Your Area');
    // Refusing the prompt turns the permission to 'denied' for the checks that follow.
    device.permission = 'denied';
    fireEvent.keyDown(fallback, { key: 'Escape' });
    await elapse(10_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A new outcome opens its own dialog, still without the access dialog in front of it.
    // Georgetown closes: the list the customer picks from changes once the cached one is a minute old.
    api.data.warehouses[0]!.active = false;
    await elapse(60_000);
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Location Access Required' })).not.toBeInTheDocument();
  });

  it('a dismissed outcome stays closed when only the permission changed', async () => {
    device.permission = 'denied';
    device.position = nowhere;
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Location Access Required')).getByRole('button', { name: 'Continue Without Location' }));
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    // The customer reset the permission in the browser: no longer blocked, the outcome is the same.
    device.permission = 'prompt';
    await elapse(10_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('native: with location unavailable, Location Access Required offers only Continue Without Location', async () => {
    device.native = true;
    device.permission = 'unavailable';
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    expect(within(access).queryByRole('button', { name: 'Allow Location Access' })).not.toBeInTheDocument();
    fireEvent.click(within(access).getByRole('button', { name: 'Continue Without Location' }));
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
  });

  it('with the permission denied, Allow Location Access is still offered', async () => {
    device.permission = 'denied';
    renderCheck('customer');
    expect(within(await dialogTitled('Location Access Required')).getByRole('button', { name: 'Allow Location Access' })).toBeEnabled();
  });
});

describe('WarehouseCheck: where the choice came from (step 7)', () => {
  it('is kept next to the selection, survives a reload and goes with the selection', async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Choose Delivery Warehouse')).getByRole('button', { name: /Use Current Location/ }));
    expect(localStorage.getItem('selectedWarehouseSource')).toBe(JSON.stringify('current-location'));

    cleanup();
    renderCheck('customer');
    await settle();
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('true');

    act(() => selectedWarehouseStore.clear());
    expect(localStorage.getItem('selectedWarehouseSource')).toBeNull();
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('null');
  });

  it('records a pick from the list as such', async () => {
    device.position = nowhere;
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Service Not Available in Your Area')).getByRole('button', { name: /New Jersey Hub/ }));
    expect(selectedWarehouseSourceStore.read()).toBe('list');
  });
});

describe('WarehouseCheck: a saved warehouse that is no longer active', () => {
  it("is forgotten: the header falls back to the position's warehouse and the check goes on, once", async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    selectedWarehouseStore.write(closedDepot);
    localStorage.setItem('selectedWarehouseSource', JSON.stringify('list'));
    renderCheck('customer', { header: true });
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
    expect(localStorage.getItem('selectedWarehouseSource')).toBeNull();
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown Warehouse$/);
    await settle();
    expect(device.checkPermission).toHaveBeenCalledOnce();
  });

  it('is refreshed when its name changed', async () => {
    selectedWarehouseStore.write({ ...jersey, name: 'Old Name' });
    renderCheck('customer', { header: true });
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);
    expect(device.checkPermission).not.toHaveBeenCalled();
  });
});

describe('Browsing from the position while nothing is chosen', () => {
  it("after 'Not now' the catalog and the header follow the position's warehouse, not the default", async () => {
    device.position = inJersey;
    renderCheck('customer', { header: true });
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    expect(selectedWarehouseStore.read()).toBeNull();
    expect(screen.getByTestId('browsing')).toHaveTextContent(jerseyCityId);
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);
  });

  it("while the chooser waits, the location's warehouse is browsed", async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    renderCheck('customer', { header: true });
    await dialogTitled('Choose Delivery Warehouse');
    expect(screen.getByTestId('browsing')).toHaveTextContent(georgetownId);
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown Warehouse$/);
  });

  it('a page load browses the remembered position warehouse at once, before the check has read the position again', async () => {
    device.position = inJersey;
    renderCheck('customer', { header: true });
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    const remembered = sessionStorage.getItem('positionWarehouse');
    expect(JSON.parse(remembered ?? 'null')).toEqual({ customerId: customer.id, warehouse: jersey });
    // A reload: the page goes without unmounting anything, the browser session stays.
    cleanup();
    sessionStorage.setItem('positionWarehouse', remembered!);
    const release = holdAddresses();
    const addressReads = api.requestsTo('GET /api/addresses').length;
    renderCheck('customer', { header: true });
    // Signed in, the new check under way and not done yet.
    await settle();
    expect(api.requestsTo('GET /api/addresses')).toHaveLength(addressReads + 1);
    expect(screen.getByTestId('browsing')).toHaveTextContent(jerseyCityId);
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);

    // The check then has the last word: the customer has left the area.
    device.position = nowhere;
    await act(async () => release());
    await elapse(5_000);
    expect(screen.getByTestId('browsing')).toHaveTextContent('default');
    expect(sessionStorage.getItem('positionWarehouse')).toBeNull();
  });

  it('is trusted while the session loads, and never for a guest or another account', async () => {
    const remembered = JSON.stringify({ customerId: customer.id, warehouse: jersey });
    holdAddresses();
    sessionStorage.setItem('positionWarehouse', remembered);
    renderCheck('customer', { header: true, loadingProfile: true });
    // The session is known, the profile not yet.
    await settle();
    expect(api.requestsTo('GET /api/profile')).toHaveLength(1);
    expect(screen.getByTestId('browsing')).toHaveTextContent(jerseyCityId);
    cleanup();
    sessionStorage.setItem('positionWarehouse', remembered);
    renderCheck('customer', { header: true, user: otherCustomer });
    await waitFor(() => expect(screen.getByTestId('browsing')).toHaveTextContent('default'));
    cleanup();
    sessionStorage.setItem('positionWarehouse', remembered);
    renderCheck(null, { header: true });
    await waitFor(() => expect(screen.getByTestId('browsing')).toHaveTextContent('default'));
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown$/);
  });

  it('a chosen warehouse wins over the position', async () => {
    device.position = inJersey;
    renderCheck('customer', { header: true });
    await dialogTitled('Add Your Address');
    act(() => selectedWarehouseStore.write(georgetown));
    expect(screen.getByTestId('browsing')).toHaveTextContent(georgetownId);
  });

  it('a position out of service leaves the default warehouse', async () => {
    device.position = nowhere;
    renderCheck('customer', { header: true });
    await dialogTitled('Service Not Available in Your Area');
    expect(screen.getByTestId('browsing')).toHaveTextContent('default');
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown$/);
  });

  it('is forgotten on sign-out', async () => {
    device.position = inJersey;
    const { signOut } = renderCheck('customer', { header: true });
    await dialogTitled('Add Your Address');
    expect(screen.getByTestId('browsing')).toHaveTextContent(jerseyCityId);
    await signOut();
    await waitFor(() => expect(screen.getByTestId('browsing')).toHaveTextContent('default'));
  });
});

describe("Add Your Address: the customer's answer", () => {
  it("'Not now' holds across a full page load in the same browser session", async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    // A reload: everything in memory is gone, the browser session is not.
    cleanup();
    renderCheck('customer');
    await settle();
    expect(device.checkPermission).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is remembered for that customer only', async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    cleanup();
    renderCheck('customer', { user: otherCustomer });
    expect(await dialogTitled('Add Your Address')).toBeInTheDocument();
  });

  it('a new browser session asks again', async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    cleanup();
    sessionStorage.clear();
    renderCheck('customer');
    expect(await dialogTitled('Add Your Address')).toBeInTheDocument();
  });

  it('is never shown on the account page, where the address form is; the check goes on there', async () => {
    const { goTo } = renderCheck('customer', { path: '/account' });
    await settle();
    expect(device.checkPermission).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(5_000);
    expect(device.checkPermission).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Set aside, not answered: on another page the next check asks.
    await goTo('/products');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(5_000);
    expect(await dialogTitled('Add Your Address')).toBeInTheDocument();
  });

  it('on the account page, the address added there is picked up by the next check', async () => {
    renderCheck('customer', { path: '/account' });
    await settle();
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    await elapse(5_000);
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
  });

  it("'Add My Address' asks the addresses section to open its form", async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Add My Address' }));
    expect(screen.getByTestId('at')).toHaveTextContent('/account#addresses');
    expect(screen.getByTestId('navigation-state')).toHaveTextContent(JSON.stringify(addAddressRequest));
  });
});

describe('Header: the warehouse chip', () => {
  const chip = (name: string) => screen.findByRole('button', { name: `Change delivery warehouse (${name})` });

  it('a guest opens the chooser, picks a warehouse and browses it', async () => {
    renderCheck(null, { header: true });
    fireEvent.click(await chip('Georgetown'));
    const dialog = await dialogTitled('Choose Your Warehouse');
    const options = await within(dialog).findAllByRole('button', { name: /Warehouse|Hub/ });
    // Nothing chosen yet: the guest browses the default warehouse, marked as the current one.
    expect(options.map((option) => option.textContent)).toEqual(['Georgetown WarehouseGeorgetown, TXCurrent', 'New Jersey HubNewark, NJ']);
    expect(options[0]).toHaveAttribute('aria-current', 'true');
    expect(options[1]).not.toHaveAttribute('aria-current');
    expect(within(dialog).queryByRole('button', { name: 'Use My Location and Address' })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: /New Jersey Hub/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(selectedWarehouseSourceStore.read()).toBe('list');
    expect(screen.getByTestId('browsing')).toHaveTextContent(jerseyCityId);
    expect(await chip('New Jersey Hub')).toBeInTheDocument();
    // Guests have no warehouse check.
    expect(device.checkPermission).not.toHaveBeenCalled();
  });

  it('a guest types a ZIP code and is served by the warehouse that delivers there, or told it is not served', async () => {
    api.data.zipCodes['98101'] = { latitude: 47.61, longitude: -122.33, state: 'WA' };
    renderCheck(null, { header: true });
    fireEvent.click(await chip('Georgetown'));
    const dialog = await dialogTitled('Choose Your Warehouse');
    const zip = within(dialog).getByLabelText('Delivery ZIP code');
    const find = within(dialog).getByRole('button', { name: 'Find' });

    fireEvent.change(zip, { target: { value: 'Newark' } });
    fireEvent.click(find);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a 5-digit ZIP code');
    fireEvent.change(zip, { target: { value: '00000' } });
    fireEvent.click(find);
    expect(await within(dialog).findByText('We could not find this ZIP code.')).toBeVisible();
    fireEvent.change(zip, { target: { value: '98101' } });
    fireEvent.click(find);
    expect(await within(dialog).findByText('Delivery not available to this area.')).toBeVisible();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(selectedWarehouseStore.read()).toBeNull();

    // Jersey City lies a few miles from the hub in Newark.
    fireEvent.change(zip, { target: { value: '07302' } });
    fireEvent.click(find);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(selectedWarehouseSourceStore.read()).toBe('list');
    expect(await chip('New Jersey Hub')).toBeInTheDocument();
    expect(await screen.findByText('Delivering from New Jersey Hub')).toBeInTheDocument();
  });

  it('a customer whose location and address agree still gets the chooser, with the current warehouse marked', async () => {
    api.data.addresses[customer.id] = [addressAt(here)];
    renderCheck('customer', { header: true });
    await waitFor(() => expect(selectedWarehouseStore.read()).toEqual(georgetown));
    fireEvent.click(await chip('Georgetown Warehouse'));
    const dialog = await dialogTitled('Choose Your Warehouse');
    const current = await within(dialog).findByRole('button', { name: /Georgetown Warehouse/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveTextContent('Current');
    // Opening the chooser changes nothing by itself.
    expect(selectedWarehouseStore.read()).toEqual(georgetown);

    fireEvent.click(within(dialog).getByRole('button', { name: /New Jersey Hub/ }));
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);
    await elapse(10_000);
    expect(device.checkPermission).toHaveBeenCalledOnce();
  });

  it('a customer can hand the choice back to the check (step 8)', async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    selectedWarehouseStore.write(jersey);
    renderCheck('customer', { header: true });
    await settle();
    expect(device.checkPermission).not.toHaveBeenCalled();
    fireEvent.click(await chip('New Jersey Hub'));
    fireEvent.click(within(await dialogTitled('Choose Your Warehouse')).getByRole('button', { name: 'Use My Location and Address' }));
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
    expect(device.checkPermission).toHaveBeenCalledOnce();
  });

  it('with nothing saved, handing back brings back a dismissed dialog', async () => {
    device.position = nowhere;
    renderCheck('customer', { header: true });
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(5_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(await chip('Georgetown'));
    fireEvent.click(within(await dialogTitled('Choose Your Warehouse')).getByRole('button', { name: 'Use My Location and Address' }));
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
  });

  // Focus moves a tick after the dialog closes; waitFor cannot poll for it here (setInterval is faked).
  it('gives focus back to the chip when the chooser closes: Escape, its close button or a choice', async () => {
    renderCheck(null, { header: true });
    const opener = await chip('Georgetown');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(await dialogTitled('Choose Your Warehouse'), { key: 'Escape' });
    await settle();
    expect(opener).toHaveFocus();

    fireEvent.click(opener);
    fireEvent.click(within(await dialogTitled('Choose Your Warehouse')).getByRole('button', { name: 'Close' }));
    await settle();
    expect(opener).toHaveFocus();

    fireEvent.click(opener);
    fireEvent.click(await within(await dialogTitled('Choose Your Warehouse')).findByRole('button', { name: /New Jersey Hub/ }));
    // The same control, now naming the choice.
    const renamed = await chip('New Jersey Hub');
    await settle();
    expect(renamed).toHaveFocus();
  });

  it("after handing the choice back, closing the check's dialog gives focus back to the chip", async () => {
    api.data.addresses[customer.id] = [addressAt(inJersey)];
    selectedWarehouseStore.write(jersey);
    renderCheck('customer', { header: true });
    const opener = await chip('New Jersey Hub');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(within(await dialogTitled('Choose Your Warehouse')).getByRole('button', { name: 'Use My Location and Address' }));
    fireEvent.keyDown(await dialogTitled('Choose Delivery Warehouse'), { key: 'Escape' });
    await settle();
    expect(opener).toHaveFocus();
  });

  it('says so when the warehouses cannot be loaded, and tries again', async () => {
    // The first read of the list fails as a dropped connection would.
    api.on('GET /api/warehouses', () => Promise.reject(new TypeError('Failed to fetch')), { times: 1 });
    renderCheck(null, { header: true });
    fireEvent.click(await chip('Georgetown'));
    const dialog = await dialogTitled('Choose Your Warehouse');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Couldn't load the warehouses.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: /New Jersey Hub/ })).toBeInTheDocument();
  });

  it.each(['admin', 'driver'] as const)('is plain text for %s staff, who do not shop', async (role) => {
    selectedWarehouseStore.write(jersey);
    renderCheck(role, { header: true });
    expect(await screen.findByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);
    expect(screen.queryByRole('button', { name: /Change delivery warehouse/ })).not.toBeInTheDocument();
  });
});
