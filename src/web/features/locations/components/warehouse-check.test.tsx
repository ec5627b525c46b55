import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@/shared/contracts/auth';
import type { Address, Coordinates, ServiceArea, WarehouseRef } from '@/shared/contracts/locations';
import type { Role } from '@/shared/roles';
import type { LocationPermission } from '@/web/lib/platform';
import { SiteHeader } from '@/web/app/layouts/site-header';
import { useServiceAreaStatus, useUsedCurrentLocation } from '../location-state';
import { selectedWarehouseSourceStore, selectedWarehouseStore, useWarehouseId } from '../selected-warehouse';
import type { WarehouseCheckBoundary } from '../warehouse-check';
import { addAddressRequest } from './address-book';
import { WarehouseCheck } from './warehouse-check';

const georgetown: WarehouseRef = { id: 'w-georgetown', name: 'Georgetown Warehouse', location: 'Georgetown, TX' };
const jersey: WarehouseRef = { id: 'w-jersey', name: 'New Jersey Hub', location: 'Newark, NJ' };
const here: Coordinates = { latitude: 30.63, longitude: -97.68 };
const inJersey: Coordinates = { latitude: 40.73, longitude: -74.17 };
const nowhere: Coordinates = { latitude: 47.6, longitude: -122.3 };

const served = (warehouse: WarehouseRef): ServiceArea => ({ inServiceArea: true, warehouse, deliveryFee: 499, distanceMiles: 3 });
const notServed: ServiceArea = { inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null };
const samePoint = (a: Coordinates, b: Coordinates) => a.latitude === b.latitude && a.longitude === b.longitude;
const areaOf = (point: Coordinates) => (samePoint(point, here) ? served(georgetown) : samePoint(point, inJersey) ? served(jersey) : notServed);

function addressAt(point: Coordinates): Address {
  return { id: 'a1', label: 'Home', streetAddress: '1 Main St', city: 'Newark', state: 'NJ', zipCode: '07102', ...point, isDefault: true };
}

/** The device and the server as the check sees them; each test arranges its own. */
const world = vi.hoisted(() => ({
  native: false,
  permission: 'granted' as LocationPermission,
  requestAnswer: 'granted' as LocationPermission,
  position: null as Coordinates | null,
  addresses: [] as Address[],
  warehouses: [] as WarehouseRef[],
  /** When set, the next address load waits for this promise. */
  addressesGate: null as Promise<void> | null,
  failAddresses: false,
  /** The header's chooser cannot read the list. */
  failWarehouseList: false,
}));

const boundary = vi.hoisted(() => ({
  checkPermission: vi.fn(),
  requestPermission: vi.fn(),
  getPosition: vi.fn(),
  selectWarehouseAndFee: vi.fn(),
  loadAddresses: vi.fn(),
  listActiveWarehouses: vi.fn(),
}));

vi.mock('../api/location-queries', async () => {
  const { selectedWarehouseStore: saved } = await import('../selected-warehouse');
  const { LocationError } = await import('@/web/lib/platform');
  return {
    activeWarehousesQuery: {
      queryKey: ['warehouses'],
      queryFn: async () => {
        if (world.failWarehouseList) throw new Error('Failed to fetch');
        return world.warehouses;
      },
    },
    createWarehouseCheckBoundary: (): WarehouseCheckBoundary => ({
      get isNative() {
        return world.native;
      },
      readSavedWarehouse: () => saved.read(),
      clearSavedWarehouse: () => saved.clear(),
      refreshSavedWarehouse: (warehouse) => saved.write(warehouse),
      checkPermission: boundary.checkPermission.mockImplementation(async () => world.permission),
      requestPermission: boundary.requestPermission.mockImplementation(async () => world.requestAnswer),
      getPosition: boundary.getPosition.mockImplementation(async () => {
        if (!world.position) throw new LocationError('denied');
        return world.position;
      }),
      selectWarehouseAndFee: boundary.selectWarehouseAndFee.mockImplementation(async (point: Coordinates) => areaOf(point)),
      loadAddresses: boundary.loadAddresses.mockImplementation(async () => {
        if (world.addressesGate) await world.addressesGate;
        if (world.failAddresses) throw new Error('Failed to fetch');
        return world.addresses;
      }),
      listActiveWarehouses: boundary.listActiveWarehouses.mockImplementation(async () => world.warehouses),
    }),
  };
});

// The header's neighbours have their own tests and servers to talk to.
vi.mock('@/web/features/cart/components/cart-panel', () => ({ CartPanel: () => null }));
vi.mock('@/web/features/auth/components/account-menu', () => ({ AccountMenu: () => null }));
vi.mock('@/web/features/theme/theme-toggle', () => ({ ThemeToggle: () => null }));

const toastWarning = vi.fn();
vi.mock('sonner', () => ({ toast: { warning: (...args: unknown[]) => toastWarning(...args), success: vi.fn(), error: vi.fn() } }));

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

function renderCheck(role: Role | null, options: { header?: boolean; path?: string; userId?: string; loadingProfile?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const userId = options.userId ?? 'u1';
  const profile: Profile = { id: 'p1', userId, email: 'c@x.test', role: role ?? 'customer', firstName: 'C', lastName: 'X', phone: null, referralCode: null, kitchenId: null };
  queryClient.setQueryData(['session'], role ? { session: { id: 's', expiresAt: '' }, user: { id: userId, email: profile.email, name: 'C X', emailVerified: true } } : null);
  if (role && !options.loadingProfile) queryClient.setQueryData(['profile'], profile);
  const router = createMemoryRouter(
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
    { initialEntries: [options.path ?? '/products'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    signOut: () => act(() => queryClient.setQueryData(['session'], null)),
    goTo: (path: string) => act(() => router.navigate(path)),
  };
}

/** Lets pending promises and the resulting renders settle. */
const settle = () => act(async () => {});
/** Moves the repetition clock on (only setInterval is faked, so Testing Library's own waiting keeps working). */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialogTitled = (title: string) => screen.findByRole('dialog', { name: title });

beforeEach(() => {
  Object.assign(world, {
    native: false,
    permission: 'granted',
    requestAnswer: 'granted',
    position: here,
    addresses: [],
    warehouses: [georgetown, jersey],
    addressesGate: null,
    failAddresses: false,
    failWarehouseList: false,
  });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  toastWarning.mockClear();
  for (const fn of Object.values(boundary)) fn.mockReset();
});

describe('WarehouseCheck: who is checked', () => {
  it('does not run for a guest', async () => {
    renderCheck(null);
    await elapse(10_000);
    expect(boundary.checkPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['admin', 'manager', 'driver', 'cloud_kitchen', 'support'] as const)('does not run for %s staff, who do not shop', async (role) => {
    renderCheck(role);
    await elapse(10_000);
    expect(boundary.checkPermission).not.toHaveBeenCalled();
  });
});

describe('WarehouseCheck: outcomes', () => {
  it('step 1: a saved warehouse is kept and no dialog opens', async () => {
    selectedWarehouseStore.write(jersey);
    renderCheck('customer');
    await settle();
    expect(boundary.checkPermission).not.toHaveBeenCalled();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 5: same warehouse for location and address is selected silently, from the current location', async () => {
    world.addresses = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('true');
    expect(screen.getByTestId('service-area')).toHaveTextContent('in');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 5 and 7: different warehouses show the chooser with the location preselected; choosing it saves it', async () => {
    world.addresses = [addressAt(inJersey)];
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
    world.addresses = [addressAt(inJersey)];
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
    world.position = nowhere;
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
    world.position = nowhere;
    world.addresses = [addressAt(inJersey)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('false');
  });
});

describe('WarehouseCheck: Location Access Required', () => {
  it('is skipped when the address alone selects a warehouse', async () => {
    world.permission = 'denied';
    world.addresses = [addressAt(inJersey)];
    renderCheck('customer');
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens first when the permission is known denied; the fallback follows Continue Without Location', async () => {
    world.permission = 'denied';
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    expect(access).toHaveAccessibleDescription(/.+/);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(boundary.getPosition).not.toHaveBeenCalled();
    fireEvent.click(within(access).getByRole('button', { name: 'Continue Without Location' }));
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('opens when location is unavailable', async () => {
    world.permission = 'unavailable';
    renderCheck('customer');
    expect(await dialogTitled('Location Access Required')).toBeInTheDocument();
  });

  it('does not open when the browser prompt is refused: the fallback shows directly', async () => {
    world.permission = 'prompt';
    world.position = null;
    renderCheck('customer');
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Location Access Required' })).not.toBeInTheDocument();
  });

  it("shows 'Requesting...' while asking, then warns when the permission is still denied", async () => {
    world.permission = 'denied';
    let answer: (value: LocationPermission) => void = () => {};
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    boundary.requestPermission.mockImplementationOnce(() => new Promise<LocationPermission>((resolve) => (answer = resolve)));
    fireEvent.click(within(access).getByRole('button', { name: 'Allow Location Access' }));
    expect(await within(access).findByRole('button', { name: 'Requesting...' })).toBeDisabled();
    const checksBefore = boundary.checkPermission.mock.calls.length;
    await act(async () => answer('denied'));
    expect(toastWarning).toHaveBeenCalledWith(permissionWarning);
    expect(boundary.checkPermission.mock.calls.length).toBe(checksBefore + 1);
    expect(await within(await dialogTitled('Location Access Required')).findByRole('button', { name: 'Allow Location Access' })).toBeEnabled();
  });

  it('reruns the check once allowed and selects from the location', async () => {
    world.permission = 'denied';
    world.addresses = [addressAt(nowhere)];
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    world.permission = 'granted';
    fireEvent.click(within(access).getByRole('button', { name: 'Allow Location Access' }));
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    expect(screen.getByTestId('used-current-location')).toHaveTextContent('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toastWarning).not.toHaveBeenCalled();
  });

  it('native: a denied permission is never asked again and the warning shows once, not every 5 seconds', async () => {
    world.native = true;
    world.permission = 'denied';
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    fireEvent.click(within(access).getByRole('button', { name: 'Continue Without Location' }));
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(15_000);
    expect(boundary.checkPermission.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(boundary.requestPermission).not.toHaveBeenCalled();
    expect(toastWarning).toHaveBeenCalledTimes(1);
    expect(toastWarning).toHaveBeenCalledWith(permissionWarning);
  });

  it('native: a prompt is asked through the system', async () => {
    world.native = true;
    world.permission = 'prompt';
    world.addresses = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(boundary.requestPermission).toHaveBeenCalledOnce();
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
  });
});

describe('WarehouseCheck: repetition (step 9) and clearing (step 8)', () => {
  it('repeats every 5 seconds while nothing is saved, and stops once a warehouse is saved', async () => {
    world.failAddresses = true;
    world.addresses = [addressAt(here)];
    renderCheck('customer');
    await settle();
    expect(boundary.checkPermission).toHaveBeenCalledTimes(1);
    await elapse(4_999);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(2);
    world.failAddresses = false;
    await elapse(5_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(3);
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
    await elapse(20_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(3);
  });

  it('does not repeat while a dialog is open', async () => {
    renderCheck('customer');
    await dialogTitled('Add Your Address');
    await elapse(20_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(1);
  });

  it('does not start another check while one is in flight', async () => {
    let release: () => void = () => {};
    world.addressesGate = new Promise<void>((resolve) => (release = resolve));
    world.addresses = [addressAt(here)];
    renderCheck('customer');
    await elapse(20_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(1);
    await act(async () => release());
    expect(selectedWarehouseStore.read()).toEqual(georgetown);
  });

  it('does not reopen a dismissed dialog for the same outcome, but does for a new one', async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    await elapse(5_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    world.addresses = [addressAt(inJersey)];
    await elapse(5_000);
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
  });

  it('a dismissed access dialog stays closed for the same outcome', async () => {
    world.permission = 'denied';
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Location Access Required'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(10_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('step 8: clearing the saved warehouse reruns the check at once', async () => {
    world.addresses = [addressAt(inJersey)];
    selectedWarehouseStore.write(georgetown);
    renderCheck('customer');
    await elapse(15_000);
    expect(boundary.checkPermission).not.toHaveBeenCalled();
    act(() => selectedWarehouseStore.clear());
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
    expect(boundary.checkPermission).toHaveBeenCalledTimes(1);
  });

  it('step 8: after clearing, a dialog dismissed earlier may open again', async () => {
    world.position = nowhere;
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
    world.position = nowhere;
    const { signOut } = renderCheck('customer');
    await dialogTitled('Service Not Available in Your Area');
    signOut();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('service-area')).toHaveTextContent('unknown');
    await elapse(20_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(1);
  });
});

describe('WarehouseCheck: the permission prompt', () => {
  it('only the first check makes the browser ask: the repeats leave an unanswered permission alone', async () => {
    // The customer closed the browser prompt with X: the read failed, the permission is still 'prompt'.
    world.permission = 'prompt';
    world.position = null;
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(15_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(4);
    expect(boundary.getPosition).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('native: the system dialog is not shown again by the repeats', async () => {
    world.native = true;
    world.permission = 'prompt';
    world.requestAnswer = 'prompt';
    renderCheck('customer');
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(15_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(4);
    expect(boundary.requestPermission).toHaveBeenCalledOnce();
  });

  it('a refusal at the prompt does not bring Location Access Required after the fallback is closed', async () => {
    world.permission = 'prompt';
    world.position = null;
    renderCheck('customer');
    const fallback = await dialogTitled('Service Not Available in Your Area');
    // Refusing the prompt turns the permission to 'denied' for the checks that follow.
    world.permission = 'denied';
    fireEvent.keyDown(fallback, { key: 'Escape' });
    await elapse(10_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A new outcome opens its own dialog, still without the access dialog in front of it.
    world.warehouses = [jersey];
    await elapse(5_000);
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Location Access Required' })).not.toBeInTheDocument();
  });

  it('a dismissed outcome stays closed when only the permission changed', async () => {
    world.permission = 'denied';
    world.position = nowhere;
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Location Access Required')).getByRole('button', { name: 'Continue Without Location' }));
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    // The customer reset the permission in the browser: no longer blocked, the outcome is the same.
    world.permission = 'prompt';
    await elapse(10_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with location unavailable, Location Access Required offers only Continue Without Location', async () => {
    world.permission = 'unavailable';
    renderCheck('customer');
    const access = await dialogTitled('Location Access Required');
    expect(within(access).queryByRole('button', { name: 'Allow Location Access' })).not.toBeInTheDocument();
    fireEvent.click(within(access).getByRole('button', { name: 'Continue Without Location' }));
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
  });

  it('with the permission denied, Allow Location Access is still offered', async () => {
    world.permission = 'denied';
    renderCheck('customer');
    expect(within(await dialogTitled('Location Access Required')).getByRole('button', { name: 'Allow Location Access' })).toBeEnabled();
  });
});

describe('WarehouseCheck: where the choice came from (step 7)', () => {
  it('is kept next to the selection, survives a reload and goes with the selection', async () => {
    world.addresses = [addressAt(inJersey)];
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
    world.position = nowhere;
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Service Not Available in Your Area')).getByRole('button', { name: /New Jersey Hub/ }));
    expect(selectedWarehouseSourceStore.read()).toBe('list');
  });
});

describe('WarehouseCheck: a saved warehouse that is no longer active', () => {
  it("is forgotten: the header falls back to the position's warehouse and the check goes on, once", async () => {
    world.addresses = [addressAt(inJersey)];
    selectedWarehouseStore.write({ id: 'w-closed', name: 'Closed Depot', location: 'Nowhere, TX' });
    localStorage.setItem('selectedWarehouseSource', JSON.stringify('list'));
    renderCheck('customer', { header: true });
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
    expect(localStorage.getItem('selectedWarehouseSource')).toBeNull();
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown Warehouse$/);
    await settle();
    expect(boundary.checkPermission).toHaveBeenCalledOnce();
  });

  it('is refreshed when its name changed', async () => {
    selectedWarehouseStore.write({ ...jersey, name: 'Old Name' });
    renderCheck('customer', { header: true });
    await settle();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);
    expect(boundary.checkPermission).not.toHaveBeenCalled();
  });
});

describe('Browsing from the position while nothing is chosen', () => {
  it("after 'Not now' the catalog and the header follow the position's warehouse, not the default", async () => {
    world.position = inJersey;
    renderCheck('customer', { header: true });
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    expect(selectedWarehouseStore.read()).toBeNull();
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-jersey');
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);
  });

  it("while the chooser waits, the location's warehouse is browsed", async () => {
    world.addresses = [addressAt(inJersey)];
    renderCheck('customer', { header: true });
    await dialogTitled('Choose Delivery Warehouse');
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-georgetown');
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown Warehouse$/);
  });

  it('a page load browses the remembered position warehouse at once, before the check has read the position again', async () => {
    world.position = inJersey;
    renderCheck('customer', { header: true });
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    const remembered = sessionStorage.getItem('positionWarehouse');
    expect(JSON.parse(remembered ?? 'null')).toEqual({ customerId: 'u1', warehouse: jersey });
    // A reload: the page goes without unmounting anything, the browser session stays.
    cleanup();
    sessionStorage.setItem('positionWarehouse', remembered!);
    let release: () => void = () => {};
    world.addressesGate = new Promise<void>((resolve) => (release = resolve));
    renderCheck('customer', { header: true });
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-jersey');
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^New Jersey Hub$/);

    // The check then has the last word: the customer has left the area.
    world.position = nowhere;
    await act(async () => release());
    await elapse(5_000);
    expect(screen.getByTestId('browsing')).toHaveTextContent('default');
    expect(sessionStorage.getItem('positionWarehouse')).toBeNull();
  });

  it('is trusted while the session loads, and never for a guest or another account', async () => {
    const remembered = JSON.stringify({ customerId: 'u1', warehouse: jersey });
    world.addressesGate = new Promise<void>(() => {});
    sessionStorage.setItem('positionWarehouse', remembered);
    renderCheck('customer', { header: true, loadingProfile: true });
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-jersey');
    cleanup();
    sessionStorage.setItem('positionWarehouse', remembered);
    renderCheck('customer', { header: true, userId: 'u2' });
    expect(screen.getByTestId('browsing')).toHaveTextContent('default');
    cleanup();
    sessionStorage.setItem('positionWarehouse', remembered);
    renderCheck(null, { header: true });
    expect(screen.getByTestId('browsing')).toHaveTextContent('default');
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown$/);
  });

  it('a chosen warehouse wins over the position', async () => {
    world.position = inJersey;
    renderCheck('customer', { header: true });
    await dialogTitled('Add Your Address');
    act(() => selectedWarehouseStore.write(georgetown));
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-georgetown');
  });

  it('a position out of service leaves the default warehouse', async () => {
    world.position = nowhere;
    renderCheck('customer', { header: true });
    await dialogTitled('Service Not Available in Your Area');
    expect(screen.getByTestId('browsing')).toHaveTextContent('default');
    expect(screen.getByTestId('warehouse-label')).toHaveTextContent(/^Georgetown$/);
  });

  it('is forgotten on sign-out', async () => {
    world.position = inJersey;
    const { signOut } = renderCheck('customer', { header: true });
    await dialogTitled('Add Your Address');
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-jersey');
    signOut();
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
    expect(boundary.checkPermission).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is remembered for that customer only', async () => {
    renderCheck('customer');
    fireEvent.click(within(await dialogTitled('Add Your Address')).getByRole('button', { name: 'Not now' }));
    cleanup();
    renderCheck('customer', { userId: 'u2' });
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
    expect(boundary.checkPermission).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await elapse(5_000);
    expect(boundary.checkPermission).toHaveBeenCalledTimes(2);
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
    world.addresses = [addressAt(inJersey)];
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
    expect(options.map((option) => option.textContent)).toEqual(['Georgetown WarehouseGeorgetown, TX', 'New Jersey HubNewark, NJ']);
    expect(within(dialog).queryByRole('button', { name: 'Use My Location and Address' })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: /New Jersey Hub/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toEqual(jersey);
    expect(selectedWarehouseSourceStore.read()).toBe('list');
    expect(screen.getByTestId('browsing')).toHaveTextContent('w-jersey');
    expect(await chip('New Jersey Hub')).toBeInTheDocument();
    // Guests have no warehouse check.
    expect(boundary.checkPermission).not.toHaveBeenCalled();
  });

  it('a customer whose location and address agree still gets the chooser, with the current warehouse marked', async () => {
    world.addresses = [addressAt(here)];
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
    expect(boundary.checkPermission).toHaveBeenCalledOnce();
  });

  it('a customer can hand the choice back to the check (step 8)', async () => {
    world.addresses = [addressAt(inJersey)];
    selectedWarehouseStore.write(jersey);
    renderCheck('customer', { header: true });
    await settle();
    expect(boundary.checkPermission).not.toHaveBeenCalled();
    fireEvent.click(await chip('New Jersey Hub'));
    fireEvent.click(within(await dialogTitled('Choose Your Warehouse')).getByRole('button', { name: 'Use My Location and Address' }));
    expect(await dialogTitled('Choose Delivery Warehouse')).toBeInTheDocument();
    expect(selectedWarehouseStore.read()).toBeNull();
    expect(boundary.checkPermission).toHaveBeenCalledOnce();
  });

  it('with nothing saved, handing back brings back a dismissed dialog', async () => {
    world.position = nowhere;
    renderCheck('customer', { header: true });
    fireEvent.keyDown(await dialogTitled('Service Not Available in Your Area'), { key: 'Escape' });
    await elapse(5_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(await chip('Georgetown'));
    fireEvent.click(within(await dialogTitled('Choose Your Warehouse')).getByRole('button', { name: 'Use My Location and Address' }));
    expect(await dialogTitled('Service Not Available in Your Area')).toBeInTheDocument();
  });

  it('says so when the warehouses cannot be loaded, and tries again', async () => {
    world.failWarehouseList = true;
    renderCheck(null, { header: true });
    fireEvent.click(await chip('Georgetown'));
    const dialog = await dialogTitled('Choose Your Warehouse');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Couldn't load the warehouses.");
    world.failWarehouseList = false;
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
