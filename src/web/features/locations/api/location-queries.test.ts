import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectedWarehouseStore } from '../selected-warehouse';
import { createWarehouseCheckBoundary } from './location-queries';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname === '/api/select-warehouse-and-fee') return json({ inServiceArea: true, warehouse: { id: 'w1', name: 'W', location: 'L' }, deliveryFee: 0, distanceMiles: 1 });
    if (url.pathname === '/api/addresses') return json([]);
    if (url.pathname === '/api/warehouses') return json([{ id: 'w1', name: 'W', location: 'L' }]);
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function requestOf(call: [RequestInfo | URL, RequestInit?]) {
  const [input, init] = call;
  const request = new Request(input, init);
  return { method: request.method, path: new URL(request.url).pathname, body: request.method === 'GET' ? null : await request.text() };
}

describe('createWarehouseCheckBoundary', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks select-warehouse-and-fee about the point with a POST', async () => {
    const fetchMock = stubServer();
    const boundary = createWarehouseCheckBoundary(new QueryClient());
    await expect(boundary.selectWarehouseAndFee({ latitude: 30.5, longitude: -97.6 })).resolves.toMatchObject({ inServiceArea: true });
    expect(await requestOf(fetchMock.mock.calls[0]!)).toEqual({
      method: 'POST',
      path: '/api/select-warehouse-and-fee',
      body: JSON.stringify({ latitude: 30.5, longitude: -97.6 }),
    });
  });

  it('reads the addresses afresh at every check and the active warehouses once in a while', async () => {
    const fetchMock = stubServer();
    const boundary = createWarehouseCheckBoundary(new QueryClient());
    await boundary.loadAddresses();
    await boundary.loadAddresses();
    await boundary.listActiveWarehouses();
    await boundary.listActiveWarehouses();
    const paths = await Promise.all(fetchMock.mock.calls.map(async (call) => (await requestOf(call)).path));
    expect(paths).toEqual(['/api/addresses', '/api/addresses', '/api/warehouses']);
  });

  it('reads the saved warehouse from local storage', () => {
    stubServer();
    const boundary = createWarehouseCheckBoundary(new QueryClient());
    expect(boundary.readSavedWarehouse()).toBeNull();
    selectedWarehouseStore.write({ id: 'w1', name: 'W', location: 'L' });
    expect(boundary.readSavedWarehouse()).toEqual({ id: 'w1', name: 'W', location: 'L' });
  });
});
