import { sql } from 'kysely';
import { P, type TAuditListItem, type TAuditSortKey, type TAuditListQuery, type TListResponse } from '@insp/contracts';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { containsPattern, listPage, type ListSpec, type SortKey } from '../../lib/list.js';
import { indexWord } from '../../lib/search-words.js';

/**
 * GET api/v1/audits (000 §2.5; §9 default inspectionDate descending): staff only. Date, name, inspector and status
 * have an index whose order is (key, id) on live audits (audits_date, audits_name, audits_inspector of migration
 * 0008, audits_finished_id of 0022), so a page reads its rows from the index. Customer sorts by the joined
 * customer's name: My audits (mineOnly) sorts only the caller's audits, which its indexes find; the whole list
 * sorts its live audits, one for every fifty reports (docs/decisions.md, "My audits sort"). Other keys are a 400
 * naming orderKey.
 */
export async function listAudits(ctx: ServiceContext, query: TAuditListQuery): Promise<TListResponse<TAuditListItem>> {
  const c = requirePermission(ctx, P.audits);
  const term = query.search.toLowerCase();
  const word = term ? await indexWord(c.db, 'audits', 'search_text', term) : null;
  const { base, spec } = auditList(c, query, word);
  const page = await listPage(c.db, base, { ...query, search: term }, spec);
  return { ...page, result: page.result.map(toListItem) };
}

/** The list's query and rules (exported so a test can check its plans use the indexes). */
export function auditList(c: AuthedContext, query: TAuditListQuery, word: string | null = null) {
  let base = c.db
    .selectFrom('audits as a')
    .leftJoin('customers as cu', 'cu.id', 'a.customer_id')
    .leftJoin('customer_sites as s', 's.id', 'a.customer_site_id')
    .select(['a.id', 'a.name', 'a.customer_id', 'cu.name as customer_name', 's.name as site_name', 'a.inspection_date', 'a.inspector', 'a.inspector_contact', 'a.finished'])
    .where('a.deleted_at', 'is', null);
  if (query.mineOnly) {
    const me = c.actor;
    // My audits: inspector, creator or inspector contact (the indexes audits_inspector_user, _created_by, _inspector_contact).
    base = base.where((eb) =>
      eb.or([eb('a.inspector_user_id', '=', me.userId), eb('a.created_by_user_id', '=', me.userId), eb(sql`lower(a.inspector_contact)`, '=', me.email.toLowerCase())]),
    );
  }
  // typed by the contract's AUDIT_SORT_KEYS, so the keys the web offers and the keys sorted here cannot drift
  const sortable: Record<TAuditSortKey, SortKey> = {
    inspectionDate: sql`a.inspection_date`,
    name: sql`a.name`,
    inspector: sql`a.inspector`,
    customerName: customerSort,
    customer: customerSort,
    // ascending: open (false) before finished (true)
    finished: sql`a.finished`,
    status: sql`a.finished`,
  };
  const spec: ListSpec<any, any> = {
    sortable,
    defaultSort: { key: 'inspectionDate', direction: 'desc' },
    tieBreaker: sql`a.id`,
    // search_text: name, customer, site, inspector folded (search_fold, as the search string), trigram-indexed; a
    // multi-word term by its rarest word.
    search: (pattern) =>
      word
        ? sql<boolean>`(a.search_text like search_fold(${containsPattern(word)}) and strpos(a.search_text, search_fold(${query.search})) > 0)`
        : sql<boolean>`a.search_text like search_fold(${pattern})`,
  };
  return { base, spec };
}

// An audit without a customer (the column is nullable) sorts last both ways; case does not matter to readers.
const customerSort = { expr: sql`lower(cu.name)`, emptyLast: true } as const;

type Row = {
  id: string; name: string; customer_id: string | null; customer_name: string | null; site_name: string | null;
  inspection_date: Date; inspector: string; inspector_contact: string; finished: boolean;
};

function toListItem(r: Row): TAuditListItem {
  return {
    id: r.id, name: r.name, customerId: r.customer_id, customerName: r.customer_name, siteName: r.site_name,
    inspectionDate: new Date(r.inspection_date).getTime(), inspector: r.inspector, inspectorContact: r.inspector_contact, finished: r.finished,
  };
}
