import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_UNIT_MAX, type Address } from '@/shared/contracts/locations';
import { addressCopy } from '@/shared/copy';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { aUser, anAddress } from '@/web/test/fake-data';
import { renderApp } from '@/web/test/render-app';
import { addAddressRequest } from '../add-address-request';
import { AddressBook } from './address-book';

const customer = aUser('customer');
const home: Address = anAddress(1, { label: 'Home', streetAddress: '113 W 8th St', city: 'Georgetown', state: 'TX', zipCode: '78626', latitude: 30.633, longitude: -97.6707, isDefault: true });
// A ZIP code the geocoder does not know: saved without coordinates.
const cabin: Address = anAddress(2, { label: 'Cabin', streetAddress: home.streetAddress, city: home.city, state: home.state, zipCode: '00000', latitude: null, longitude: null, isDefault: false });

let api: FakeApi;

function renderBook() {
  return renderApp(<AddressBook />, { api, user: customer, path: '/account#addresses' });
}

/** The toast showing `title`, with its kind (success, warning, error) as sonner marks it. */
async function toastTitled(title: string) {
  const toast = (await screen.findByText(title)).closest('[data-sonner-toast]');
  expect(toast).not.toBeNull();
  return toast as HTMLElement;
}

describe('AddressBook', () => {
  beforeEach(() => {
    api = createFakeApi();
    api.data.addresses[customer.id] = [home, cabin];
  });

  it('lists the default first and says which address has no location', async () => {
    renderBook();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Home');
    expect(within(first!).getByText('Default')).toBeInTheDocument();
    expect(second).toHaveAccessibleName('Cabin');
    expect(within(second!).getByText(/Not found on the map/)).toBeInTheDocument();
  });

  it('checks fields before sending, shows the server message at the field, then saves', async () => {
    const user = userEvent.setup();
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription('Street address is required');
    expect(api.requestsTo('POST /api/addresses')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), '1 Main St');
    await user.type(within(form).getByRole('textbox', { name: 'City' }), 'Round Rock');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'TX');
    // 07302 is Jersey City: the server refuses a ZIP code from another state than the one chosen.
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '07302');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('ZIP code 07302 is in NJ, not TX.')).toBeInTheDocument();
    expect(api.data.addresses[customer.id]).toHaveLength(2);

    await user.clear(within(form).getByRole('textbox', { name: 'ZIP code' }));
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), '99999');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/addresses').at(-1)).toMatchObject({ body: { streetAddress: '1 Main St', city: 'Round Rock', state: 'TX', zipCode: '99999', isDefault: false } });
    // Saved without coordinates: the customer is told, not left guessing.
    const toast = await toastTitled('Address saved');
    expect(toast).toHaveAttribute('data-type', 'warning');
    expect(toast).toHaveTextContent('ZIP code 99999');
    expect(await screen.findByRole('listitem', { name: '1 Main St' })).toBeInTheDocument();
    expect(api.data.addresses[customer.id]).toContainEqual(expect.objectContaining({ streetAddress: '1 Main St', zipCode: '99999', latitude: null, isDefault: false }));
  });

  it('refuses an address already in the book at the street address, and editing one into another', async () => {
    const user = userEvent.setup();
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByRole('textbox', { name: 'Street address' }), home.streetAddress);
    await user.type(within(form).getByRole('textbox', { name: 'City' }), home.city);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), home.state);
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), home.zipCode);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription(addressCopy.alreadySaved));
    // Above the button, perhaps out of sight on a phone: the focus goes there.
    expect(within(form).getByRole('textbox', { name: 'Street address' })).toHaveFocus();
    expect(within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem')).toHaveLength(2);
    expect(api.data.addresses[customer.id]).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Cabin' }));
    const edit = screen.getByRole('form', { name: 'Edit address' });
    await user.clear(within(edit).getByRole('textbox', { name: 'ZIP code' }));
    await user.type(within(edit).getByRole('textbox', { name: 'ZIP code' }), home.zipCode);
    await user.click(within(edit).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(within(edit).getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription(addressCopy.alreadySaved));
    expect(api.data.addresses[customer.id]).toEqual([home, cabin]);
  });

  it('saves a unit and delivery instructions, shows them as text on the card, and edits them', async () => {
    const user = userEvent.setup();
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Edit Home' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    const unit = within(form).getByRole('textbox', { name: 'Apartment, suite or unit' });
    const instructions = within(form).getByRole('textbox', { name: 'Delivery instructions' });
    expect(unit).toHaveAttribute('autocomplete', 'address-line2');
    await user.type(unit, 'Apt 4B');
    await user.type(instructions, 'Ring twice{enter}<b>Side door</b>');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address' })).not.toBeInTheDocument());
    expect(api.requestsTo('PUT /api/addresses/:id').at(-1)).toMatchObject({ body: { unit: 'Apt 4B', deliveryInstructions: 'Ring twice\n<b>Side door</b>' } });

    const card = await screen.findByRole('listitem', { name: 'Home' });
    expect(within(card).getByText('113 W 8th St, Apt 4B, Georgetown, TX 78626')).toBeInTheDocument();
    // Rendered as text: the markup the customer typed is shown, never interpreted.
    expect(card).toHaveTextContent('Instructions: Ring twice <b>Side door</b>');
    expect(card.querySelector('b')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Edit Home' }));
    const again = screen.getByRole('form', { name: 'Edit address' });
    expect(within(again).getByRole('textbox', { name: 'Apartment, suite or unit' })).toHaveValue('Apt 4B');
    await user.clear(within(again).getByRole('textbox', { name: 'Delivery instructions' }));
    await user.click(within(again).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address' })).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Home' })).not.toHaveTextContent('Instructions');
  });

  it('caps the unit at its length and refuses a control character at the field, sending nothing', async () => {
    const user = userEvent.setup();
    renderBook();
    await user.click(await screen.findByRole('button', { name: 'Edit Home' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    const unit = within(form).getByRole('textbox', { name: 'Apartment, suite or unit' });
    // The field stops typing at the limit; a pasted value with a control character is refused by the contract.
    expect(unit).toHaveAttribute('maxLength', String(ADDRESS_UNIT_MAX));
    await user.click(unit);
    await user.paste('Apt\u00074B');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(unit).toHaveAccessibleDescription('Apartment, suite or unit must not contain control characters');
    expect(api.requestsTo('PUT /api/addresses/:id')).toHaveLength(0);
  });

  it('sets another address as default and deletes after confirmation', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderBook();
    // A nearby-kitchens answer looked up around the old default address.
    const nearbyKitchensKey = ['kitchens', 'nearby', customer.id, null];
    queryClient.setQueryData(nearbyKitchensKey, { kitchens: [] });
    expect(queryClient.getQueryState(nearbyKitchensKey)?.isInvalidated).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Set Cabin as default' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Cabin' })).getByText('Default')).toBeInTheDocument());
    expect(within(screen.getByRole('listitem', { name: 'Home' })).queryByText('Default')).not.toBeInTheDocument();
    expect(await toastTitled('Default address updated')).toHaveAttribute('data-type', 'success');
    // Kitchens are looked up around the default address: the old answer no longer holds.
    expect(queryClient.getQueryState(nearbyKitchensKey)?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete Home' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Home' })).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE /api/addresses/:id').map((request) => request.path)).toEqual([`/api/addresses/${home.id}`]);
    expect(api.data.addresses[customer.id]?.map((address) => address.label)).toEqual(['Cabin']);
  });

  it("opens the new-address form with its first field focused when sent by 'Add My Address'", async () => {
    api.data.addresses[customer.id] = [];
    const { router } = renderApp(
      [
        { path: '/', element: <p>home page</p> },
        { path: '/account', element: <AddressBook /> },
      ],
      { api, user: customer },
    );
    await screen.findByText('home page');
    await act(() => router.navigate('/account#addresses', { state: addAddressRequest }));
    const form = await screen.findByRole('form', { name: 'New address' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Label' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
  });

  it('moves the focus into the form it opens and back to the button that opened it, never leaving it on the page', async () => {
    const user = userEvent.setup();
    renderBook();
    const add = await screen.findByRole('button', { name: 'Add address' });
    await user.click(add);
    const form = screen.getByRole('form', { name: 'New address' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Label' })).toHaveFocus());
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add address' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Edit Cabin' }));
    const edit = screen.getByRole('form', { name: 'Edit address' });
    await waitFor(() => expect(within(edit).getByRole('textbox', { name: 'Label' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit address' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Cabin' })).toHaveFocus());
  });

  it('keeps the form closed when the page is opened any other way', async () => {
    api.data.addresses[customer.id] = [];
    renderBook();
    expect(await screen.findByRole('button', { name: 'Add address' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });
});
