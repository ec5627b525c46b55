import { createRoute, z } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { address, addressInput, coordinatesInput, serviceArea, warehouse, zipCodeInput } from '@/shared/contracts/locations';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireSession } from '../../lib/require-role';
import { createAddress } from './create-address';
import { deleteAddress } from './delete-address';
import { listAddresses } from './list-addresses';
import { listWarehouses } from './list-warehouses';
import { selectWarehouseForPoint } from './select-warehouse-for-point';
import { selectWarehouseForZip } from './select-warehouse-for-zip';
import { setDefaultAddress } from './set-default-address';
import { updateAddress } from './update-address';

const listWarehousesRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Locations'],
  summary: 'Active warehouses with their location',
  responses: { 200: jsonContent(z.array(warehouse), 'Warehouses') },
});

export function createWarehouseRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter().openapi(listWarehousesRoute, async (c) => c.json(await listWarehouses({ db }), 200));
}

const selectWarehouseRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Locations'],
  summary: 'The nearest active warehouse delivering to a point, and its delivery fee',
  request: { body: jsonBody(coordinatesInput) },
  responses: { 200: jsonContent(serviceArea, 'Whether the point is served, and by which warehouse'), ...errorResponses(400) },
});

const selectWarehouseForZipRoute = createRoute({
  method: 'post',
  path: '/zip',
  tags: ['Locations'],
  summary: 'The nearest active warehouse delivering to a ZIP code, and its delivery fee',
  request: { body: jsonBody(zipCodeInput) },
  responses: { 200: jsonContent(serviceArea, 'Whether the ZIP code is served, and by which warehouse'), ...errorResponses(400) },
});

/** select-warehouse-and-fee: public, since guests may ask where they would be served from. */
export function createServiceAreaRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(selectWarehouseRoute, async (c) => c.json(await selectWarehouseForPoint({ db, point: c.req.valid('json') }), 200))
    .openapi(selectWarehouseForZipRoute, async (c) => c.json(await selectWarehouseForZip({ db, geocoder: deps.geocoder, zipCode: c.req.valid('json').zipCode }), 200));
}

const addressTags = ['Addresses'];
const addressErrors = errorResponses(400, 401, 404, 409);

const listAddressesRoute = createRoute({
  method: 'get',
  path: '/',
  tags: addressTags,
  summary: "The signed-in user's addresses, default first",
  responses: { 200: jsonContent(z.array(address), 'Addresses'), ...errorResponses(401) },
});
const createAddressRoute = createRoute({
  method: 'post',
  path: '/',
  tags: addressTags,
  summary: 'Save an address; it is geocoded, and the first one becomes the default',
  request: { body: jsonBody(addressInput) },
  responses: { 201: jsonContent(address, 'The saved address; latitude and longitude are null when it could not be placed'), ...addressErrors },
});
const updateAddressRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags: addressTags,
  summary: 'Replace an address and geocode it again',
  request: { params: idParam, body: jsonBody(addressInput) },
  responses: { 200: jsonContent(address, 'The saved address'), ...addressErrors },
});
const deleteAddressRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: addressTags,
  summary: 'Delete an address; the newest remaining one becomes the default if needed',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...addressErrors },
});
const setDefaultRoute = createRoute({
  method: 'post',
  path: '/{id}/default',
  tags: addressTags,
  summary: 'Make an address the default',
  request: { params: idParam },
  responses: { 200: jsonContent(address, 'The new default address'), ...addressErrors },
});

export function createAddressRoutes(deps: AppDeps) {
  const { database, geocoder } = deps;
  const db = database.db;
  const router = createRouter();
  router.use('*', requireSession(deps));
  return router
    .openapi(listAddressesRoute, async (c) => c.json(await listAddresses({ db, viewer: c.var.viewer }), 200))
    .openapi(createAddressRoute, async (c) =>
      c.json(await createAddress({ db, geocoder, viewer: c.var.viewer, input: c.req.valid('json') }), 201),
    )
    .openapi(updateAddressRoute, async (c) =>
      c.json(
        await updateAddress({ db, geocoder, viewer: c.var.viewer, addressId: c.req.valid('param').id, input: c.req.valid('json') }),
        200,
      ),
    )
    .openapi(deleteAddressRoute, async (c) => {
      await deleteAddress({ db, viewer: c.var.viewer, addressId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(setDefaultRoute, async (c) =>
      c.json(await setDefaultAddress({ db, viewer: c.var.viewer, addressId: c.req.valid('param').id }), 200),
    );
}
