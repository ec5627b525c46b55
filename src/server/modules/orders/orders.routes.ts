import { createRoute } from '@hono/zod-openapi';
import { idParam } from '@/shared/contracts/common';
import { lineParams, substituteList, substituteQuery, unavailableLineInput } from '@/shared/contracts/manager';
import {
  assignDriverInput,
  cancelOrderInput,
  changeStatusInput,
  declineOrderInput,
  order,
  orderList,
  orderListQuery,
  refundInput,
  reorderResult,
  returnRequest,
  returnRequestInput,
} from '@/shared/contracts/orders';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { requestReturn } from '../returns/request-return';
import { acceptDelivery } from './accept-delivery';
import { assignDriver } from './assign-driver';
import { cancelOrder } from './cancel-order';
import { changeOrderStatus } from './change-order-status';
import { declineOrder } from './decline-order';
import { getOrder } from './get-order';
import { listOrders } from './list-orders';
import { listSubstitutes } from './list-substitutes';
import { markLineUnavailable } from './mark-line-unavailable';
import { refundOrder } from './refund-order';
import { reorderOrder } from './reorder-order';

const tags = ['Orders'];
const orderErrors = errorResponses(400, 401, 403, 404, 409);

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The customer's orders, newest first",
  request: { query: orderListQuery },
  responses: { 200: jsonContent(orderList, 'A page of orders'), ...errorResponses(400, 401, 403) },
});
const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'An order, with what this viewer may do with it',
  request: { params: idParam },
  responses: { 200: jsonContent(order, 'The order'), ...errorResponses(400, 401, 404) },
});
const cancelRoute = createRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags,
  summary: 'Cancel an order: stock and delivery hour go back, the payment is cancelled or refunded',
  description: "Its customer or support, in their own words; the order's kitchen (while it is new) with one of the reasons it may decline for, or 400.",
  request: { params: idParam, body: jsonBody(cancelOrderInput) },
  responses: { 200: jsonContent(order, 'The cancelled order'), ...orderErrors },
});
const declineRoute = createRoute({
  method: 'post',
  path: '/{id}/decline',
  tags,
  summary: "Its kitchen turns down a new order with a reason: cancelled as a cancellation is, and the customer told",
  description: 'Only the owner of the order\'s kitchen, while the order is placed; once accepted: 409 NOT_DECLINABLE.',
  request: { params: idParam, body: jsonBody(declineOrderInput) },
  responses: { 200: jsonContent(order, 'The declined order'), ...orderErrors },
});
const statusRoute = createRoute({
  method: 'post',
  path: '/{id}/status',
  tags,
  summary: 'Move an order along the status machine (staff)',
  request: { params: idParam, body: jsonBody(changeStatusInput) },
  responses: { 200: jsonContent(order, 'The order'), ...errorResponses(400, 401, 403, 404, 409, 429) },
});
const driverRoute = createRoute({
  method: 'post',
  path: '/{id}/driver',
  tags,
  summary: "Assign a driver of the order's warehouse (its manager)",
  request: { params: idParam, body: jsonBody(assignDriverInput) },
  responses: { 200: jsonContent(order, 'The order'), ...orderErrors },
});
const acceptRoute = createRoute({
  method: 'post',
  path: '/{id}/accept',
  tags,
  summary: 'A driver on shift takes an order on offer at their warehouse',
  description: 'Of drivers racing for one order exactly one gets it; the others get 409 DELIVERY_TAKEN. Off shift: 409 OFF_SHIFT.',
  request: { params: idParam },
  responses: { 200: jsonContent(order, 'The order, now theirs to deliver'), ...orderErrors },
});
const reorderRoute = createRoute({
  method: 'post',
  path: '/{id}/reorder',
  tags,
  summary: "Put an order's items back into the cart, re-priced",
  request: { params: idParam },
  responses: { 200: jsonContent(reorderResult, 'The cart and the lines it could not take'), ...orderErrors },
});
const returnRoute = createRoute({
  method: 'post',
  path: '/{id}/returns',
  tags,
  summary: 'Ask for a return or refund of lines of a delivered order',
  request: { params: idParam, body: jsonBody(returnRequestInput) },
  responses: { 201: jsonContent(returnRequest, 'The request, for support to decide'), ...orderErrors },
});
const refundRoute = createRoute({
  method: 'post',
  path: '/{id}/refunds',
  tags,
  summary: 'A full, per-line or goodwill refund with a reason (support, admin)',
  request: { params: idParam, body: jsonBody(refundInput) },
  responses: { 201: jsonContent(order, 'The order with the refund'), ...orderErrors },
});

const substitutesRoute = createRoute({
  method: 'get',
  path: '/{id}/lines/{lineId}/substitutes',
  tags,
  summary: "Products the order's warehouse could send instead of a line: similar, at most a little dearer, in stock (its manager)",
  request: { params: lineParams, query: substituteQuery },
  responses: { 200: jsonContent(substituteList, 'The candidates, same aisle first'), ...orderErrors },
});
const unavailableRoute = createRoute({
  method: 'post',
  path: '/{id}/lines/{lineId}/unavailable',
  tags,
  summary: "Mark units of a line unavailable while picking: replaced (charged at most the line's price) or refunded; the product's shelf is emptied (its manager)",
  request: { params: lineParams, body: jsonBody(unavailableLineInput) },
  responses: { 200: jsonContent(order, 'The order with its adjusted total'), ...orderErrors },
});

export function createOrderRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const signedIn = [requireSession(deps)];
  const customerOnly = [requireSession(deps), requireRole('customer')];
  const managerOnly = [requireSession(deps), requireRole('manager')];
  const kitchenOnly = [requireSession(deps), requireRole('cloud_kitchen')];
  // Who may act on an order depends on the order (its customer, operator, driver): the use cases decide,
  // answering 404 to whoever may not see it and 409 to whoever sees it but may not make that change.
  return createRouter()
    .openapi({ ...listRoute, middleware: customerOnly }, async (c) => {
      const query = c.req.valid('query');
      return c.json(await listOrders({ db, viewer: c.var.viewer, cursor: query.cursor, limit: query.limit, active: query.active === 'true' }), 200);
    })
    .openapi({ ...getRoute, middleware: signedIn }, async (c) => c.json(await getOrder({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id }), 200))
    .openapi({ ...cancelRoute, middleware: signedIn }, async (c) =>
      c.json(
        await cancelOrder({ db, payments: deps.payments, logger: c.var.logger, viewer: c.var.viewer, orderId: c.req.valid('param').id, input: c.req.valid('json') }),
        200,
      ),
    )
    .openapi({ ...declineRoute, middleware: kitchenOnly }, async (c) =>
      c.json(
        await declineOrder({ db, payments: deps.payments, logger: c.var.logger, viewer: c.var.viewer, orderId: c.req.valid('param').id, input: c.req.valid('json') }),
        200,
      ),
    )
    .openapi({ ...statusRoute, middleware: signedIn }, async (c) => {
      const input = c.req.valid('json');
      return c.json(
        await changeOrderStatus({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id, status: input.status, note: input.note, deliveryCode: input.deliveryCode }),
        200,
      );
    })
    .openapi({ ...driverRoute, middleware: signedIn }, async (c) =>
      c.json(await assignDriver({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id, driverProfileId: c.req.valid('json').driverProfileId }), 200),
    )
    .openapi({ ...acceptRoute, middleware: [requireSession(deps), requireRole('driver')] }, async (c) =>
      c.json(await acceptDelivery({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id }), 200),
    )
    .openapi({ ...reorderRoute, middleware: customerOnly }, async (c) => c.json(await reorderOrder({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id }), 200))
    .openapi({ ...returnRoute, middleware: customerOnly }, async (c) =>
      c.json(await requestReturn({ db, viewer: c.var.viewer, orderId: c.req.valid('param').id, input: c.req.valid('json') }), 201),
    )
    .openapi({ ...refundRoute, middleware: [requireSession(deps), requireRole('support', 'admin')] }, async (c) =>
      c.json(
        await refundOrder({ db, payments: deps.payments, logger: c.var.logger, viewer: c.var.viewer, orderId: c.req.valid('param').id, input: c.req.valid('json') }),
        201,
      ),
    )
    .openapi({ ...substitutesRoute, middleware: managerOnly }, async (c) => {
      const { id, lineId } = c.req.valid('param');
      return c.json({ candidates: await listSubstitutes({ db, viewer: c.var.viewer, orderId: id, lineId, q: c.req.valid('query').q }) }, 200);
    })
    .openapi({ ...unavailableRoute, middleware: managerOnly }, async (c) => {
      const { id, lineId } = c.req.valid('param');
      return c.json(
        await markLineUnavailable({ db, payments: deps.payments, logger: c.var.logger, viewer: c.var.viewer, orderId: id, lineId, input: c.req.valid('json') }),
        200,
      );
    });
}
