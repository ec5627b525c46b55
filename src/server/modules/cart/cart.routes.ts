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
  const router = createRouter();
  // Pricing a guest cart needs no account; everything else is the customer's own cart.
  // ('/items/*' covers '/items' too: listing both would read the session twice.)
  const customerOnly = [requireSession(deps), requireRole('customer')] as const;
  for (const path of ['/', '/items/*', '/merge']) router.use(path, ...customerOnly);
  return router
    .openapi(quoteRoute, async (c) => c.json(await quoteGuestCart({ db, items: c.req.valid('json').items }), 200))
    .openapi(getCartRoute, async (c) => c.json(await getCart({ db, profileId: c.var.viewer.profileId }), 200))
    .openapi(createCartRoute, async (c) => c.json(await createCart({ db, profileId: c.var.viewer.profileId }), 201))
    .openapi(addItemRoute, async (c) => c.json(await addCartItem({ db, profileId: c.var.viewer.profileId, item: c.req.valid('json') }), 200))
    .openapi(updateItemRoute, async (c) =>
      c.json(
        await updateCartItem({ db, profileId: c.var.viewer.profileId, lineId: c.req.valid('param').id, quantity: c.req.valid('json').quantity }),
        200,
      ),
    )
    .openapi(removeItemRoute, async (c) =>
      c.json(await removeCartItem({ db, profileId: c.var.viewer.profileId, lineId: c.req.valid('param').id }), 200),
    )
    .openapi(clearRoute, async (c) => c.json(await clearCart({ db, profileId: c.var.viewer.profileId }), 200))
    .openapi(mergeRoute, async (c) =>
      c.json(await mergeGuestCart({ db, profileId: c.var.viewer.profileId, items: c.req.valid('json').items }), 200),
    );
}
