import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, type FakeApi } from '@/web/test/fake-api';
import { anAddress, georgetownId, jerseyCityId } from '@/web/test/fake-data';
import { selectedWarehouseStore } from '../selected-warehouse';
import { createWarehouseCheckBoundary } from './location-queries';

let api: FakeApi;

describe('createWarehouseCheckBoundary', () => {
  beforeEach(() => {
    api = createFakeApi();
    vi.stubGlobal('fetch', api.fetch);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks select-warehouse-and-fee about the point with a POST', async () => {
    const boundary = createWarehouseCheckBoundary(new QueryClient());
    await expect(boundary.selectWarehouseAndFee({ latitude: 30.5, longitude: -97.6 })).resolves.toMatchObject({ inServiceArea: true, warehouse: { id: georgetownId } });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/api/select-warehouse-and-fee' });
    expect(api.requests[0]!.body).toEqual({ latitude: 30.5, longitude: -97.6 });
  });

  it('reads the addresses afresh at every check and the active warehouses once in a while', async () => {
    const customer = api.signIn('customer');
    const boundary = createWarehouseCheckBoundary(new QueryClient());
    await expect(boundary.loadAddresses()).resolves.toEqual([]);
    // An address saved between two checks counts at the second.
    api.data.addresses[customer.id] = [anAddress(1)];
    await expect(boundary.loadAddresses()).resolves.toEqual([anAddress(1)]);
    await expect(boundary.listActiveWarehouses()).resolves.toEqual([expect.objectContaining({ id: georgetownId }), expect.objectContaining({ id: jerseyCityId })]);
    await boundary.listActiveWarehouses();
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/addresses', 'GET /api/addresses', 'GET /api/warehouses']);
  });

  it('reads the saved warehouse from local storage', () => {
    const boundary = createWarehouseCheckBoundary(new QueryClient());
    expect(boundary.readSavedWarehouse()).toBeNull();
    selectedWarehouseStore.write({ id: jerseyCityId, name: 'Jersey City', location: 'Jersey City, NJ' });
    expect(boundary.readSavedWarehouse()).toEqual({ id: jerseyCityId, name: 'Jersey City', location: 'Jersey City, NJ' });
    expect(api.requests).toHaveLength(0);
  });
});
