import { SlidersHorizontal, Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { productFiltersCopy } from '@/shared/copy';
import type { Category } from '@/shared/contracts/catalog';
import { productSorts, type ProductSort } from '@/shared/contracts/values';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { sortLabels, type ProductFilters } from './catalog-links';
import { NativeSelect } from '@/web/components/ui/native-select';
import { cn } from '@/web/lib/cn';

interface ProductFiltersBarProps {
  filters: ProductFilters;
  categories: Category[] | undefined;
  onChange: (changes: ProductFilters) => void;
}

/** Search, category, subcategory and sort of the product list; each change goes to the address. */
export function ProductFiltersBar({ filters, categories, onChange }: ProductFiltersBarProps) {
  const ids = { search: useId(), category: useId(), subcategory: useId(), sort: useId() };
  // A subcategory link without its category still shows where it belongs.
  const selectedCategory =
    categories?.find((category) => category.id === filters.category) ??
    (filters.subcategory ? categories?.find((category) => category.subcategories.some((sub) => sub.id === filters.subcategory)) : undefined);

  const [filtersShown, setFiltersShown] = useState(false);
  const filtersId = useId();
  const chosen = [selectedCategory, filters.subcategory, filters.sort && filters.sort !== 'relevance'].filter(Boolean).length;

  return (
    <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_13rem_12rem]">
      <SearchForm key={filters.q ?? ''} inputId={ids.search} query={filters.q ?? ''} onSearch={(q) => onChange({ ...filters, q: q || undefined })} />
      {/* On phones the filters fold behind one button, so the first products show without scrolling. */}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start sm:hidden"
        aria-expanded={filtersShown}
        aria-controls={filtersId}
        onClick={() => setFiltersShown((shown) => !shown)}
      >
        <SlidersHorizontal aria-hidden />
        {productFiltersCopy.toggle(chosen)}
      </Button>
      <div id={filtersId} className={cn('grid items-end gap-3 sm:contents', !filtersShown && 'hidden')}>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.category}>{productFiltersCopy.category}</Label>
          <NativeSelect
            id={ids.category}
            value={selectedCategory?.id ?? ''}
            disabled={!categories}
            onChange={(event) => onChange({ ...filters, category: event.target.value || undefined, subcategory: undefined })}
          >
            <option value="">{productFiltersCopy.allCategories}</option>
            {categories?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.subcategory}>{productFiltersCopy.subcategory}</Label>
          <NativeSelect
            id={ids.subcategory}
            value={filters.subcategory ?? ''}
            disabled={!selectedCategory || selectedCategory.subcategories.length === 0}
            onChange={(event) => onChange({ ...filters, category: selectedCategory?.id, subcategory: event.target.value || undefined })}
          >
            <option value="">{productFiltersCopy.allSubcategories}</option>
            {selectedCategory?.subcategories.map((subcategory) => (
              <option key={subcategory.id} value={subcategory.id}>
                {subcategory.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={ids.sort}>{productFiltersCopy.sortBy}</Label>
          <NativeSelect id={ids.sort} value={filters.sort ?? 'relevance'} onChange={(event) => onChange({ ...filters, sort: event.target.value as ProductSort })}>
            {productSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}

/** Uncontrolled while typing; remounted (by key) when the address's query changes, e.g. on back. */
function SearchForm({ inputId, query, onSearch }: { inputId: string; query: string; onSearch: (q: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value.trim() : '');
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
      <Label htmlFor={inputId}>{productFiltersCopy.search}</Label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={inputId}
            name="q"
            type="search"
            defaultValue={query}
            maxLength={100}
            placeholder={productFiltersCopy.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            className="pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        {query ? (
          <Button type="button" variant="ghost" size="icon" aria-label={productFiltersCopy.clearSearch} onClick={() => onSearch('')}>
            <X />
          </Button>
        ) : null}
        <Button type="submit">{productFiltersCopy.submit}</Button>
      </div>
    </form>
  );
}
