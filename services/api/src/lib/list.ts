import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TListQuery, TListResponse } from '@insp/contracts';
import { AppError } from '../errors.js';

export interface ListSpec<DB, TB extends keyof DB> {
  /** orderKey → expression; only these keys sort (anything else is a 400 naming orderKey). */
  sortable: Record<string, Expression<unknown>>;
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /** Unique tie-breaker so pages never overlap or skip rows (usually the table's id). */
  tieBreaker: Expression<unknown>;
  /** Contains-search: return the condition for one (already escaped) ILIKE pattern. */
  search?: (pattern: string) => Expression<SqlBool>;
  /** For the `TB` type parameter only. */
  _table?: TB;
}

/** '%term%' with LIKE wildcards in the term taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a list, sorted and searched in SQL (000 §3 list query → {result, count}).
 * The count comes from a window function in the same query; only a page past the end needs a second query.
 */
export async function listPage<DB, TB extends keyof DB, O extends Record<string, unknown>>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: TListQuery,
  spec: ListSpec<DB, TB>,
): Promise<TListResponse<O>> {
  const key = query.orderKey ?? spec.defaultSort.key;
  const sortExpr = spec.sortable[key];
  if (!sortExpr) {
    throw new AppError('BAD_REQUEST', `orderKey: must be one of ${Object.keys(spec.sortable).join(', ')}`, 'orderKey');
  }
  const direction = query.orderDirection ?? (query.orderKey ? 'asc' : spec.defaultSort.direction);
  let filtered = base;
  if (query.search && spec.search) filtered = filtered.where(spec.search(containsPattern(query.search)) as never);

  const rows = (await filtered
    .select(sql<number>`count(*) over ()`.as('__total'))
    // Empty values sort last when ascending and when descending alike (a list starts with real names).
    .orderBy(sortExpr as never, (ob) => (direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast()))
    .orderBy(spec.tieBreaker as never, direction)
    .limit(query.amount)
    .offset(query.offset)
    .execute()) as Array<O & { __total: number }>;

  let count = rows[0] ? Number(rows[0].__total) : 0;
  if (!rows.length && query.offset > 0) {
    const c = await filtered.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    count = Number((c as { n: number } | undefined)?.n ?? 0);
  }
  return { result: rows.map(({ __total, ...row }) => row as unknown as O), count };
}
