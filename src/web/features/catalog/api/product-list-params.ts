import type { ProductListQuery } from '@/shared/contracts/catalog';
import type { ProductFilters } from '@/web/features/catalog/components/catalog-links';

/** Products per page of /products. */
export const PRODUCTS_PAGE_SIZE = 24;

export type ProductListParams = Omit<ProductListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

/** The read behind /products for the filters its address states, from the browsing warehouse. */
export function productListParams(filters: ProductFilters, warehouseId: string | undefined): ProductListParams {
  return {
    warehouseId,
    categoryId: filters.category,
    subcategoryId: filters.subcategory,
    q: filters.q,
    sort: filters.sort,
    page: filters.page,
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}

/** A read's query string values: empty ones are left out, as the server reads a missing value as its default. */
export function searchValues(params: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The address of a product list read, as the app loader asks for it before the app has arrived (ADR 061). */
export function productListPath(params: ProductListParams): string {
  return `/api/products?${new URLSearchParams(searchValues(params)).toString()}`;
}
