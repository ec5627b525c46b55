import { useState } from 'react';

/** A paged list's filters and page: changing a filter goes back to the first page. */
export function useListFilters<F extends Record<string, unknown>>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  function setFilter<K extends keyof F>(key: K, value: F[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }
  return { filters, setFilter, page, setPage };
}
