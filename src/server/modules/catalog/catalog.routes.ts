import { createRoute, z } from '@hono/zod-openapi';
import { category, deals, productDetail, productList, productListQuery, warehouseQuery } from '@/shared/contracts/catalog';
import { idParam } from '@/shared/contracts/common';
import type { AppDeps } from '../../lib/context';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { getProduct } from './get-product';
import { listCategories } from './list-categories';
import { listDeals } from './list-deals';
import { listProducts } from './list-products';

const listProductsRoute = createRoute({
  method: 'get',
  path: '/products',
  tags: ['Catalog'],
  summary: 'Products a warehouse sells: filter, search (typo-tolerant), sort, paginate',
  request: { query: productListQuery },
  responses: { 200: jsonContent(productList, 'A page of products'), ...errorResponses(400, 404) },
});

const getProductRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags: ['Catalog'],
  summary: 'A product as a warehouse sells it, with discount tiers, offer and related products',
  request: { params: idParam, query: warehouseQuery },
  responses: { 200: jsonContent(productDetail, 'The product'), ...errorResponses(400, 404) },
});

const listCategoriesRoute = createRoute({
  method: 'get',
  path: '/categories',
  tags: ['Catalog'],
  summary: 'Categories with subcategories and product counts',
  request: { query: warehouseQuery },
  responses: { 200: jsonContent(z.array(category), 'Categories'), ...errorResponses(400, 404) },
});

const listDealsRoute = createRoute({
  method: 'get',
  path: '/deals',
  tags: ['Catalog'],
  summary: 'Bundles and buy-X-get-Y offers of a warehouse',
  request: { query: warehouseQuery },
  responses: { 200: jsonContent(deals, 'Deals'), ...errorResponses(400, 404) },
});

export function createCatalogRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return createRouter()
    .openapi(listProductsRoute, async (c) => c.json(await listProducts({ db, ...c.req.valid('query') }), 200))
    .openapi(getProductRoute, async (c) =>
      c.json(await getProduct({ db, productId: c.req.valid('param').id, warehouseId: c.req.valid('query').warehouseId }), 200),
    )
    .openapi(listCategoriesRoute, async (c) => c.json(await listCategories({ db, ...c.req.valid('query') }), 200))
    .openapi(listDealsRoute, async (c) => c.json(await listDeals({ db, ...c.req.valid('query') }), 200));
}
