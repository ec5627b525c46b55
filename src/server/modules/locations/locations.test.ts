import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDRESS_UNIT_MAX, DELIVERY_INSTRUCTIONS_MAX, type Address, type ServiceArea } from '@/shared/contracts/locations';
import { createAccount, createWarehouses } from '../../db/seed/factories';
import { expectError } from '../../test/expect-error';
import { northOf } from '../../test/geo';
import { createTestApp, signIn, testPassword, uniqueEmail, type TestApp, type TestClient } from '../../test/test-app';
import { databaseKinds } from '../../test/test-database';
import { MAX_ADDRESSES_PER_PROFILE } from './address-access';
import { createAddress } from './create-address';
import { deleteAddress } from './delete-address';
import { listAddresses } from './list-addresses';
import { setDefaultAddress } from './set-default-address';
import { updateAddress } from './update-address';

const hub = { latitude: 35, longitude: -100 };
const smallRadius = { latitude: 35, longitude: -90 };
const closed = { latitude: 45, longitude: -100 };

const georgetownHome = { label: 'Home', streetAddress: '113 W 8th St', city: 'Georgetown', state: 'TX', zipCode: '78626' };
const jerseyOffice = { label: 'Work', streetAddress: '30 Montgomery St', city: 'Jersey City', state: 'nj', zipCode: '07302' };

describe.each(databaseKinds)('locations on %s', (kind) => {
  let t: TestApp;

  async function customer(): Promise<TestClient> {
    const email = uniqueEmail('addresses');
    await createAccount({ db: t.database.db, auth: t.deps.auth, account: { email, password: testPassword, firstName: 'Ada', lastName: 'Dress', role: 'customer' } });
    const client = t.client();
    expect((await signIn(client, email)).status).toBe(200);
    return client;
  }

  async function addressesOf(client: TestClient): Promise<Address[]> {
    const response = await client.request('/api/addresses');
    expect(response.status).toBe(200);
    return (await response.json()) as Address[];
  }

  async function serviceAreaAt(point: unknown): Promise<Response> {
    return t.request('/api/select-warehouse-and-fee', { method: 'POST', json: point });
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await createWarehouses({
      db: t.database.db,
      warehouses: [
        { name: 'Hub', streetAddress: '1 Hub Rd', city: 'Hub', state: 'TX', zipCode: '79000', ...hub, location: 'Hub, TX', deliveryFeeCents: 299 },
        { name: 'Hub East', streetAddress: '2 Hub Rd', city: 'Hub', state: 'TX', zipCode: '79001', latitude: 35, longitude: -99.4, location: 'Hub East, TX' },
        { name: 'Tiny', streetAddress: '3 Small St', city: 'Tiny', state: 'TN', zipCode: '38000', ...smallRadius, location: 'Tiny, TN', deliveryRadiusMiles: 10 },
        { name: 'Closed', streetAddress: '4 Shut St', city: 'Shut', state: 'ND', zipCode: '58000', ...closed, location: 'Shut, ND', active: false },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('select-warehouse-and-fee', () => {
    it('serves a point 39.9 miles from a warehouse and not one 40.1 miles away', async () => {
      const inside = await serviceAreaAt(northOf(hub, 39.9));
      expect(inside.status).toBe(200);
      const served = (await inside.json()) as ServiceArea;
      expect(served).toEqual({
        inServiceArea: true,
        warehouse: { id: expect.any(String), name: 'Hub', location: 'Hub, TX' },
        deliveryFee: 299,
        distanceMiles: 39.9,
      });

      const outside = (await (await serviceAreaAt(northOf(hub, 40.1))).json()) as ServiceArea;
      expect(outside).toEqual({ inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null });
    });

    it('picks the nearest of several warehouses that cover the point', async () => {
      // Hub East sits about 34 miles east of Hub; a point just east of Hub East is nearer to it.
      const nearEast = (await (await serviceAreaAt({ latitude: 35, longitude: -99.35 })).json()) as ServiceArea;
      expect(nearEast.warehouse?.name).toBe('Hub East');
      const nearHub = (await (await serviceAreaAt({ latitude: 35, longitude: -99.95 })).json()) as ServiceArea;
      expect(nearHub.warehouse?.name).toBe('Hub');
    });

    it("honours each warehouse's own delivery radius", async () => {
      expect(((await (await serviceAreaAt(northOf(smallRadius, 9.9))).json()) as ServiceArea).warehouse?.name).toBe('Tiny');
      expect(((await (await serviceAreaAt(northOf(smallRadius, 12))).json()) as ServiceArea).inServiceArea).toBe(false);
    });

    it('ignores inactive warehouses', async () => {
      expect(((await (await serviceAreaAt(closed)).json()) as ServiceArea).inServiceArea).toBe(false);
    });

    it('refuses coordinates out of range, non-numbers and missing fields', async () => {
      const lat = await expectError(await serviceAreaAt({ latitude: 90.5, longitude: 0 }), 400, 'VALIDATION_FAILED');
      expect(lat.fields?.latitude).toBe('Latitude must be between -90 and 90');
      const lng = await expectError(await serviceAreaAt({ latitude: 0, longitude: -180.01 }), 400, 'VALIDATION_FAILED');
      expect(lng.fields?.longitude).toBe('Longitude must be between -180 and 180');
      const text = await expectError(await serviceAreaAt({ latitude: '30.1', longitude: -97 }), 400, 'VALIDATION_FAILED');
      expect(text.fields?.latitude).toBe('Latitude must be a number');
      const missing = await expectError(await serviceAreaAt({ latitude: 30 }), 400, 'VALIDATION_FAILED');
      expect(missing.fields?.longitude).toBe('Longitude must be a number');
    });
  });

  describe('select-warehouse-and-fee by ZIP code', () => {
    const byZip = (body: unknown) => t.request('/api/select-warehouse-and-fee/zip', { method: 'POST', json: body });

    it('answers the warehouse that delivers to the ZIP code, for anyone, as for its point', async () => {
      // Shamrock, TX lies about 20 miles from Hub and 48 from Hub East; Southaven, MS 2 miles from Tiny.
      const shamrock = (await (await byZip({ zipCode: '79079' })).json()) as ServiceArea;
      expect(shamrock).toMatchObject({ inServiceArea: true, warehouse: { name: 'Hub', location: 'Hub, TX' }, deliveryFee: 299 });
      expect(shamrock.distanceMiles).toBeGreaterThan(15);
      expect(shamrock.distanceMiles).toBeLessThan(25);
      expect(((await (await byZip({ zipCode: ' 38671-1234 ' })).json()) as ServiceArea).warehouse?.name).toBe('Tiny');
      expect((await (await byZip({ zipCode: '10001' })).json()) as ServiceArea).toEqual({ inServiceArea: false, warehouse: null, deliveryFee: 0, distanceMiles: null });
    });

    it('refuses a ZIP code it cannot place, and one that is not a ZIP code, at the field', async () => {
      const unknown = await expectError(await byZip({ zipCode: '00000' }), 400, 'ZIP_CODE_UNKNOWN');
      expect(unknown.fields).toEqual({ zipCode: 'We could not find this ZIP code.' });
      const malformed = await expectError(await byZip({ zipCode: 'Austin' }), 400, 'VALIDATION_FAILED');
      expect(malformed.fields).toEqual({ zipCode: 'Enter a 5-digit ZIP code' });
      const missing = await expectError(await byZip({}), 400, 'VALIDATION_FAILED');
      expect(missing.fields).toEqual({ zipCode: 'ZIP code is required' });
    });
  });

  describe('addresses', () => {
    it('needs a signed-in user', async () => {
      const guest = t.client();
      await expectError(await guest.request('/api/addresses'), 401, 'UNAUTHORIZED');
      await expectError(await guest.request('/api/addresses', { method: 'POST', json: georgetownHome }), 401, 'UNAUTHORIZED');
    });

    it('geocodes from the ZIP code, makes the first address the default and lists the default first', async () => {
      const client = await customer();
      const first = await client.request('/api/addresses', { method: 'POST', json: georgetownHome });
      expect(first.status).toBe(201);
      const home = (await first.json()) as Address;
      expect(home).toMatchObject({ ...georgetownHome, isDefault: true, latitude: 30.633, longitude: -97.6707 });

      const second = (await (await client.request('/api/addresses', { method: 'POST', json: jerseyOffice })).json()) as Address;
      expect(second).toMatchObject({ state: 'NJ', isDefault: false, latitude: 40.7221, longitude: -74.0469 });
      expect((await addressesOf(client)).map((a) => a.id)).toEqual([home.id, second.id]);

      const promoted = await client.request(`/api/addresses/${second.id}/default`, { method: 'POST' });
      expect(promoted.status).toBe(200);
      const listed = await addressesOf(client);
      expect(listed.map((a) => [a.id, a.isDefault])).toEqual([
        [second.id, true],
        [home.id, false],
      ]);
    });

    it('saving with isDefault moves the default to the new address', async () => {
      const client = await customer();
      const home = (await (await client.request('/api/addresses', { method: 'POST', json: georgetownHome })).json()) as Address;
      const work = (await (await client.request('/api/addresses', { method: 'POST', json: { ...jerseyOffice, isDefault: true } })).json()) as Address;
      const listed = await addressesOf(client);
      expect(listed.filter((a) => a.isDefault).map((a) => a.id)).toEqual([work.id]);
      expect(listed.find((a) => a.id === home.id)?.isDefault).toBe(false);
    });

    it('editing geocodes again; an unknown ZIP saves without coordinates', async () => {
      const client = await customer();
      const home = (await (await client.request('/api/addresses', { method: 'POST', json: georgetownHome })).json()) as Address;
      const moved = await client.request(`/api/addresses/${home.id}`, { method: 'PUT', json: jerseyOffice });
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({ id: home.id, city: 'Jersey City', latitude: 40.7221, longitude: -74.0469, isDefault: true });

      const nowhere = await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, zipCode: '00000' } });
      expect(nowhere.status).toBe(201);
      expect(await nowhere.json()).toMatchObject({ zipCode: '00000', latitude: null, longitude: null, isDefault: false });
    });

    it('keeps the unit and the delivery instructions, trimmed and as typed, and edits them', async () => {
      const client = await customer();
      const first = await client.request('/api/addresses', {
        method: 'POST',
        json: { ...georgetownHome, unit: '  Apt 4B ', deliveryInstructions: ' Ring twice.\nLeave it at the <b>door</b> ' },
      });
      expect(first.status).toBe(201);
      const home = (await first.json()) as Address;
      expect(home).toMatchObject({ unit: 'Apt 4B', deliveryInstructions: 'Ring twice.\nLeave it at the <b>door</b>', latitude: 30.633 });
      expect((await addressesOf(client))[0]).toMatchObject({ unit: 'Apt 4B', deliveryInstructions: 'Ring twice.\nLeave it at the <b>door</b>' });

      const edited = await client.request(`/api/addresses/${home.id}`, { method: 'PUT', json: { ...georgetownHome, unit: 'Suite 200', deliveryInstructions: '' } });
      expect(await edited.json()).toMatchObject({ id: home.id, unit: 'Suite 200', deliveryInstructions: '' });
      // Both are optional: an address saved without them has them empty.
      const plain = (await (await client.request('/api/addresses', { method: 'POST', json: jerseyOffice })).json()) as Address;
      expect(plain).toMatchObject({ unit: '', deliveryInstructions: '' });
    });

    it('refuses a unit or instructions that are too long or hold control characters, changing nothing', async () => {
      const client = await customer();
      const home = (await (await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, unit: 'Apt 1' } })).json()) as Address;
      const tooLong = await expectError(
        await client.request('/api/addresses', {
          method: 'POST',
          json: { ...georgetownHome, unit: 'U'.repeat(ADDRESS_UNIT_MAX + 1), deliveryInstructions: 'x'.repeat(DELIVERY_INSTRUCTIONS_MAX + 1) },
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(tooLong.fields).toEqual({
        unit: `Apartment, suite or unit must be at most ${ADDRESS_UNIT_MAX} characters`,
        deliveryInstructions: `Delivery instructions must be at most ${DELIVERY_INSTRUCTIONS_MAX} characters`,
      });
      const control = await expectError(
        await client.request(`/api/addresses/${home.id}`, { method: 'PUT', json: { ...georgetownHome, unit: 'Apt\n2', deliveryInstructions: 'Knock\u0007' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(control.fields).toEqual({
        unit: 'Apartment, suite or unit must not contain control characters',
        deliveryInstructions: 'Delivery instructions must not contain control characters',
      });
      const notText = await expectError(await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, unit: 4 } }), 400, 'VALIDATION_FAILED');
      expect(notText.fields?.unit).toBe('Apartment, suite or unit must be text');
      expect((await addressesOf(client)).map((a) => [a.id, a.unit])).toEqual([[home.id, 'Apt 1']]);
    });

    it('refuses a ZIP code from another state and bad fields, saving nothing', async () => {
      const client = await customer();
      const mismatch = await expectError(
        await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, zipCode: '07302' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(mismatch.fields?.zipCode).toBe('ZIP code 07302 is in NJ, not TX.');
      const bad = await expectError(
        await client.request('/api/addresses', { method: 'POST', json: { streetAddress: ' ', city: 'Austin', state: 'Texas', zipCode: '787' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(bad.fields).toMatchObject({
        streetAddress: 'Street address is required',
        state: 'Use a two-letter US state code',
        zipCode: 'Enter a 5-digit ZIP code',
      });
      expect(await addressesOf(client)).toEqual([]);
    });

    it('deleting the default makes the newest remaining address the default', async () => {
      const client = await customer();
      const home = (await (await client.request('/api/addresses', { method: 'POST', json: georgetownHome })).json()) as Address;
      const work = (await (await client.request('/api/addresses', { method: 'POST', json: jerseyOffice })).json()) as Address;
      const deleted = await client.request(`/api/addresses/${home.id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(await addressesOf(client)).toEqual([expect.objectContaining({ id: work.id, isDefault: true })]);
    });

    it("another user's address answers 404 and stays as it was", async () => {
      const owner = await customer();
      const other = await customer();
      const home = (await (await owner.request('/api/addresses', { method: 'POST', json: georgetownHome })).json()) as Address;
      await expectError(await other.request(`/api/addresses/${home.id}`, { method: 'PUT', json: jerseyOffice }), 404, 'ADDRESS_NOT_FOUND');
      await expectError(await other.request(`/api/addresses/${home.id}`, { method: 'DELETE' }), 404, 'ADDRESS_NOT_FOUND');
      await expectError(await other.request(`/api/addresses/${home.id}/default`, { method: 'POST' }), 404, 'ADDRESS_NOT_FOUND');
      expect(await addressesOf(owner)).toEqual([home]);
      expect(await addressesOf(other)).toEqual([]);
      await expectError(await other.request('/api/addresses/not-an-id', { method: 'DELETE' }), 400, 'VALIDATION_FAILED');
    });

    it('the address use cases judge the viewer themselves, whatever route calls them', async () => {
      const db = t.database.db;
      const owner = { role: 'customer' as const, profileId: (await createAccount({ db, auth: t.deps.auth, account: { email: uniqueEmail(), password: testPassword, firstName: 'O', lastName: 'Wner' } })).profile.id, warehouseIds: [], kitchenIds: [] };
      const other = { ...owner, profileId: (await createAccount({ db, auth: t.deps.auth, account: { email: uniqueEmail(), password: testPassword, firstName: 'O', lastName: 'Ther' } })).profile.id };
      const home = await createAddress({ db, geocoder: t.deps.geocoder, viewer: owner, input: { ...georgetownHome, unit: '', deliveryInstructions: '', isDefault: false } });
      const refused = { code: 'ADDRESS_NOT_FOUND', status: 404 };
      await expect(updateAddress({ db, geocoder: t.deps.geocoder, viewer: other, addressId: home.id, input: { ...georgetownHome, label: 'Mine', unit: '', deliveryInstructions: '', isDefault: false } })).rejects.toMatchObject(refused);
      await expect(setDefaultAddress({ db, viewer: other, addressId: home.id })).rejects.toMatchObject(refused);
      await expect(deleteAddress({ db, viewer: other, addressId: home.id })).rejects.toMatchObject(refused);
      expect(await listAddresses({ db, viewer: other })).toEqual([]);
      expect(await listAddresses({ db, viewer: owner })).toEqual([home]);
    });

    it('refuses an address the customer already has, at the street address, saving nothing', async () => {
      const client = await customer();
      const home = (await (await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, unit: 'Apt 4B' } })).json()) as Address;
      const work = (await (await client.request('/api/addresses', { method: 'POST', json: jerseyOffice })).json()) as Address;
      // The same door whatever the label, the instructions, the letter case or the spacing.
      const again = await expectError(
        await client.request('/api/addresses', {
          method: 'POST',
          json: { ...georgetownHome, label: 'Again', streetAddress: '113  w 8th st', unit: 'APT 4B', city: 'georgetown', deliveryInstructions: 'Knock', isDefault: true },
        }),
        409,
        'ADDRESS_EXISTS',
      );
      expect(again.fields).toEqual({ streetAddress: 'You have already saved this address.' });
      // Editing one into another is refused too; editing one with its own door is not.
      await expectError(await client.request(`/api/addresses/${work.id}`, { method: 'PUT', json: { ...georgetownHome, unit: 'Apt 4B' } }), 409, 'ADDRESS_EXISTS');
      const relabelled = await client.request(`/api/addresses/${home.id}`, { method: 'PUT', json: { ...georgetownHome, label: 'Home sweet home', unit: 'Apt 4B' } });
      expect(relabelled.status).toBe(200);
      expect((await addressesOf(client)).map((a) => [a.id, a.label, a.isDefault])).toEqual([
        [home.id, 'Home sweet home', true],
        [work.id, 'Work', false],
      ]);
      // Another unit in the same building, or another customer, is another address.
      expect((await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, unit: 'Apt 5C' } })).status).toBe(201);
      expect((await (await customer()).request('/api/addresses', { method: 'POST', json: { ...georgetownHome, unit: 'Apt 4B' } })).status).toBe(201);
    });

    it('refuses a duplicate before asking the geocoder, which a hosted one charges for', async () => {
      const client = await customer();
      await client.request('/api/addresses', { method: 'POST', json: georgetownHome });
      const work = (await (await client.request('/api/addresses', { method: 'POST', json: jerseyOffice })).json()) as Address;
      const geocode = vi.spyOn(t.deps.geocoder, 'geocode');
      try {
        await expectError(await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, label: 'Again' } }), 409, 'ADDRESS_EXISTS');
        await expectError(await client.request(`/api/addresses/${work.id}`, { method: 'PUT', json: georgetownHome }), 409, 'ADDRESS_EXISTS');
        expect(geocode).not.toHaveBeenCalled();
        // A new door is still geocoded.
        expect((await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, unit: 'Apt 5C' } })).status).toBe(201);
        expect(geocode).toHaveBeenCalledTimes(1);
      } finally {
        geocode.mockRestore();
      }
    });

    it(`keeps at most ${MAX_ADDRESSES_PER_PROFILE} addresses`, async () => {
      const client = await customer();
      for (let i = 0; i < MAX_ADDRESSES_PER_PROFILE; i += 1) {
        const saved = await client.request('/api/addresses', { method: 'POST', json: { ...georgetownHome, label: `Place ${i}`, unit: `Apt ${i}` } });
        expect(saved.status).toBe(201);
      }
      // Refused before geocoding, which a hosted geocoder charges for.
      const geocode = vi.spyOn(t.deps.geocoder, 'geocode');
      try {
        await expectError(await client.request('/api/addresses', { method: 'POST', json: georgetownHome }), 409, 'ADDRESS_LIMIT');
        expect(geocode).not.toHaveBeenCalled();
      } finally {
        geocode.mockRestore();
      }
      expect(await addressesOf(client)).toHaveLength(MAX_ADDRESSES_PER_PROFILE);
    });

    it('first addresses saved at once leave exactly one default', async () => {
      const client = await customer();
      const saves = await Promise.all(
        Array.from({ length: 6 }, (_, i) => client.request('/api/addresses', { method: 'POST', json: { ...(i % 2 ? georgetownHome : jerseyOffice), unit: `Unit ${i}` } })),
      );
      expect(saves.map((r) => r.status)).toEqual(Array(6).fill(201));
      expect((await addressesOf(client)).filter((a) => a.isDefault)).toHaveLength(1);
    });

    it('the same address saved several times at once is saved once', async () => {
      const client = await customer();
      const saves = await Promise.all(Array.from({ length: 3 }, () => client.request('/api/addresses', { method: 'POST', json: georgetownHome })));
      expect(saves.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await addressesOf(client)).toHaveLength(1);
    });
  });
});
