import { createRoute, z } from '@hono/zod-openapi';
import { checkoutQuote, checkoutQuoteInput, idempotencyKey, placedOrder, placeOrderInput } from '@/shared/contracts/orders';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { placeOrder } from './place-order';
import { quoteCheckout } from './quote-checkout';

const tags = ['Checkout'];

const quoteRoute = createRoute({
  method: 'post',
  path: '/checkout/quote',
  tags,
  summary: "Price the customer's cart for an address, a delivery time and a tip, without placing it",
  request: { body: jsonBody(checkoutQuoteInput) },
  responses: { 200: jsonContent(checkoutQuote, 'The priced order and what would stop it'), ...errorResponses(400, 401, 403, 404) },
});

const placeRoute = createRoute({
  method: 'post',
  path: '/orders',
  tags,
  summary: "Place the customer's cart as an order",
  description:
    'One transaction: lines re-priced, the address checked, stock and a delivery place taken, the order written and the cart emptied. ' +
    'The same Idempotency-Key with the same request answers the same order (200, replayed); with a different request, 409.',
  request: {
    headers: z.object({ 'idempotency-key': idempotencyKey.describe('A client-chosen key, one per order the customer means to place') }),
    body: jsonBody(placeOrderInput),
  },
  responses: {
    201: jsonContent(placedOrder, 'The order was placed'),
    200: jsonContent(placedOrder, 'This key already placed this order; it is answered again'),
    ...errorResponses(400, 401, 403, 404, 409),
    503: jsonContent(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), 'Card payment could not be set up; the order was cancelled'),
  },
});

export function createCheckoutRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const customerOnly = [requireSession(deps), requireRole('customer')];
  return createRouter()
    .openapi({ ...quoteRoute, middleware: customerOnly }, async (c) =>
      c.json(await quoteCheckout({ db, viewer: c.var.viewer, input: c.req.valid('json'), cardEnabled: deps.payments.cardEnabled }), 200),
    )
    .openapi({ ...placeRoute, middleware: customerOnly }, async (c) => {
      const placed = await placeOrder({
        db,
        viewer: c.var.viewer,
        input: c.req.valid('json'),
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        payments: deps.payments,
        mailer: deps.mailer,
        logger: c.var.logger,
      });
      return placed.replayed ? c.json(placed, 200) : c.json(placed, 201);
    });
}
