import { formatCount } from '@/shared/format-count';
import { isId } from '@/shared/contracts/id-format';
import { productSorts, type ProductSort } from '@/shared/contracts/values';
import { paths } from '@/web/config/paths';

export interface ProductFilters {
  category?: string;
  subcategory?: string;
  q?: string;
  sort?: ProductSort;
  page?: number;
}

/** The search params of a product list; empty filters and the defaults stay out of the address. */
export function productSearchParams(filters: ProductFilters = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.q) params.set('q', filters.q);
  if (filters.sort && filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A link into the product list. */
export function productsHref(filters: ProductFilters = {}): string {
  const search = productSearchParams(filters).toString();
  return search ? `${paths.products}?${search}` : paths.products;
}

/** 'Buy 2 get 1', the way an offer reads on a badge. */
export function bogoLabel(offer: { buyQuantity: number; getQuantity: number }): string {
  return `Buy ${offer.buyQuantity} get ${offer.getQuantity}`;
}

/** '5%' or '12.5%'. */
export function formatPercent(percentage: number): string {
  return `${Number(percentage.toFixed(2))}%`;
}

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export const sortLabels: Record<ProductSort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name_asc: 'Name: A–Z',
  name_desc: 'Name: Z–A',
};

function validId(value: string | null): string | undefined {
  return value && isId(value) ? value : undefined;
}

/**
 * The product list's filters as the address states them. Values the server would refuse (a
 * malformed id, an unknown sort, a page below 1) are ignored rather than shown as an error.
 */
export function readProductFilters(params: URLSearchParams): Required<Pick<ProductFilters, 'sort' | 'page'>> & Omit<ProductFilters, 'sort' | 'page'> {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    category: validId(params.get('category')),
    subcategory: validId(params.get('subcategory')),
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    sort: (productSorts as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : 'relevance',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
