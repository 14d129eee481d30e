import { sql } from 'kysely';
import {
  CreatableProtocolTypes,
  HiddenInspectionTypes,
  P,
  SPECIFIC_GROUPS_NOTE,
  SpecificGroupProtocolTypes,
  ZListQuery,
  protocolTypeLabel,
  type TListResponse,
  type TObsoleteProtocol,
  type TProtocol,
  type TProtocolListItem,
  type TProtocolListQuery,
  type TProtocolTypeOption,
} from '@insp/contracts';
import type { Db } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { listPage } from '../../lib/list.js';
import { loadProtocol, targetsQuery, toTarget } from './protocols-load.js';

const ms = (d: Date | string) => new Date(d).getTime();
/** 001 §9: the list shows at most three targets, then 'and N others'. */
const LISTED_TARGETS = 3;

/** GET api/v1/inspectionProtocols/types: the types offered when creating, with display names and the specific-groups flag. */
export function protocolTypes(ctx: ServiceContext): TProtocolTypeOption[] {
  requirePermission(ctx, P.authoring);
  return CreatableProtocolTypes.map((type) => {
    const flagged = SpecificGroupProtocolTypes.includes(type);
    return { type, name: protocolTypeLabel(type), showOnlyToSpecificGroups: flagged, note: flagged ? SPECIFIC_GROUPS_NOTE : null };
  });
}

/** Current, live protocols of visible types: what every protocol list and choice starts from. */
export const currentProtocols = (db: Db) =>
  db
    .selectFrom('protocols as p')
    .where('p.deleted_at', 'is', null)
    .where('p.superseded_at', 'is', null)
    .where('p.type', 'not in', [...HiddenInspectionTypes]);

/** The search query and its list spec, apart so the benchmark runs the same SQL directly. */
export function protocolSearch(db: Db, query: TProtocolListQuery) {
  let base = currentProtocols(db)
    .leftJoin('users as u', 'u.id', 'p.created_by_user_id')
    .select(['p.id', 'p.name', 'p.type', 'p.created_at', 'p.version', 'p.draft', 'u.name as created_by']);
  if (query.types?.length) base = base.where('p.type', 'in', query.types);
  // A model target names its family too, so a family filter also finds protocols for its models.
  if (query.productModelId) base = base.where(({ exists, selectFrom }) => exists(selectFrom('protocol_targets as t').select(sql`1`.as('one')).whereRef('t.protocol_id', '=', 'p.id').where('t.product_model_id', '=', query.productModelId!)));
  if (query.productFamilyId) base = base.where(({ exists, selectFrom }) => exists(selectFrom('protocol_targets as t').select(sql`1`.as('one')).whereRef('t.protocol_id', '=', 'p.id').where('t.product_family_id', '=', query.productFamilyId!)));
  return {
    base,
    spec: {
      // protocols_current_created / _name / _type (migration 0015); search: the trigram index on protocols.name.
      sortable: { created: sql`p.created_at`, name: sql`p.name`, type: sql`p.type` },
      defaultSort: { key: 'created', direction: 'desc' as const },
      tieBreaker: sql`p.id`,
      search: (pattern: string) => sql<boolean>`p.name ilike ${pattern}`,
    },
  };
}

/** GET api/v1/InspectionProtocols/search (001 §2 list tab, §7): one page of current protocols, `{result, count}`. */
export async function searchProtocols(ctx: ServiceContext, query: TProtocolListQuery): Promise<TListResponse<TProtocolListItem>> {
  const c = requirePermission(ctx, P.authoring);
  const { base, spec } = protocolSearch(c.db, query);
  const page = await listPage(c.db, base, query, spec);
  const targets = await firstTargets(c.db, page.result.map((r) => r.id));
  return {
    ...page,
    result: page.result.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      created: ms(r.created_at),
      createdBy: r.created_by,
      version: r.version,
      draft: r.draft,
      targets: (targets.get(r.id)?.rows ?? []).map(toTarget),
      targetCount: targets.get(r.id)?.count ?? 0,
    })),
  };
}

/** The first three targets of each protocol and how many it has, in one query for the page. */
export async function firstTargets(db: Db, ids: string[]) {
  const out = new Map<string, { rows: Parameters<typeof toTarget>[0][]; count: number }>();
  if (!ids.length) return out;
  const ranked = targetsQuery(db)
    .select([sql<number>`row_number() over (partition by t.protocol_id order by t.created_at, t.id)`.as('rn'), sql<number>`count(*) over (partition by t.protocol_id)`.as('n')])
    .where('t.protocol_id', 'in', ids)
    .as('r');
  const rows = await db.selectFrom(ranked).selectAll().where('r.rn', '<=', LISTED_TARGETS).orderBy('r.rn').execute();
  for (const r of rows) {
    const entry = out.get(r.protocol_id) ?? { rows: [], count: Number(r.n) };
    entry.rows.push(r);
    out.set(r.protocol_id, entry);
  }
  return out;
}

/** GET api/v1/InspectionProtocols/{id}: any version, current or superseded; a soft-deleted protocol answers 404. */
export async function getProtocol(ctx: ServiceContext, id: string): Promise<TProtocol> {
  const c = requirePermission(ctx, P.authoring);
  return loadProtocol(c.db, id);
}

export const ZObsoleteQuery = ZListQuery;

/**
 * GET api/v1/InspectionProtocols/Obsolete: superseded versions (newest first) with the current version of each.
 * decision (issue 10): soft-deleted protocols are not obsolete, they are gone: they are left out here as in search.
 */
export async function obsoleteProtocols(ctx: ServiceContext, query: ReturnType<typeof ZObsoleteQuery.parse>): Promise<TListResponse<TObsoleteProtocol>> {
  const c = requirePermission(ctx, P.authoring);
  const base = c.db
    .selectFrom('protocols as p')
    .select(['p.id', 'p.name', 'p.type', 'p.version', 'p.created_at', 'p.superseded_at', 'p.root_protocol_id'])
    .select((eb) =>
      eb.selectFrom('protocols as cur').select('cur.id').whereRef('cur.root_protocol_id', '=', 'p.root_protocol_id').where('cur.superseded_at', 'is', null).where('cur.deleted_at', 'is', null).limit(1).as('current_id'),
    )
    .where('p.deleted_at', 'is', null)
    .where('p.superseded_at', 'is not', null);
  const page = await listPage(c.db, base, query, {
    sortable: { supersededAt: sql`p.superseded_at`, name: sql`p.name` },
    defaultSort: { key: 'supersededAt', direction: 'desc' },
    tieBreaker: sql`p.id`,
    search: (pattern) => sql<boolean>`p.name ilike ${pattern}`,
  });
  return {
    ...page,
    result: page.result.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      version: r.version,
      created: ms(r.created_at),
      supersededAt: ms(r.superseded_at!),
      rootProtocolId: r.root_protocol_id ?? r.id,
      currentVersionId: r.current_id ?? null,
    })),
  };
}
