import { createRoute, z } from '@hono/zod-openapi';
import {
  adminBogoOffer,
  adminBundle,
  adminCategory,
  adminDiscount,
  adminProduct,
  adminProductPage,
  adminProductQuery,
  bogoInput,
  bundleInput,
  categoryInput,
  discountInput,
  productActiveInput,
  productInput,
  shelfInput,
  shelfParams,
  subcategoryInput,
} from '@/shared/contracts/catalog-admin';
import { id, idParam } from '@/shared/contracts/common';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonBody, jsonContent } from '../../lib/openapi-helpers';
import type { ReadCache } from '../../lib/read-cache';
import { requireRole, requireSession } from '../../lib/require-role';
import { getAdminProduct } from './admin/get-admin-product';
import { listAdminBogoOffers } from './admin/list-admin-bogo-offers';
import { listAdminBundles } from './admin/list-admin-bundles';
import { listAdminCategories } from './admin/list-admin-categories';
import { listAdminDiscounts } from './admin/list-admin-discounts';
import { listAdminProducts } from './admin/list-admin-products';
import { saveBogoOffer } from './admin/save-bogo-offer';
import { saveBundle } from './admin/save-bundle';
import { saveCategory } from './admin/save-category';
import { saveDiscount } from './admin/save-discount';
import { saveProduct } from './admin/save-product';
import { saveSubcategory } from './admin/save-subcategory';
import { setProductActive } from './admin/set-product-active';
import { setProductShelf } from './admin/set-product-shelf';

const tags = ['Catalog admin'];
const saved = z.object({ id });
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

const listProductsRoute = createRoute({
  method: 'get',
  path: '/products',
  tags,
  summary: 'Every product, searched by name, brand or SKU, filtered by category, paged',
  request: { query: adminProductQuery },
  responses: { 200: jsonContent(adminProductPage, 'A page of products'), ...readErrors },
});
const getProductRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags,
  summary: 'A product with its shelf at every warehouse',
  request: { params: idParam },
  responses: { 200: jsonContent(adminProduct, 'The product'), ...readErrors },
});
const createProductRoute = createRoute({
  method: 'post',
  path: '/products',
  tags,
  summary: 'Create a product',
  request: { body: jsonBody(productInput) },
  responses: { 201: jsonContent(adminProduct, 'The new product'), ...writeErrors },
});
const updateProductRoute = createRoute({
  method: 'put',
  path: '/products/{id}',
  tags,
  summary: 'Change a product',
  request: { params: idParam, body: jsonBody(productInput) },
  responses: { 200: jsonContent(adminProduct, 'The product'), ...writeErrors },
});
const setShelfRoute = createRoute({
  method: 'put',
  path: '/products/{id}/shelves/{warehouseId}',
  tags,
  summary: "Set a warehouse's price, stock and active flag of a product",
  request: { params: shelfParams, body: jsonBody(shelfInput) },
  responses: { 200: jsonContent(adminProduct, 'The product'), ...writeErrors },
});
const setActiveRoute = createRoute({
  method: 'post',
  path: '/products/{id}/active',
  tags,
  summary: 'Start or stop selling a product at every warehouse that stocks it',
  request: { params: idParam, body: jsonBody(productActiveInput) },
  responses: { 200: jsonContent(adminProduct, 'The product'), ...writeErrors },
});
const listCategoriesRoute = createRoute({
  method: 'get',
  path: '/categories',
  tags,
  summary: 'Every category with its subcategories, in shop order',
  responses: { 200: jsonContent(z.array(adminCategory), 'Categories'), ...readErrors },
});
const createCategoryRoute = createRoute({
  method: 'post',
  path: '/categories',
  tags,
  summary: 'Create a category',
  request: { body: jsonBody(categoryInput) },
  responses: { 201: jsonContent(saved, 'The new category'), ...writeErrors },
});
const updateCategoryRoute = createRoute({
  method: 'put',
  path: '/categories/{id}',
  tags,
  summary: 'Change a category (name, description, position)',
  request: { params: idParam, body: jsonBody(categoryInput) },
  responses: { 200: jsonContent(saved, 'The category'), ...writeErrors },
});
const createSubcategoryRoute = createRoute({
  method: 'post',
  path: '/subcategories',
  tags,
  summary: 'Create a subcategory',
  request: { body: jsonBody(subcategoryInput) },
  responses: { 201: jsonContent(saved, 'The new subcategory'), ...writeErrors },
});
const updateSubcategoryRoute = createRoute({
  method: 'put',
  path: '/subcategories/{id}',
  tags,
  summary: 'Change a subcategory (name, category, position)',
  request: { params: idParam, body: jsonBody(subcategoryInput) },
  responses: { 200: jsonContent(saved, 'The subcategory'), ...writeErrors },
});
const listBundlesRoute = createRoute({
  method: 'get',
  path: '/bundles',
  tags,
  summary: 'Every bundle with its components',
  responses: { 200: jsonContent(z.array(adminBundle), 'Bundles'), ...readErrors },
});
const createBundleRoute = createRoute({
  method: 'post',
  path: '/bundles',
  tags,
  summary: 'Create a bundle of at least two products',
  request: { body: jsonBody(bundleInput) },
  responses: { 201: jsonContent(saved, 'The new bundle'), ...writeErrors },
});
const updateBundleRoute = createRoute({
  method: 'put',
  path: '/bundles/{id}',
  tags,
  summary: 'Change a bundle and its components',
  request: { params: idParam, body: jsonBody(bundleInput) },
  responses: { 200: jsonContent(saved, 'The bundle'), ...writeErrors },
});
const listOffersRoute = createRoute({
  method: 'get',
  path: '/bogo-offers',
  tags,
  summary: 'Every buy-X-get-Y offer',
  responses: { 200: jsonContent(z.array(adminBogoOffer), 'Offers'), ...readErrors },
});
const createOfferRoute = createRoute({
  method: 'post',
  path: '/bogo-offers',
  tags,
  summary: 'Create a buy-X-get-Y offer',
  request: { body: jsonBody(bogoInput) },
  responses: { 201: jsonContent(saved, 'The new offer'), ...writeErrors },
});
const updateOfferRoute = createRoute({
  method: 'put',
  path: '/bogo-offers/{id}',
  tags,
  summary: 'Change a buy-X-get-Y offer',
  request: { params: idParam, body: jsonBody(bogoInput) },
  responses: { 200: jsonContent(saved, 'The offer'), ...writeErrors },
});
const listDiscountsRoute = createRoute({
  method: 'get',
  path: '/discounts',
  tags,
  summary: 'Every quantity discount',
  responses: { 200: jsonContent(z.array(adminDiscount), 'Discounts'), ...readErrors },
});
const createDiscountRoute = createRoute({
  method: 'post',
  path: '/discounts',
  tags,
  summary: 'Create a quantity discount on a product, subcategory or category',
  request: { body: jsonBody(discountInput) },
  responses: { 201: jsonContent(saved, 'The new discount'), ...writeErrors },
});
const updateDiscountRoute = createRoute({
  method: 'put',
  path: '/discounts/{id}',
  tags,
  summary: 'Change a quantity discount',
  request: { params: idParam, body: jsonBody(discountInput) },
  responses: { 200: jsonContent(saved, 'The discount'), ...writeErrors },
});

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The admin's catalog editor. Every write clears this instance's storefront cache, so shoppers here
 * see the change at once; other instances within their cache's lifetime (ADR 021).
 */
export function createCatalogAdminRoutes(deps: AppDeps, storefrontCache: ReadCache) {
  const db = deps.database.db;
  const router = createRouter();
  router.use(requireSession(deps), requireRole('admin'), async (c, next) => {
    await next();
    if (unsafeMethods.has(c.req.method) && c.res.ok) storefrontCache.clear();
  });
  const product = (viewer: Parameters<typeof getAdminProduct>[0]['viewer'], productId: string) => getAdminProduct({ db, viewer, productId });
  return router
    .openapi(listProductsRoute, async (c) => c.json(await listAdminProducts({ db, viewer: c.var.viewer, ...c.req.valid('query') }), 200))
    .openapi(getProductRoute, async (c) => c.json(await product(c.var.viewer, c.req.valid('param').id), 200))
    .openapi(createProductRoute, async (c) => {
      const productId = await saveProduct({ db, viewer: c.var.viewer, input: c.req.valid('json') });
      return c.json(await product(c.var.viewer, productId), 201);
    })
    .openapi(updateProductRoute, async (c) => {
      const productId = await saveProduct({ db, viewer: c.var.viewer, productId: c.req.valid('param').id, input: c.req.valid('json') });
      return c.json(await product(c.var.viewer, productId), 200);
    })
    .openapi(setShelfRoute, async (c) => {
      const { id: productId, warehouseId } = c.req.valid('param');
      await setProductShelf({ db, viewer: c.var.viewer, productId, warehouseId, input: c.req.valid('json') });
      return c.json(await product(c.var.viewer, productId), 200);
    })
    .openapi(setActiveRoute, async (c) => {
      const productId = c.req.valid('param').id;
      await setProductActive({ db, viewer: c.var.viewer, productId, active: c.req.valid('json').active });
      return c.json(await product(c.var.viewer, productId), 200);
    })
    .openapi(listCategoriesRoute, async (c) => c.json(await listAdminCategories({ db, viewer: c.var.viewer }), 200))
    .openapi(createCategoryRoute, async (c) => c.json({ id: await saveCategory({ db, viewer: c.var.viewer, input: c.req.valid('json') }) }, 201))
    .openapi(updateCategoryRoute, async (c) =>
      c.json({ id: await saveCategory({ db, viewer: c.var.viewer, categoryId: c.req.valid('param').id, input: c.req.valid('json') }) }, 200),
    )
    .openapi(createSubcategoryRoute, async (c) => c.json({ id: await saveSubcategory({ db, viewer: c.var.viewer, input: c.req.valid('json') }) }, 201))
    .openapi(updateSubcategoryRoute, async (c) =>
      c.json({ id: await saveSubcategory({ db, viewer: c.var.viewer, subcategoryId: c.req.valid('param').id, input: c.req.valid('json') }) }, 200),
    )
    .openapi(listBundlesRoute, async (c) => c.json(await listAdminBundles({ db, viewer: c.var.viewer }), 200))
    .openapi(createBundleRoute, async (c) => c.json({ id: await saveBundle({ db, viewer: c.var.viewer, input: c.req.valid('json') }) }, 201))
    .openapi(updateBundleRoute, async (c) =>
      c.json({ id: await saveBundle({ db, viewer: c.var.viewer, bundleId: c.req.valid('param').id, input: c.req.valid('json') }) }, 200),
    )
    .openapi(listOffersRoute, async (c) => c.json(await listAdminBogoOffers({ db, viewer: c.var.viewer }), 200))
    .openapi(createOfferRoute, async (c) => c.json({ id: await saveBogoOffer({ db, viewer: c.var.viewer, input: c.req.valid('json') }) }, 201))
    .openapi(updateOfferRoute, async (c) =>
      c.json({ id: await saveBogoOffer({ db, viewer: c.var.viewer, offerId: c.req.valid('param').id, input: c.req.valid('json') }) }, 200),
    )
    .openapi(listDiscountsRoute, async (c) => c.json(await listAdminDiscounts({ db, viewer: c.var.viewer }), 200))
    .openapi(createDiscountRoute, async (c) => c.json({ id: await saveDiscount({ db, viewer: c.var.viewer, input: c.req.valid('json') }) }, 201))
    .openapi(updateDiscountRoute, async (c) =>
      c.json({ id: await saveDiscount({ db, viewer: c.var.viewer, discountId: c.req.valid('param').id, input: c.req.valid('json') }) }, 200),
    );
}
