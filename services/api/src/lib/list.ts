import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TListQuery, TListResponse } from '@insp/contracts';
import { prepareStatement } from '@insp/db';
import { AppError } from '../errors.js';

/**
 * A sort key. A plain expression sorts in PostgreSQL's own null order (ascending: empty last; descending: empty
 * first), which is the order a plain btree index yields forwards or backwards, so a page is read from the index
 * instead of sorting the table. `emptyLast` keeps empty values last in both directions; the list then needs an
 * index with `desc nulls last` for the descending order once the table is large (docs/decisions.md, "Lists").
 */
export type SortKey = Expression<unknown> | { expr: Expression<unknown>; emptyLast: true };

export interface ListSpec<DB, TB extends keyof DB> {
  /** orderKey → expression; only these keys sort (anything else is a 400 naming orderKey). */
  sortable: Record<string, SortKey>;
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /** Unique tie-breaker so pages never overlap or skip rows (usually the table's id). */
  tieBreaker: Expression<unknown>;
  /** Contains-search: return the condition for one (already escaped) ILIKE pattern. */
  search?: (pattern: string) => Expression<SqlBool>;
  /**
   * An exact count that does not read the rows (kept counters), or null when this query is not covered.
   * Called only when the page itself cannot tell the count.
   */
  knownCount?: () => Promise<number | null>;
  /**
   * The page's plan does not depend on its values (a table of thousands, like users): its statement is sent as a
   * prepared statement, planned once per connection instead of on every call (packages/db prepared-statements.ts).
   * Never for the big tables, whose best plan depends on the search term and filters.
   */
  prepared?: boolean;
  /** Counting rows stops after this many; a larger total answers `count: countLimit, countCapped: true`. */
  countLimit?: number;
  /** For the `TB` type parameter only. */
  _table?: TB;
}

export const DEFAULT_COUNT_LIMIT = 10_000;

/** '%term%' with LIKE wildcards in the term taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isKeyObject = (k: SortKey): k is { expr: Expression<unknown>; emptyLast: true } => 'emptyLast' in k;

/** The page's rows query (ordered by the sort key and the tie-breaker, limited) and the filtered query it counts. */
export function pageQuery<DB, TB extends keyof DB, O extends Record<string, unknown>>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: TListQuery,
  spec: ListSpec<DB, TB>,
) {
  const key = query.orderKey ?? spec.defaultSort.key;
  const sortKey = spec.sortable[key];
  if (!sortKey) {
    throw new AppError('BAD_REQUEST', `orderKey: must be one of ${Object.keys(spec.sortable).join(', ')}`, 'orderKey');
  }
  const direction = query.orderDirection ?? (query.orderKey ? 'asc' : spec.defaultSort.direction);
  let filtered = base;
  if (query.search && spec.search) filtered = filtered.where(spec.search(containsPattern(query.search)) as never);
  const expr = isKeyObject(sortKey) ? sortKey.expr : sortKey;
  const emptyLast = isKeyObject(sortKey);
  const rows = filtered
    .orderBy(expr as never, (ob) => (direction === 'desc' ? (emptyLast ? ob.desc().nullsLast() : ob.desc()) : ob.asc()))
    .orderBy(spec.tieBreaker as never, direction)
    .limit(query.amount)
    .offset(query.offset);
  return { filtered, rows };
}

/**
 * One page of a list, sorted and searched in SQL (000 §3 list query → {result, count}). A page never counts or
 * sorts the whole table: rows come in index order with LIMIT; the count comes from `knownCount` (counters) when
 * the query is covered, else from counting at most `countLimit` + 1 matches in the same statement as the rows.
 */
export async function listPage<DB, TB extends keyof DB, O extends Record<string, unknown>>(
  db: Kysely<any>,
  base: SelectQueryBuilder<DB, TB, O>,
  query: TListQuery,
  spec: ListSpec<DB, TB>,
): Promise<TListResponse<O>> {
  const page = pageQuery(base, query, spec);
  const limit = spec.countLimit ?? DEFAULT_COUNT_LIMIT;
  const countedMatches = () =>
    db.selectFrom(page.filtered.clearSelect().clearOrderBy().select(sql`1`.as('one')).limit(limit + 1).as('matches')).select(sql<string>`count(*)`.as('n'));
  const answer = (rows: O[], n: number): TListResponse<O> => (n > limit ? { result: rows, count: limit, countCapped: true } : { result: rows, count: n });
  const countApart = async (rows: O[]) => answer(rows, Number((await countedMatches().executeTakeFirstOrThrow()).n));

  if ((!query.search || !spec.search) && spec.knownCount) {
    const rows = (await page.rows.execute()) as O[];
    // A short page with rows is the last one: the count is known without counting.
    if (rows.length > 0 && rows.length < query.amount) return { result: rows, count: query.offset + rows.length };
    const known = await spec.knownCount();
    if (known !== null) return { result: rows, count: known };
    return countApart(rows);
  }

  // One round trip: each row carries the (capped) count of all matches, an uncorrelated subquery PostgreSQL runs
  // once. A round trip per statement is most of a list's cost under load (issue 18).
  const statement = page.rows.select(() => countedMatches().as(PAGE_COUNT) as never).compile();
  if (spec.prepared) prepareStatement(statement.sql);
  const counted = (await db.executeQuery(statement)).rows as Array<O & { [PAGE_COUNT]: string }>;
  if (counted.length > 0) {
    const n = Number(counted[0]![PAGE_COUNT]);
    return answer(counted.map(({ [PAGE_COUNT]: _, ...row }) => row as unknown as O), n);
  }
  // No row: the first page is empty, so nothing matches; past the end, count apart (the subquery ran on no row).
  if (query.offset === 0) return { result: [], count: 0 };
  return countApart([]);
}

/** The column that carries the count of matches on each row of a page (taken off before rows are answered). */
const PAGE_COUNT = '__page_count';
