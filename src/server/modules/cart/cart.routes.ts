import { createRoute } from '@hono/zod-openapi';
import { cart, cartItemInput, guestItemsInput, updateQuantityInput } from '@/shared/contracts/cart';
import { idParam } from '@/shared/contracts/common';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import { requireRole, requireSession } from '../../lib/require-role';
import { addCartItem } from './add-cart-item';
import { createCart, getCart } from './get-cart';
import { mergeGuestCart } from './merge-guest-cart';
import { quoteGuestCart } from './quote-guest-cart';
import { clearCart, removeCartItem, updateCartItem } from './update-cart-item';

const tags = ['Cart'];
const cartErrors = errorResponses(400, 401, 403, 404, 409);

const quoteRoute = createRoute({
  method: 'post',
  path: '/quote',
  tags,
  summary: "Price a guest's browser cart with the server's prices and rules",
  request: { body: jsonBody(guestItemsInput) },
  responses: { 200: jsonContent(cart, 'The priced cart'), ...errorResponses(400) },
});
const getCartRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The customer's cart",
  responses: { 200: jsonContent(cart, 'The cart'), ...cartErrors },
});
const createCartRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: "Create the customer's cart (one per customer)",
  responses: { 201: jsonContent(cart, 'The new cart'), ...cartErrors },
});
const addItemRoute = createRoute({
  method: 'post',
  path: '/items',
  tags,
  summary: 'Add an item; adding one already in the cart increases its quantity',
  request: { body: jsonBody(cartItemInput) },
  responses: { 200: jsonContent(cart, 'The cart'), ...cartErrors },
});
const updateItemRoute = createRoute({
  method: 'patch',
  path: '/items/{id}',
  tags,
  summary: "Set a line's quantity (zero or less removes it)",
  request: { params: idParam, body: jsonBody(updateQuantityInput) },
  responses: { 200: jsonContent(cart, 'The cart'), ...cartErrors },
});
const removeItemRoute = createRoute({
  method: 'delete',
  path: '/items/{id}',
  tags,
  summary: 'Remove a line',
  request: { params: idParam },
  responses: { 200: jsonContent(cart, 'The cart'), ...cartErrors },
});
const clearRoute = createRoute({
  method: 'delete',
  path: '/items',
  tags,
  summary: 'Remove every line',
  responses: { 200: jsonContent(cart, 'The empty cart'), ...cartErrors },
});
const mergeRoute = createRoute({
  method: 'post',
  path: '/merge',
  tags,
  summary: "Move a guest's browser cart into the customer's cart",
  request: { body: jsonBody(guestItemsInput) },
  responses: { 200: jsonContent(cart, 'The merged cart'), ...cartErrors },
});

export function createCartRoutes(deps: AppDeps) {
  const db = deps.database.db;
  // Each route names its own guard, so none is public by omission from a list; the use cases check the
  // viewer's role again. Pricing a guest cart needs no account.
  const customerOnly = [requireSession(deps), requireRole('customer')];
  return createRouter()
    .openapi(quoteRoute, async (c) => c.json(await quoteGuestCart({ db, items: c.req.valid('json').items }), 200))
    .openapi({ ...getCartRoute, middleware: customerOnly }, async (c) => c.json(await getCart({ db, viewer: c.var.viewer }), 200))
    .openapi({ ...createCartRoute, middleware: customerOnly }, async (c) => c.json(await createCart({ db, viewer: c.var.viewer }), 201))
    .openapi({ ...addItemRoute, middleware: customerOnly }, async (c) =>
      c.json(await addCartItem({ db, viewer: c.var.viewer, item: c.req.valid('json') }), 200),
    )
    .openapi({ ...updateItemRoute, middleware: customerOnly }, async (c) =>
      c.json(await updateCartItem({ db, viewer: c.var.viewer, lineId: c.req.valid('param').id, quantity: c.req.valid('json').quantity }), 200),
    )
    .openapi({ ...removeItemRoute, middleware: customerOnly }, async (c) =>
      c.json(await removeCartItem({ db, viewer: c.var.viewer, lineId: c.req.valid('param').id }), 200),
    )
    .openapi({ ...clearRoute, middleware: customerOnly }, async (c) => c.json(await clearCart({ db, viewer: c.var.viewer }), 200))
    .openapi({ ...mergeRoute, middleware: customerOnly }, async (c) =>
      c.json(await mergeGuestCart({ db, viewer: c.var.viewer, items: c.req.valid('json').items }), 200),
    );
}
