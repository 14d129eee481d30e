/** Shared list behaviour (000 §9, 002 §9): 50 rows a page, search debounced by 200 ms (a new search starts at the first page). */
export const LIST_PER_PAGE = 50;
export const SEARCH_DEBOUNCE_MS = 200;
