import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { AdminProductQuery, BogoInput, BundleInput, CategoryInput, DiscountInput, ProductInput, ShelfInput, SubcategoryInput } from '@/shared/contracts/catalog-admin';
import { catalogAdminCopy } from '@/shared/staff-copy';
import { api, ApiError, unwrap } from '@/web/lib/api-client';

const catalog = api.admin.catalog;
const copy = catalogAdminCopy;

export const catalogAdminKeys = {
  all: ['admin', 'catalog'] as const,
  products: () => [...catalogAdminKeys.all, 'products'] as const,
  productPage: (query: AdminProductQuery) => [...catalogAdminKeys.products(), 'page', query] as const,
  product: (id: string) => [...catalogAdminKeys.products(), 'one', id] as const,
  categories: () => [...catalogAdminKeys.all, 'categories'] as const,
  bundles: () => [...catalogAdminKeys.all, 'bundles'] as const,
  offers: () => [...catalogAdminKeys.all, 'offers'] as const,
  discounts: () => [...catalogAdminKeys.all, 'discounts'] as const,
};

/** Only the filters that are set, as the query string wants them. */
function asQuery(query: AdminProductQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

export function adminProductsQuery(query: AdminProductQuery) {
  return queryOptions({
    queryKey: catalogAdminKeys.productPage(query),
    queryFn: () => unwrap(catalog.products.$get({ query: asQuery(query) })),
    placeholderData: keepPreviousData,
  });
}

export function adminProductQuery(id: string) {
  return queryOptions({ queryKey: catalogAdminKeys.product(id), queryFn: () => unwrap(catalog.products[':id'].$get({ param: { id } })) });
}

export const adminCategoriesQuery = queryOptions({ queryKey: catalogAdminKeys.categories(), queryFn: () => unwrap(catalog.categories.$get()) });
export const adminBundlesQuery = queryOptions({ queryKey: catalogAdminKeys.bundles(), queryFn: () => unwrap(catalog.bundles.$get()) });
export const adminOffersQuery = queryOptions({ queryKey: catalogAdminKeys.offers(), queryFn: () => unwrap(catalog['bogo-offers'].$get()) });
export const adminDiscountsQuery = queryOptions({ queryKey: catalogAdminKeys.discounts(), queryFn: () => unwrap(catalog.discounts.$get()) });

/** Field errors are shown at the fields; anything else as a toast. */
function toastUnlessFieldError(error: Error) {
  if (error instanceof ApiError && error.fields) return;
  toast.error(error.message || copy.toasts.failed);
}

/** A catalog write: on success everything the catalog editor shows is read again, and the admin is told. */
function useCatalogMutation<Input, Result>(write: (input: Input) => Promise<Result>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      toast.success(success);
      await queryClient.invalidateQueries({ queryKey: catalogAdminKeys.all });
    },
    onError: toastUnlessFieldError,
  });
}

export const useSaveProduct = () =>
  useCatalogMutation(
    ({ id, input }: { id?: string; input: ProductInput }) =>
      id ? unwrap(catalog.products[':id'].$put({ param: { id }, json: input })) : unwrap(catalog.products.$post({ json: input })),
    copy.toasts.productSaved,
  );

export const useSetShelf = () =>
  useCatalogMutation(
    ({ id, warehouseId, input }: { id: string; warehouseId: string; input: ShelfInput }) =>
      unwrap(catalog.products[':id'].shelves[':warehouseId'].$put({ param: { id, warehouseId }, json: input })),
    copy.toasts.shelfSaved,
  );

export const useSetProductActive = () =>
  useCatalogMutation(
    ({ id, active }: { id: string; active: boolean }) => unwrap(catalog.products[':id'].active.$post({ param: { id }, json: { active } })),
    copy.toasts.activeSaved,
  );

export const useSaveCategory = () =>
  useCatalogMutation(
    ({ id, input }: { id?: string; input: CategoryInput }) =>
      id ? unwrap(catalog.categories[':id'].$put({ param: { id }, json: input })) : unwrap(catalog.categories.$post({ json: input })),
    copy.toasts.categorySaved,
  );

export const useSaveSubcategory = () =>
  useCatalogMutation(
    ({ id, input }: { id?: string; input: SubcategoryInput }) =>
      id ? unwrap(catalog.subcategories[':id'].$put({ param: { id }, json: input })) : unwrap(catalog.subcategories.$post({ json: input })),
    copy.toasts.categorySaved,
  );

export const useSaveBundle = () =>
  useCatalogMutation(
    ({ id, input }: { id?: string; input: BundleInput }) =>
      id ? unwrap(catalog.bundles[':id'].$put({ param: { id }, json: input })) : unwrap(catalog.bundles.$post({ json: input })),
    copy.toasts.bundleSaved,
  );

export const useSaveOffer = () =>
  useCatalogMutation(
    ({ id, input }: { id?: string; input: BogoInput }) =>
      id ? unwrap(catalog['bogo-offers'][':id'].$put({ param: { id }, json: input })) : unwrap(catalog['bogo-offers'].$post({ json: input })),
    copy.toasts.offerSaved,
  );

export const useSaveDiscount = () =>
  useCatalogMutation(
    ({ id, input }: { id?: string; input: DiscountInput }) =>
      id ? unwrap(catalog.discounts[':id'].$put({ param: { id }, json: input })) : unwrap(catalog.discounts.$post({ json: input })),
    copy.toasts.discountSaved,
  );

/** Uploads one image; the server tells what it is by its bytes and refuses anything else. */
export function uploadImage(file: File) {
  return unwrap(api.uploads.images.$post({ form: { file } }));
}
