import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@/shared/contracts/locations';
import { addAddressRequest, AddressBook } from './address-book';

const toast = vi.hoisted(() => ({ success: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const home: Address = {
  id: '0b5e7c38-5c56-4a57-9d1c-6a4f3e0f6d11',
  label: 'Home',
  streetAddress: '113 W 8th St',
  city: 'Georgetown',
  state: 'TX',
  zipCode: '78626',
  latitude: 30.633,
  longitude: -97.6707,
  isDefault: true,
};
const cabin: Address = { ...home, id: '6f0d1f8e-2d8c-4d0e-8f57-0b6a2d3c9e22', label: 'Cabin', zipCode: '00000', latitude: null, longitude: null, isDefault: false };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const nearbyKitchensKey = ['kitchens', 'nearby', 'user-1', null];
let stored: Address[];
const requests: { method: string; path: string; body: unknown }[] = [];

function renderBook(navigationState: unknown = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A nearby-kitchens answer looked up around the old default address.
  queryClient.setQueryData(nearbyKitchensKey, { kitchens: [] });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: '/account', hash: '#addresses', state: navigationState }]}>
        <AddressBook />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('AddressBook', () => {
  beforeEach(() => {
    stored = [home, cabin];
    requests.length = 0;
    Object.values(toast).forEach((spy) => spy.mockReset());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const path = new URL(request.url).pathname;
        const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? null : await request.json().catch(() => null);
        requests.push({ method: request.method, path, body });
        if (request.method === 'GET') return json(stored);
        if (request.method === 'POST' && path === '/api/addresses') {
          const input = body as Address;
          if (input.zipCode === '07302') {
            return json({ error: { code: 'VALIDATION_FAILED', message: 'The ZIP code and the state do not match.', fields: { zipCode: 'ZIP code 07302 is in NJ, not TX.' } } }, 400);
          }
          const created: Address = { ...input, id: 'a1f4c1c2-9a6e-4b8e-9c61-3c1e0c6a7b33', latitude: null, longitude: null, isDefault: false };
          stored = [...stored, created];
          return json(created, 201);
        }
        if (request.method === 'POST' && path.endsWith('/default')) {
          stored = stored.map((a) => ({ ...a, isDefault: path.includes(a.id) }));
          return json(stored.find((a) => a.isDefault));
        }
        if (request.method === 'DELETE') {
          stored = stored.filter((a) => !path.endsWith(a.id));
          return new Response(null, { status: 204 });
        }
        return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the default first and says which address has no location', async () => {
    renderBook();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Home');
    expect(within(first!).getByText('Default')).toBeInTheDocument();
    expect(within(second!).getByText(/Not found on the map/)).toBeInTheDocument();
  });

  it('checks fields before sending, shows the server message at the field, then saves', async () => {
    const user = userEvent.setup();
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription('Street address is required');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '1 Main St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Round Rock');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'TX');
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '07302');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('ZIP code 07302 is in NJ, not TX.')).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: 'ZIP code' }));
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '99999');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument());
    expect(requests.at(-2)).toMatchObject({ method: 'POST', body: { streetAddress: '1 Main St', city: 'Round Rock', state: 'TX', zipCode: '99999', isDefault: false } });
    // Saved without coordinates: the customer is told, not left guessing.
    expect(toast.warning).toHaveBeenCalledWith('Address saved', { description: expect.stringContaining('ZIP code 99999') });
    expect(await screen.findByRole('listitem', { name: '1 Main St' })).toBeInTheDocument();
  });

  it('sets another address as default and deletes after confirmation', async () => {
    const user = userEvent.setup();
    const queryClient = renderBook();
    expect(queryClient.getQueryState(nearbyKitchensKey)?.isInvalidated).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Set Cabin as default' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Cabin' })).getByText('Default')).toBeInTheDocument());
    // Kitchens are looked up around the default address: the old answer no longer holds.
    expect(queryClient.getQueryState(nearbyKitchensKey)?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete Home' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Home' })).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `/api/addresses/${home.id}`)).toBe(true);
  });

  it("opens the new-address form with its first field focused when sent by 'Add My Address'", async () => {
    stored = [];
    renderBook(addAddressRequest);
    const form = await screen.findByRole('form', { name: 'New address' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Label' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
  });

  it('keeps the form closed when the page is opened any other way', async () => {
    stored = [];
    renderBook();
    expect(await screen.findByRole('button', { name: 'Add address' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });
});
