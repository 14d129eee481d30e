import { sql, type AliasableExpression, type CompiledQuery, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TListQuery, TListResponse } from '@insp/contracts';
import { executePrepared, prepareStatement, statementTemplate } from '@insp/db';
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
  /** Counting rows stops after this many; a larger total answers `count: countLimit, countCapped: true`. */
  countLimit?: number;
  /**
   * For a big table whose search the planner cannot size: a search counts its matches first, up to this many
   * (then also the count's cap). No more than that, and the page is sorted from the matches themselves; more,
   * and it is read in sort-key order as usual. The planner's estimate for a contains-pattern can be 1,400 rows
   * where 200 (or none) match; it then walks the sort key's index for 50 matches and reads every row of a
   * million (seconds), where sorting the few matches found through the search index takes milliseconds.
   */
  sortFewMatches?: number;
  /** For the `TB` type parameter only. */
  _table?: TB;
}

export const DEFAULT_COUNT_LIMIT = 10_000;

/** '%term%' with LIKE wildcards in the term taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isKeyObject = (k: SortKey): k is { expr: Expression<unknown>; emptyLast: true } => 'emptyLast' in k;

/**
 * A list's base query as a template, for a table whose plans do not depend on the values (thousands of rows,
 * like users; never the big tables, whose best plan depends on the search term and filters). Its page statement
 * is built and compiled once per shape and sort (packages/db statement-templates.ts) and sent as a prepared
 * statement, planned once per connection (prepared-statements.ts): under load, building the query on every
 * request cost a quarter of the API's CPU for a 50-row list (issue 18).
 */
export interface ListTemplate<DB, TB extends keyof DB, O> {
  /** Unique among lists, naming every choice the SQL text depends on apart from `values` ('externalUsers:company'). */
  shape: string;
  /** The values the base query takes, as parameters: the build gets stand-ins and must only use them as values. */
  values: Record<string, unknown>;
  build: (values: Record<string, never>) => SelectQueryBuilder<DB, TB, O>;
  /**
   * The exact number of the base query's rows, read from counts a trigger keeps (a scalar subquery, given the same
   * stand-ins as `build`): a page without a search carries it instead of counting the rows (issue 18). It must
   * count exactly what `build` selects.
   */
  keptCount?: (values: Record<string, never>) => AliasableExpression<unknown>;
}

interface PageSelection {
  key: string;
  direction: 'asc' | 'desc';
  /** The ILIKE pattern (or a template's stand-in for it); absent when not searching. */
  pattern?: unknown;
  amount: unknown;
  offset: unknown;
}

function selection<DB, TB extends keyof DB>(query: TListQuery, spec: ListSpec<DB, TB>): PageSelection {
  const key = query.orderKey ?? spec.defaultSort.key;
  if (!spec.sortable[key]) {
    throw new AppError('BAD_REQUEST', `orderKey: must be one of ${Object.keys(spec.sortable).join(', ')}`, 'orderKey');
  }
  const direction = query.orderDirection ?? (query.orderKey ? 'asc' : spec.defaultSort.direction);
  const pattern = query.search && spec.search ? containsPattern(query.search) : undefined;
  return { key, direction, pattern, amount: query.amount, offset: query.offset };
}

/** The page's rows query (ordered by the sort key and the tie-breaker, limited) and the filtered query it counts. */
export function pageQuery<DB, TB extends keyof DB, O extends Record<string, unknown>>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: TListQuery,
  spec: ListSpec<DB, TB>,
) {
  return pageOf(base, selection(query, spec), spec);
}

function pageOf<DB, TB extends keyof DB, O extends Record<string, unknown>>(base: SelectQueryBuilder<DB, TB, O>, sel: PageSelection, spec: ListSpec<DB, TB>) {
  const sortKey = spec.sortable[sel.key]!;
  const filtered = sel.pattern !== undefined && spec.search ? base.where(spec.search(sel.pattern as string) as never) : base;
  const expr = isKeyObject(sortKey) ? sortKey.expr : sortKey;
  const emptyLast = isKeyObject(sortKey);
  const rows = filtered
    .orderBy(expr as never, (ob) => (sel.direction === 'desc' ? (emptyLast ? ob.desc().nullsLast() : ob.desc()) : ob.asc()))
    .orderBy(spec.tieBreaker as never, sel.direction)
    .limit(sel.amount as number)
    .offset(sel.offset as number);
  return { filtered, rows };
}

/** At most `limit` + 1 matches of the filtered query, counted. */
const countedMatches = <DB, TB extends keyof DB, O>(db: Kysely<any>, filtered: SelectQueryBuilder<DB, TB, O>, limit: number) =>
  db.selectFrom(filtered.clearSelect().clearOrderBy().select(sql`1`.as('one')).limit(limit + 1).as('matches')).select(sql<string>`count(*)`.as('n'));

/**
 * The page's rows, each carrying the (capped) count of all matches: an uncorrelated subquery PostgreSQL runs
 * once. One round trip: a round trip per statement is most of a list's cost under load (issue 18). `kept`, a count
 * a trigger keeps, takes the place of counting.
 */
function countedPageStatement<DB, TB extends keyof DB, O extends Record<string, unknown>>(
  db: Kysely<any>,
  base: SelectQueryBuilder<DB, TB, O>,
  sel: PageSelection,
  spec: ListSpec<DB, TB>,
  limit: number,
  kept?: AliasableExpression<unknown>,
): CompiledQuery {
  const page = pageOf(base, sel, spec);
  const count = kept ?? countedMatches(db, page.filtered, limit);
  return page.rows.select(() => count.as(PAGE_COUNT) as never).compile();
}

// Compiled page statements of list templates by shape, sort, search and count limit. The SQL text does not depend
// on the database handle (every handle compiles PostgreSQL). Bounded like the prepared statements they become.
const pageTemplates = new Map<string, (values: Record<string, unknown>) => CompiledQuery>();
const MAX_PAGE_TEMPLATES = 500;

function templatedPageStatement<DB, TB extends keyof DB, O extends Record<string, unknown>>(
  db: Kysely<any>,
  template: ListTemplate<DB, TB, O>,
  sel: PageSelection,
  spec: ListSpec<DB, TB>,
  limit: number,
): CompiledQuery {
  const searching = sel.pattern !== undefined;
  const cacheKey = `${template.shape}|${sel.key}|${sel.direction}|${searching ? 'search' : ''}|${limit}`;
  let make = pageTemplates.get(cacheKey);
  const built = !make;
  if (!make) {
    const names = [...Object.keys(template.values), 'amount', 'offset', ...(searching ? ['pattern'] : [])];
    make = statementTemplate(names, (v) =>
      countedPageStatement(
        db,
        template.build(v),
        { ...sel, pattern: searching ? v.pattern : undefined, amount: v.amount, offset: v.offset },
        spec,
        limit,
        searching ? undefined : template.keptCount?.(v),
      ),
    );
    if (pageTemplates.size < MAX_PAGE_TEMPLATES) pageTemplates.set(cacheKey, make);
  }
  const statement = make({ ...template.values, amount: sel.amount, offset: sel.offset, pattern: sel.pattern });
  // registered once, when built: the text is the same for every call of the template
  if (built) prepareStatement(statement.sql);
  return statement;
}

const isTemplate = <DB, TB extends keyof DB, O>(b: SelectQueryBuilder<DB, TB, O> | ListTemplate<DB, TB, O>): b is ListTemplate<DB, TB, O> =>
  'shape' in b && 'build' in b;

/**
 * One page of a list, sorted and searched in SQL (000 §3 list query → {result, count}). A page never counts or
 * sorts the whole table: rows come in index order with LIMIT; the count comes from `knownCount` (counters) when
 * the query is covered, else from counting at most `countLimit` + 1 matches in the same statement as the rows.
 * `base` is the list's query, or a template of it (ListTemplate) for a small table.
 */
export async function listPage<DB, TB extends keyof DB, O extends Record<string, unknown>, R = O>(
  db: Kysely<any>,
  base: SelectQueryBuilder<DB, TB, O> | ListTemplate<DB, TB, O>,
  query: TListQuery,
  spec: ListSpec<DB, TB>,
  /**
   * The answer's item made from a row, read by field: it is given the driver's row as it comes (which may carry
   * this module's helper columns), so rows are copied once, not once here and again by the caller (issue 18).
   */
  map?: (row: O) => R,
): Promise<TListResponse<R>> {
  const sel = selection(query, spec);
  const limit = spec.countLimit ?? DEFAULT_COUNT_LIMIT;
  const baseQuery = () => (isTemplate(base) ? base.build(base.values as Record<string, never>) : base);
  const mapped = (rows: O[]): R[] => (map ? rows.map(map) : (rows as unknown as R[]));
  const answer = (rows: O[], n: number): TListResponse<R> =>
    n > limit ? { result: mapped(rows), count: limit, countCapped: true } : { result: mapped(rows), count: n };
  const countApart = async (rows: O[]) => {
    const page = pageOf(baseQuery(), sel, spec);
    return answer(rows, Number((await countedMatches(db, page.filtered, limit).executeTakeFirstOrThrow()).n));
  };

  if (sel.pattern !== undefined && spec.sortFewMatches) {
    const few = spec.sortFewMatches;
    const page = pageOf(baseQuery(), sel, spec);
    const n = Number((await countedMatches(db, page.filtered, few).executeTakeFirstOrThrow()).n);
    if (n === 0 || (n <= few && query.offset >= n)) return { result: [], count: n };
    if (n > few) return { result: mapped((await page.rows.execute()) as O[]), count: few, countCapped: true };
    const sorted = (await fewMatchesPage(db, page.filtered, sel, spec).execute()) as Array<O & Record<typeof SORT_VALUE | typeof SORT_TIE, unknown>>;
    return { result: mapped((map ? sorted : withoutColumns(sorted, [SORT_VALUE, SORT_TIE])) as O[]), count: n };
  }

  if (sel.pattern === undefined && spec.knownCount) {
    const rows = (await pageOf(baseQuery(), sel, spec).rows.execute()) as O[];
    // A short page with rows is the last one: the count is known without counting.
    if (rows.length > 0 && rows.length < query.amount) return { result: mapped(rows), count: query.offset + rows.length };
    const known = await spec.knownCount();
    if (known !== null) return { result: mapped(rows), count: known };
    return countApart(rows);
  }

  const statement = isTemplate(base) ? templatedPageStatement(db, base, sel, spec, limit) : countedPageStatement(db, base, sel, spec, limit);
  const counted = (await executePrepared(db, statement)) as Array<O & { [PAGE_COUNT]: string }>;
  if (counted.length > 0) {
    const n = Number(counted[0]![PAGE_COUNT]);
    return answer((map ? counted : withoutColumns(counted, [PAGE_COUNT])) as O[], n);
  }
  // No row: the first page is empty, so nothing matches; past the end, count apart (the subquery ran on no row).
  if (query.offset === 0) return { result: [], count: 0 };
  return countApart([]);
}

/**
 * Rows without the helper columns, copied key by key: every row of a statement has the same keys, so they are read
 * once. (A rest pattern with computed keys, `({ [k]: _, ...row })`, went through V8's slow path: 2 % of the API's
 * CPU under load on a 50-row list.)
 */
function withoutColumns(rows: Array<Record<string, unknown>>, drop: string[]): Array<Record<string, unknown>> {
  if (!rows.length) return rows;
  const keys = Object.keys(rows[0]!).filter((k) => !drop.includes(k));
  return rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const k of keys) o[k] = r[k];
    return o;
  });
}

/** The column that carries the count of matches on each row of a page (taken off before rows are answered). */
const PAGE_COUNT = '__page_count';
/** The sort value and tie-breaker a page sorted from its matches carries out of its subquery (taken off too). */
const SORT_VALUE = '__sort_value';
const SORT_TIE = '__sort_tie';

/**
 * A page sorted from the matches: the filtered query is a subquery fenced by OFFSET 0, so PostgreSQL plans it on
 * its own, for all its rows (through the search index when the pattern is selective), and sorts what it returns;
 * it cannot turn it into a walk of the sort key's index that filters every row.
 */
function fewMatchesPage<DB, TB extends keyof DB, O>(db: Kysely<any>, filtered: SelectQueryBuilder<DB, TB, O>, sel: PageSelection, spec: ListSpec<DB, TB>) {
  const sortKey = spec.sortable[sel.key]!;
  const expr = isKeyObject(sortKey) ? sortKey.expr : sortKey;
  const emptyLast = isKeyObject(sortKey);
  const matches = filtered.select([sql`${expr}`.as(SORT_VALUE), sql`${spec.tieBreaker}`.as(SORT_TIE)] as never).offset(0);
  return db
    .selectFrom(matches.as('matches'))
    .selectAll()
    .orderBy(sql.ref(`matches.${SORT_VALUE}`), (ob) => (sel.direction === 'desc' ? (emptyLast ? ob.desc().nullsLast() : ob.desc()) : ob.asc()))
    .orderBy(sql.ref(`matches.${SORT_TIE}`), sel.direction)
    .limit(sel.amount as number)
    .offset(sel.offset as number);
}
