import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KitchenSummary } from '@/shared/contracts/kitchens';
import type { Address } from '@/shared/contracts/locations';
import { routes } from '@/web/app/router';
import { CloudKitchensPage } from '@/web/app/routes/shop/cloud-kitchens';
import { selectedWarehouseStore } from '@/web/features/locations/selected-warehouse';
import { apiError, createFakeApi, json, type FakeApi } from '@/web/test/fake-api';
import { renderApp } from '@/web/test/render-app';
import type { NearbyKitchensClient, NearbyKitchensClientOptions } from './nearby-kitchens';
import { aKitchenSummary } from '@/web/test/fake-data';
import { NearbyKitchensPrefetch } from './nearby-kitchens-prefetch';

const platform = vi.hoisted(() => ({
  checkLocationPermission: vi.fn(),
  getCurrentPosition: vi.fn(),
  listenToResume: vi.fn(),
}));
vi.mock('@/web/lib/platform', async (importOriginal) => ({ ...(await importOriginal<object>()), ...platform }));

// The app keeps one client (cache, throttle) for its lifetime; each test gets a fresh one built the same way.
const clientHolder = vi.hoisted(() => ({ options: null as unknown, client: null as unknown, create: null as unknown }));
vi.mock('./nearby-kitchens', async (importOriginal) => {
  const actual = await importOriginal<{ createNearbyKitchensClient: unknown }>();
  clientHolder.create = actual.createNearbyKitchensClient;
  return {
    ...actual,
    createNearbyKitchensClient: (options: NearbyKitchensClientOptions): NearbyKitchensClient => {
      clientHolder.options = options;
      const current = () => clientHolder.client as NearbyKitchensClient;
      return {
        get: (...args) => current().get(...args),
        lastCoordinates: () => current().lastCoordinates(),
      };
    },
  };
});

function freshClient() {
  const create = clientHolder.create as (options: NearbyKitchensClientOptions) => NearbyKitchensClient;
  clientHolder.client = create(clientHolder.options as NearbyKitchensClientOptions);
}

const nearest = [
  aKitchenSummary(1, { businessName: 'Casa Rio', distanceMiles: 2.4, rating: 4.6, ratingCount: 12, prepTimeMinutes: 25 }),
  aKitchenSummary(2, { businessName: 'Lone Star BBQ', distanceMiles: 7.95, openNow: false, opensNext: { inDays: 0, day: 1, time: '17:00' }, prepTimeMinutes: 50 }),
  aKitchenSummary(3, { businessName: 'Pho Real', distanceMiles: 31 }),
];

const addresses: Address[] = [
  { id: 'b1f7c4a2-0000-4000-8000-000000000001', label: 'Office', streetAddress: '1 Elm St', unit: '', deliveryInstructions: '', city: 'Nowhere', state: 'TX', zipCode: '00000', latitude: null, longitude: null, isDefault: true },
  { id: 'b1f7c4a2-0000-4000-8000-000000000002', label: 'Home', streetAddress: '3 Oak St', unit: '', deliveryInstructions: '', city: 'Round Rock', state: 'TX', zipCode: '78664', latitude: 30.5083, longitude: -97.6789, isDefault: false },
];

let api: FakeApi;
const nearbyBodies = () => api.requestsTo('POST /api/kitchens/nearby').map((request) => request.body);
const found = (cloudKitchens: KitchenSummary[]) => () => json({ success: true, cloudKitchens });
const kitchensFailedToast = 'Failed to load cloud kitchens in your area';

/** Answers the nearby-kitchens calls in turn, the last answer for every later call. */
function answerNearby(...answers: (() => unknown)[]) {
  const queue = [...answers];
  api.on('POST /api/kitchens/nearby', () => (queue.length > 1 ? queue.shift()! : queue[0]!)());
}

beforeEach(() => {
  localStorage.clear();
  freshClient();
  api = createFakeApi();
  answerNearby(found(nearest));
  platform.checkLocationPermission.mockReset().mockResolvedValue('prompt');
  platform.getCurrentPosition.mockReset().mockRejectedValue(new Error('Location unavailable'));
  platform.listenToResume.mockReset().mockReturnValue(() => {});
});

function renderWithClient(element: ReactElement) {
  return renderApp(element, { api });
}

function signInWithAddresses() {
  const customer = api.signIn('customer');
  api.data.addresses[customer.id] = addresses;
}

describe('CloudKitchensPage', () => {
  it('is also found at /kitchens rather than the not-found page', async () => {
    const { router } = renderApp(routes, { path: '/kitchens', api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud-kitchens'));
    expect(await screen.findByRole('list', { name: 'Cloud kitchens' })).toBeInTheDocument();
  });

  it('shows placeholders while loading, then the kitchens nearest first with distance, state, prep time and rating', async () => {
    let release = () => {};
    answerNearby(() => new Promise<Response>((resolve) => (release = () => resolve(found(nearest)()))));
    renderWithClient(<CloudKitchensPage />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading cloud kitchens');
    expect(document.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    await waitFor(() => expect(nearbyBodies()).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Cloud kitchens' })).not.toBeInTheDocument();
    release();

    const list = await screen.findByRole('list', { name: 'Cloud kitchens' });
    const cards = within(list).getAllByRole('article');
    // The names are the level below the page's title, with no level skipped.
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Casa Rio', 'Lone Star BBQ', 'Pho Real']);

    expect(within(cards[0]!).getByText('2.4 mi away')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Open now')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/^25 min/)).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/4\.6 \(12\)/)).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Casa Rio' })).toHaveAttribute('href', `/cloud-kitchen/${nearest[0]!.id}/menu`);

    expect(within(cards[1]!).getByText('8.0 mi away')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Closed · Opens at 5:00 PM')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(/Rating/)).not.toBeInTheDocument();
    expect(within(cards[2]!).getByText('31.0 mi away')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 kitchens near the Georgetown warehouse');
  });

  it("a guest without location sees the default warehouse's kitchens, and that point is not saved as theirs", async () => {
    renderWithClient(<CloudKitchensPage />);
    await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(platform.getCurrentPosition).not.toHaveBeenCalled();
    expect(nearbyBodies()).toEqual([{ userLatitude: 30.6333, userLongitude: -97.6779, calculateDistance: true }]);
    expect(localStorage.getItem('ck-last-coords')).toBeNull();
    expect(localStorage.getItem('ck-cache:30.633,-97.678')).not.toBeNull();
  });

  it("a guest who picked a warehouse sees that warehouse's kitchens", async () => {
    const jersey = api.data.warehouses[1]!;
    selectedWarehouseStore.write({ id: jersey.id, name: jersey.name, location: jersey.location });
    renderWithClient(<CloudKitchensPage />);
    await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(nearbyBodies()).toEqual([{ userLatitude: 40.7178, userLongitude: -74.0431, calculateDistance: true }]);
    expect(screen.getByText(/within 40 miles of the Jersey City warehouse/)).toBeInTheDocument();
  });

  it('uses the device position when location is allowed, and saves it for next time', async () => {
    platform.checkLocationPermission.mockResolvedValue('granted');
    platform.getCurrentPosition.mockResolvedValue({ latitude: 30.2672, longitude: -97.7431 });
    renderWithClient(<CloudKitchensPage />);
    await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(platform.getCurrentPosition).toHaveBeenCalledWith({ timeoutMs: 3000, maximumAgeMs: 60_000 });
    expect(nearbyBodies()).toEqual([{ userLatitude: 30.2672, userLongitude: -97.7431, calculateDistance: true }]);
    expect(JSON.parse(localStorage.getItem('ck-last-coords') ?? 'null')).toMatchObject({ lat: 30.2672, lng: -97.7431 });
    expect(screen.getByText(/within 40 miles of your current location/)).toBeInTheDocument();
  });

  it('falls back to the last saved coordinates before the warehouse', async () => {
    platform.checkLocationPermission.mockResolvedValue('denied');
    localStorage.setItem('ck-last-coords', JSON.stringify({ lat: 29.4241, lng: -98.4936, ts: 1 }));
    renderWithClient(<CloudKitchensPage />);
    await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(nearbyBodies()).toEqual([{ userLatitude: 29.4241, userLongitude: -98.4936, calculateDistance: true }]);
  });

  it("a signed-in customer sees kitchens near their first address with coordinates, before the device's position", async () => {
    signInWithAddresses();
    platform.checkLocationPermission.mockResolvedValue('granted');
    platform.getCurrentPosition.mockResolvedValue({ latitude: 30.2672, longitude: -97.7431 });
    renderWithClient(<CloudKitchensPage />);
    await screen.findByRole('list', { name: 'Cloud kitchens' });
    expect(nearbyBodies()).toEqual([{ userLatitude: 30.5083, userLongitude: -97.6789, calculateDistance: true }]);
    expect(platform.getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.getByText(/within 40 miles of your default address/)).toBeInTheDocument();
  });

  it('says so when no kitchen is in range', async () => {
    answerNearby(found([]));
    renderWithClient(<CloudKitchensPage />);
    expect(await screen.findByRole('heading', { name: 'No cloud kitchens in your area yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop groceries' })).toHaveAttribute('href', '/products');
    expect(screen.queryByText(kitchensFailedToast)).not.toBeInTheDocument();
  });

  it('on failure toasts once, however many views watch, and shows an empty list', async () => {
    answerNearby(() => apiError(400, 'VALIDATION', 'Latitude must be between -90 and 90'));
    renderWithClient(
      <>
        <CloudKitchensPage />
        <CloudKitchensPage />
      </>,
    );

    expect(await screen.findAllByRole('heading', { name: 'No cloud kitchens to show' })).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Cloud kitchens' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(kitchensFailedToast)).toHaveLength(1);
    // A refused request is final: no retries.
    expect(nearbyBodies()).toHaveLength(1);
  });

  it('a second failure is announced again, and a later success replaces the empty list', async () => {
    const refused = () => apiError(400, 'VALIDATION', 'Bad point');
    answerNearby(refused, refused, found(nearest));
    renderWithClient(<CloudKitchensPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByText(kitchensFailedToast)).toHaveLength(2), { timeout: 2500 });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Cloud kitchens' }, { timeout: 2500 })).toBeInTheDocument();
    expect(screen.getAllByText(kitchensFailedToast)).toHaveLength(2);
  });
});

describe('NearbyKitchensPrefetch', () => {
  it('warms the query at start-up and looks again on resume', async () => {
    const { queryClient } = renderWithClient(<NearbyKitchensPrefetch />);
    await waitFor(() => expect(queryClient.getQueryData(['kitchens', 'nearby', null, null])).toMatchObject({ source: 'warehouse', kitchens: nearest }));
    expect(nearbyBodies()).toHaveLength(1);
    expect(platform.listenToResume).toHaveBeenCalledTimes(1);

    // Back in the foreground with location now allowed: the device position wins.
    platform.checkLocationPermission.mockResolvedValue('granted');
    platform.getCurrentPosition.mockResolvedValue({ latitude: 30.2672, longitude: -97.7431 });
    const onResume = platform.listenToResume.mock.calls[0]![0] as () => void;
    onResume();
    await waitFor(() => expect(queryClient.getQueryData(['kitchens', 'nearby', null, null])).toMatchObject({ source: 'device' }), { timeout: 2500 });
    expect(nearbyBodies()).toEqual([
      { userLatitude: 30.6333, userLongitude: -97.6779, calculateDistance: true },
      { userLatitude: 30.2672, userLongitude: -97.7431, calculateDistance: true },
    ]);

    // Resuming again at the same place is answered by the 5-minute cache.
    onResume();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nearbyBodies()).toHaveLength(2);
  });

  it('stays silent when the prefetch fails and stops listening when unmounted', async () => {
    const unsubscribe = vi.fn();
    platform.listenToResume.mockReturnValue(unsubscribe);
    answerNearby(() => apiError(400, 'VALIDATION', 'Bad point'));
    const { unmount, queryClient } = renderWithClient(<NearbyKitchensPrefetch />);
    await waitFor(() => expect(queryClient.getQueryState(['kitchens', 'nearby', null, null])?.status).toBe('error'));
    expect(screen.queryByText(kitchensFailedToast)).not.toBeInTheDocument();
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
