import { useState } from 'react';

/**
 * A server-paged list's filters, sort and page, where a new filter or sort goes back to the first page: the Due
 * view's and the Actions screen's state.
 */
export function useListState<F, S>(initialFilters: F, initialSort: S) {
  const [filters, setFilters] = useState<F>(initialFilters);
  const [sort, setSortState] = useState<S>(initialSort);
  const [page, setPage] = useState(0);
  return {
    filters,
    changeFilters: (patch: Partial<F>) => {
      setFilters((f) => ({ ...f, ...patch }));
      setPage(0);
    },
    sort,
    setSort: (s: S) => {
      setSortState(s);
      setPage(0);
    },
    page,
    setPage,
  };
}
