import { createRoute, z } from '@hono/zod-openapi';
import { category, deals, productDetail, productList, productListQuery, warehouseQuery } from '@/shared/contracts/catalog';
import { idParam } from '@/shared/contracts/common';
import type { AppDeps } from '../../lib/context';
import { createReadCache } from '../../lib/read-cache';
import { createRouter } from '../../lib/openapi';
import { errorResponses, jsonContent } from '../../lib/openapi-helpers';
import { createCatalogAdminRoutes } from './catalog-admin.routes';
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
  // Every visitor of a warehouse sees the same catalog pages: they are shared for a few seconds.
  const cache = createReadCache({ ttlMs: deps.env.CATALOG_CACHE_SECONDS * 1000 });
  const cached = <T>(name: string, input: object, load: () => Promise<T>) => cache.get(`${name}:${JSON.stringify(input)}`, load);
  // The same for everyone, so not personal: browsers may keep them as long as the server shares them.
  // Set once the page is loaded: an error must not be kept.
  const sharedFor = `public, max-age=${deps.env.CATALOG_CACHE_SECONDS}`;
  return createRouter()
    .openapi(listProductsRoute, async (c) => {
      const query = c.req.valid('query');
      const body = await cached('products', query, () => listProducts({ db, ...query }));
      c.header('cache-control', sharedFor);
      return c.json(body, 200);
    })
    .openapi(getProductRoute, async (c) => {
      const input = { productId: c.req.valid('param').id, warehouseId: c.req.valid('query').warehouseId };
      const body = await cached('product', input, () => getProduct({ db, ...input }));
      c.header('cache-control', sharedFor);
      return c.json(body, 200);
    })
    .openapi(listCategoriesRoute, async (c) => {
      const query = c.req.valid('query');
      const body = await cached('categories', query, () => listCategories({ db, ...query }));
      c.header('cache-control', sharedFor);
      return c.json(body, 200);
    })
    .openapi(listDealsRoute, async (c) => {
      const query = c.req.valid('query');
      const body = await cached('deals', query, () => listDeals({ db, ...query }));
      c.header('cache-control', sharedFor);
      return c.json(body, 200);
    })
    .route('/admin/catalog', createCatalogAdminRoutes(deps, cache));
}
