import { RangePagination } from './RangePagination';
import { LIST_PER_PAGE, SEARCH_DEBOUNCE_MS } from './listDefaults';

/**
 * What every list shares (000 §2.1, §9; 002 §9): 50 rows a page, search debounced by 200 ms (react-admin
 * starts a new search at the first page), the '1 ... 50' range selector, no CSV export, and no list state
 * remembered across visits. Spread first, then the list's own resource, sort and filters.
 */
export const listProps = {
  perPage: LIST_PER_PAGE,
  debounce: SEARCH_DEBOUNCE_MS,
  pagination: <RangePagination />,
  exporter: false,
  storeKey: false,
} as const;
