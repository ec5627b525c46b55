import {
  adminProductQuery,
  bogoInput,
  bundleInput,
  categoryInput,
  discountInput,
  productActiveInput,
  productInput,
  shelfInput,
  subcategoryInput,
  type AdminBogoOffer,
  type AdminBundle,
  type AdminCategory,
  type AdminDiscount,
  type AdminProduct,
} from '@/shared/contracts/catalog-admin';
import { uploadRefusals } from '@/shared/copy';
import { catalogAdminCopy } from '@/shared/staff-copy';
import { json, parse, Refusal, type FakeApi } from './fake-api';

const refusals = catalogAdminCopy.refusals;

/** The admin catalog as the fake holds it, for a test to look at what the app saved. */
export interface CatalogAdminState {
  products: AdminProduct[];
  categories: AdminCategory[];
  bundles: AdminBundle[];
  offers: AdminBogoOffer[];
  discounts: AdminDiscount[];
  /** Names of the files uploaded, in order. */
  uploads: string[];
}

const installed = new WeakMap<FakeApi, CatalogAdminState>();

export function catalogAdminState(api: FakeApi): CatalogAdminState {
  const state = installed.get(api);
  if (!state) throw new Error('installCatalogAdminFakes was not called for this fake API');
  return state;
}

/** As the server keeps them: photos only in `images`, the drawn picture standing in when there is none. */
const drawn = /^\/api\/media\/products\//;
const photosOf = (images: readonly string[]) => images.filter((url) => !drawn.test(url));
const pictureOf = (sku: string, images: readonly string[]) => photosOf(images)[0] ?? `/api/media/products/${encodeURIComponent(sku)}.svg`;

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * /api/admin/catalog/* and image uploads over a copy of the fake's catalog: admins only, inputs
 * checked with the contracts' schemas, SKUs unique, as the server does.
 */
export function installCatalogAdminFakes(api: FakeApi): CatalogAdminState {
  const warehouses = () => api.data.warehouses.filter((warehouse) => warehouse.active);
  const productIds = [...new Set(api.data.products.map((product) => product.id))];
  const state: CatalogAdminState = {
    products: productIds.map((id) => {
      const entries = api.data.products.filter((product) => product.id === id);
      const first = entries[0]!;
      return {
        id,
        name: first.name,
        sku: first.sku,
        brand: first.brand,
        unit: first.unit,
        shortDescription: first.shortDescription,
        description: first.description,
        categoryId: first.categoryId,
        subcategoryId: first.subcategoryId,
        images: photosOf(first.images),
        picture: pictureOf(first.sku, first.images),
        shelves: warehouses().map((warehouse) => {
          const entry = entries.find((candidate) => candidate.warehouseId === warehouse.id);
          return { warehouseId: warehouse.id, warehouseName: warehouse.name, price: entry?.price ?? null, stockQuantity: entry?.stockQuantity ?? 0, active: Boolean(entry) };
        }),
      };
    }),
    categories: api.data.categories.map((category, index) => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description,
      sortOrder: index,
      productCount: category.productCount,
      subcategories: category.subcategories.map((sub, subIndex) => ({ ...sub, categoryId: category.id, sortOrder: subIndex })),
    })),
    bundles: [],
    offers: [],
    discounts: [],
    uploads: [],
  };
  installed.set(api, state);

  const admin = () => {
    const viewer = api.viewerOrRefuse();
    if (viewer.profile.role !== 'admin') throw new Refusal(403, 'FORBIDDEN', 'You do not have access to this.');
  };
  const productOf = (id: string) => {
    const product = state.products.find((candidate) => candidate.id === id);
    if (!product) throw new Refusal(404, 'NOT_FOUND', refusals.productNotFound);
    return product;
  };
  const nameOf = (id: string) => state.products.find((product) => product.id === id)?.name ?? 'Unknown';
  let nextId = 1;
  const newId = () => `00000000-0000-4000-8000-${String(900_000_000 + nextId++).padStart(12, '0')}`;

  api.define('GET /api/admin/catalog/products', ({ query }) => {
    admin();
    const filters = parse(adminProductQuery, Object.fromEntries(query));
    const needle = filters.q?.toLowerCase();
    const rows = state.products
      .filter((product) => !filters.categoryId || product.categoryId === filters.categoryId)
      .filter((product) => !needle || [product.name, product.sku, product.brand].some((value) => value.toLowerCase().includes(needle)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((product) => ({
        id: product.id,
        name: product.name,
        sku: product.sku,
        brand: product.brand,
        categoryName: state.categories.find((category) => category.id === product.categoryId)?.name ?? '',
        image: product.picture,
        warehouses: product.shelves.filter((shelf) => shelf.price !== null).length,
        activeWarehouses: product.shelves.filter((shelf) => shelf.price !== null && shelf.active).length,
      }));
    const start = (filters.page - 1) * filters.pageSize;
    return { products: rows.slice(start, start + filters.pageSize), total: rows.length, page: filters.page, pageSize: filters.pageSize };
  });
  api.define('GET /api/admin/catalog/products/:id', ({ params }) => {
    admin();
    return productOf(params.id!);
  });
  const saveProduct = (id: string | undefined, body: unknown) => {
    admin();
    const input = parse(productInput, body);
    if (state.products.some((product) => product.sku === input.sku && product.id !== id)) throw new Refusal(400, 'VALIDATION_FAILED', 'Some fields need attention.', { sku: refusals.skuTaken });
    const fields = { ...input, subcategoryId: input.subcategoryId, images: photosOf(input.images), picture: pictureOf(input.sku, input.images) };
    if (id) {
      const product = productOf(id);
      Object.assign(product, fields);
      return product;
    }
    const product: AdminProduct = {
      id: newId(),
      ...fields,
      shelves: warehouses().map((warehouse) => ({ warehouseId: warehouse.id, warehouseName: warehouse.name, price: null, stockQuantity: 0, active: false })),
    };
    state.products.push(product);
    return json(product, 201);
  };
  api.define('POST /api/admin/catalog/products', ({ body }) => saveProduct(undefined, body));
  api.define('PUT /api/admin/catalog/products/:id', ({ params, body }) => saveProduct(params.id, body));
  api.define('PUT /api/admin/catalog/products/:id/shelves/:warehouseId', ({ params, body }) => {
    admin();
    const input = parse(shelfInput, body);
    const product = productOf(params.id!);
    const shelf = product.shelves.find((candidate) => candidate.warehouseId === params.warehouseId);
    if (!shelf) throw new Refusal(404, 'NOT_FOUND', refusals.warehouseNotFound);
    Object.assign(shelf, input);
    return product;
  });
  api.define('POST /api/admin/catalog/products/:id/active', ({ params, body }) => {
    admin();
    const { active } = parse(productActiveInput, body);
    const product = productOf(params.id!);
    for (const shelf of product.shelves) if (shelf.price !== null) shelf.active = active;
    return product;
  });

  api.define('GET /api/admin/catalog/categories', () => {
    admin();
    return [...state.categories].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  });
  const saveCategory = (id: string | undefined, body: unknown) => {
    admin();
    const input = parse(categoryInput, body);
    if (state.categories.some((category) => category.name === input.name && category.id !== id)) throw new Refusal(400, 'VALIDATION_FAILED', 'Some fields need attention.', { name: refusals.nameTaken });
    if (id) {
      const category = state.categories.find((candidate) => candidate.id === id);
      if (!category) throw new Refusal(404, 'NOT_FOUND', refusals.categoryNotFound);
      Object.assign(category, input);
      return { id };
    }
    const category: AdminCategory = { id: newId(), slug: slugOf(input.name), productCount: 0, subcategories: [], ...input };
    state.categories.push(category);
    return json({ id: category.id }, 201);
  };
  api.define('POST /api/admin/catalog/categories', ({ body }) => saveCategory(undefined, body));
  api.define('PUT /api/admin/catalog/categories/:id', ({ params, body }) => saveCategory(params.id, body));
  const saveSubcategory = (id: string | undefined, body: unknown) => {
    admin();
    const input = parse(subcategoryInput, body);
    const category = state.categories.find((candidate) => candidate.id === input.categoryId);
    if (!category) throw new Refusal(400, 'VALIDATION_FAILED', 'Some fields need attention.', { categoryId: refusals.categoryNotFound });
    for (const other of state.categories) other.subcategories = other.subcategories.filter((sub) => sub.id !== id);
    const subcategory = { id: id ?? newId(), slug: `${category.slug}-${slugOf(input.name)}`, ...input };
    category.subcategories.push(subcategory);
    category.subcategories.sort((a, b) => a.sortOrder - b.sortOrder);
    return id ? { id } : json({ id: subcategory.id }, 201);
  };
  api.define('POST /api/admin/catalog/subcategories', ({ body }) => saveSubcategory(undefined, body));
  api.define('PUT /api/admin/catalog/subcategories/:id', ({ params, body }) => saveSubcategory(params.id, body));

  api.define('GET /api/admin/catalog/bundles', () => (admin(), state.bundles));
  const saveBundle = (id: string | undefined, body: unknown) => {
    admin();
    const input = parse(bundleInput, body);
    const bundle: AdminBundle = { id: id ?? newId(), ...input, items: input.items.map((item) => ({ ...item, name: nameOf(item.productId), sku: productOf(item.productId).sku })) };
    state.bundles = [...state.bundles.filter((candidate) => candidate.id !== bundle.id), bundle];
    return id ? { id } : json({ id: bundle.id }, 201);
  };
  api.define('POST /api/admin/catalog/bundles', ({ body }) => saveBundle(undefined, body));
  api.define('PUT /api/admin/catalog/bundles/:id', ({ params, body }) => saveBundle(params.id, body));

  api.define('GET /api/admin/catalog/bogo-offers', () => (admin(), state.offers));
  const saveOffer = (id: string | undefined, body: unknown) => {
    admin();
    const input = parse(bogoInput, body);
    const offer: AdminBogoOffer = { id: id ?? newId(), ...input, productName: productOf(input.productId).name };
    state.offers = [...state.offers.filter((candidate) => candidate.id !== offer.id), offer];
    return id ? { id } : json({ id: offer.id }, 201);
  };
  api.define('POST /api/admin/catalog/bogo-offers', ({ body }) => saveOffer(undefined, body));
  api.define('PUT /api/admin/catalog/bogo-offers/:id', ({ params, body }) => saveOffer(params.id, body));

  api.define('GET /api/admin/catalog/discounts', () => (admin(), state.discounts));
  const saveDiscount = (id: string | undefined, body: unknown) => {
    admin();
    const input = parse(discountInput, body);
    const targetName =
      input.scope === 'all'
        ? null
        : input.scope === 'product'
        ? state.products.find((product) => product.id === input.targetId)?.name
        : input.scope === 'category'
          ? state.categories.find((category) => category.id === input.targetId)?.name
          : state.categories.flatMap((category) => category.subcategories).find((sub) => sub.id === input.targetId)?.name;
    if (input.scope !== 'all' && !targetName) throw new Refusal(400, 'VALIDATION_FAILED', 'Some fields need attention.', { targetId: refusals.targetUnknown });
    const discount: AdminDiscount = { id: id ?? newId(), ...input, targetName: targetName ?? null };
    state.discounts = [...state.discounts.filter((candidate) => candidate.id !== discount.id), discount];
    return id ? { id } : json({ id: discount.id }, 201);
  };
  api.define('POST /api/admin/catalog/discounts', ({ body }) => saveDiscount(undefined, body));
  api.define('PUT /api/admin/catalog/discounts/:id', ({ params, body }) => saveDiscount(params.id, body));

  // Uploads tell an image by its name's extension here; the server reads its bytes.
  api.define('POST /api/uploads/images', ({ body }) => {
    const viewer = api.viewerOrRefuse();
    if (!['admin', 'manager', 'cloud_kitchen'].includes(viewer.profile.role)) throw new Refusal(403, 'FORBIDDEN', 'You do not have access to this.');
    const file = body instanceof FormData ? body.get('file') : null;
    if (!(file instanceof Blob) || file.size === 0) throw new Refusal(400, 'VALIDATION_FAILED', uploadRefusals.missing, { file: uploadRefusals.missing });
    const name = (file as File).name ?? '';
    const extension = /\.(png|jpe?g|webp)$/i.exec(name)?.[1]?.toLowerCase();
    if (!extension) throw new Refusal(400, 'VALIDATION_FAILED', uploadRefusals.notAnImage, { file: uploadRefusals.notAnImage });
    state.uploads.push(name);
    return json({ url: `/api/uploads/${newId()}.${extension === 'jpeg' ? 'jpg' : extension}`, contentType: `image/${extension === 'jpg' ? 'jpeg' : extension}`, bytes: file.size }, 201);
  });

  return state;
}
