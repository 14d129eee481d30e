import { sql } from 'kysely';
import { P, type TInspectionListItem, type TInspectionListQuery, type TListResponse } from '@insp/contracts';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { containsPattern, listPage, type ListSpec } from '../../lib/list.js';
import { indexWord } from '../../lib/search-words.js';
import { visibleReports } from './inspections.scope.js';

/**
 * GET api/v1/inspections: the reports list and My page (000 §2.3, §2.4; §9 default inspectionDate descending).
 * Every sort key has an index whose order is exactly (key, id) on live reports, so a page reads 50 index
 * entries; the count comes from the kept counters when there is no search and no mineOnly (docs/decisions.md,
 * "Lists").
 */
export async function listInspections(ctx: ServiceContext, query: TInspectionListQuery): Promise<TListResponse<TInspectionListItem>> {
  const c = requirePermission(ctx, P.reports);
  const term = query.search.toLowerCase();
  const word = term ? await indexWord(c.db, 'inspections', 'search_text', term) : null;
  const { base, spec } = inspectionList(c, query, word);
  const page = await listPage(c.db, base, { ...query, search: term }, spec);
  return { ...page, result: page.result.map(toListItem) };
}

/**
 * How far a search of the reports counts: beyond it the list says '1,000+'. Twenty pages of fifty is further
 * than anyone pages through a search, and counting ten times as many matching rows was most of a common word's
 * search at a million reports (issue 18).
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** The list's query and sort/search/count rules (exported so a test can check its plans use the indexes). */
export function inspectionList(c: AuthedContext, query: TInspectionListQuery, indexWord: string | null = null) {
  let base = visibleReports(c.db, c.actor)
    .leftJoin('customers as cu', 'cu.id', 'i.customer_id')
    .select([
      'i.id',
      'i.name',
      'i.serial_number',
      'i.nick_name',
      'i.inspection_date',
      'i.type',
      'i.status',
      'i.inspector',
      'i.inspector_contact',
      'i.rating',
      'i.finished',
      'cu.name as customer_name',
    ]);
  if (query.types?.length) base = base.where('i.type', 'in', query.types);
  if (query.mineOnly) {
    const me = c.actor;
    base = base.where((eb) =>
      eb.or([
        eb('i.inspector_user_id', '=', me.userId),
        eb('i.created_by_user_id', '=', me.userId),
        eb(sql`lower(i.inspector_contact)`, '=', me.email.toLowerCase()),
      ]),
    );
  }
  const spec: ListSpec<any, any> = {
    sortable: {
      inspectionDate: sql`i.inspection_date`,
      name: sql`i.name`,
      displayName: sql`i.name`,
      serialNumber: sql`i.serial_number`,
      type: sql`i.type`,
      status: sql`i.status`,
      inspector: sql`i.inspector`,
    },
    defaultSort: { key: 'inspectionDate', direction: 'desc' },
    tieBreaker: sql`i.id`,
    // search_text is kept folded (lower case, no accents: search_fold, migration 0024; name, serial, nickname,
    // customer, site, inspector) with a trigram index; the search string is folded by the same function, which
    // PostgreSQL evaluates once while planning, so the pattern is a constant the index serves. A multi-word term
    // goes through the index by its rarest word and is checked whole on those rows (lib/search-words.ts).
    search: (pattern) =>
      indexWord
        ? sql<boolean>`(i.search_text like search_fold(${containsPattern(indexWord)}) and strpos(i.search_text, search_fold(${query.search})) > 0)`
        : sql<boolean>`i.search_text like search_fold(${pattern})`,
    knownCount: query.mineOnly ? undefined : () => countFromCounters(c, query.types),
    // A search counts its matches first, up to SEARCH_COUNT_LIMIT, and sorts them itself when they are that few
    // (lib/list.ts sortFewMatches; docs/decisions.md 'Searching a million reports').
    sortFewMatches: SEARCH_COUNT_LIMIT,
  };
  return { base, spec };
}

/** Live reports per company, type and status, kept by a trigger (migration 0012): a sum over a few rows. */
async function countFromCounters(c: AuthedContext, types: string[] | undefined): Promise<number> {
  let q = c.db.selectFrom('inspection_counts').select(sql<string>`coalesce(sum(n), 0)`.as('n'));
  if (c.actor.kind === 'distributor') {
    if (!c.actor.companyId) return 0; // a distributor without a company sees nothing (inspections.scope.ts)
    q = q.where('company_key', '=', c.actor.companyId);
  }
  if (types?.length) q = q.where('type', 'in', types);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

type Row = {
  id: string;
  name: string;
  serial_number: string | null;
  nick_name: string | null;
  inspection_date: Date;
  type: string;
  status: string;
  inspector: string;
  inspector_contact: string;
  rating: string | null;
  finished: boolean;
  customer_name: string | null;
};

function toListItem(r: Row): TInspectionListItem {
  return {
    id: r.id,
    name: r.name,
    displayName: r.name,
    serialNumber: r.serial_number,
    nickName: r.nick_name,
    inspectionDate: new Date(r.inspection_date).getTime(),
    type: r.type,
    status: r.status,
    inspector: r.inspector,
    inspectorContact: r.inspector_contact,
    rating: (r.rating as TInspectionListItem['rating']) ?? null,
    finished: r.finished,
    customerName: r.customer_name,
  };
}
