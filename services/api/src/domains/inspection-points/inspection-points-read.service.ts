import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  P,
  PointTypes,
  type TInspectionPoint,
  type TInspectionPointListItem,
  type TInspectionPointListQuery,
  type TListResponse,
  type TPointProtocols,
  ZInspectionPointListQuery,
} from '@insp/contracts';
import type { Db } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { containsPattern, listPage } from '../../lib/list.js';
import { indexWord } from '../../lib/search-words.js';
import { loadPoint } from './inspection-points.load.js';

/*
 * Points are a shared library (001 §1: authored once, used by every protocol), not company data: every call needs
 * P.authoring (staff Admin, distributor Manager) and a distributor manager sees and edits the same library as staff.
 */

/** GET api/v1/inspectionPoints/{id}?fromWebApp=true: 404 for an unknown or soft-deleted point. */
export async function getPoint(ctx: ServiceContext, id: string): Promise<TInspectionPoint> {
  const c = requirePermission(ctx, P.authoring);
  const point = await loadPoint(c.db, c.config, id);
  if (!point) throw notFound('Inspection point');
  return point;
}

const uuidList = (field: string, text: string | undefined): string[] | null => {
  if (!text?.trim()) return null;
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const id of ids) if (!z.uuid().safeParse(id).success) throw new AppError('BAD_REQUEST', `${field}: ${JSON.stringify(id)} is not a uuid`, field);
  return ids;
};

/*
 * "The point has such a meta" as `p.id in (…)` rather than a correlated exists: inside the filters' ORs the planner
 * cannot make a semi-join of either, but an uncorrelated IN becomes one hashed subplan read once, where exists probed
 * the metas index once per point (a type and family filter over 5,000 points: 43 ms → bench/inspection-points).
 */
const metaExists = (type: string, value?: Expression<SqlBool> | null) =>
  sql<boolean>`p.id in (select m.inspection_point_id from inspection_point_metas m where m.type = ${type}${value ? sql` and ${value}` : sql``})`;

/** A point restricted on an axis (family, model, equipment) qualifies when it is open to any model or names one of the ids. */
const productAxis = (type: string, ids: string[]) =>
  sql<boolean>`(not ${metaExists(type)} or ${metaExists('AnyProductModel', sql<boolean>`m.value <> 'false'`)} or ${metaExists(type, sql<boolean>`m.value in (${sql.join(ids)})`)})`;

/**
 * GET api/v1/inspectionPoints/list: live points by name (index inspection_points_name), searched by name through
 * the trigram index, filtered as the list's checkboxes say (001 §2). Family names and language tags of the page's
 * rows come from two set queries after the page.
 */
export async function listPoints(ctx: ServiceContext, input: TInspectionPointListQuery): Promise<TListResponse<TInspectionPointListItem>> {
  const c = requirePermission(ctx, P.authoring);
  const parsed = ZInspectionPointListQuery.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const q = parsed.data;
  let base = c.db
    .selectFrom('inspection_points as p')
    .select(['p.id', 'p.name', 'p.type', 'p.product_category_id as productCategoryId'])
    .where('p.deleted_at', 'is', null);
  if (q.type) {
    // 001 §3 metas: ProtocolTypesDefined 'true' restricts the point to its ProtocolType metas.
    base = base.where(
      sql<boolean>`(not ${metaExists('ProtocolType')} or not ${metaExists('ProtocolTypesDefined', sql<boolean>`m.value = 'true'`)}
        or ${metaExists('ProtocolType', sql<boolean>`m.value = ${q.type}`)})`,
    );
  }
  const families = uuidList('productFamilyIds', q.productFamilyIds);
  if (families) base = base.where(productAxis('ProductFamily', families));
  const models = uuidList('productModelIds', q.productModelIds);
  if (models) base = base.where(productAxis('ProductModel', models));
  const equipment = uuidList('equipmentIds', q.equipmentIds);
  if (equipment) base = base.where(productAxis('Equipment', equipment));
  if (q.pointTypes?.trim()) {
    const types = q.pointTypes.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = types.find((t) => !(PointTypes as readonly string[]).includes(t));
    if (bad) throw new AppError('BAD_REQUEST', `pointTypes: ${JSON.stringify(bad)} is not a point type`, 'pointTypes');
    base = base.where('p.type', 'in', types);
  }
  if (q.productCategoryId) base = base.where('p.product_category_id', '=', q.productCategoryId);

  const term = q.search.toLowerCase();
  const word = term ? await indexWord(c.db, 'inspection_points', 'name', term) : null;
  const page = await listPage(c.db, base, { ...q, orderKey: 'name', orderDirection: 'asc' }, {
    sortable: { name: sql`p.name` },
    defaultSort: { key: 'name', direction: 'asc' },
    tieBreaker: sql`p.id`,
    // A multi-word term is looked up by its rarest word, then checked whole (lib/search-words.ts).
    search: (pattern) =>
      word ? sql<boolean>`(p.name ilike ${containsPattern(word)} and p.name ilike ${pattern})` : sql<boolean>`p.name ilike ${pattern}`,
  });
  const extras = await listExtras(c.db, page.result.map((r) => r.id));
  return {
    ...page,
    result: page.result.map((r) => ({ ...r, type: r.type as never, familyNames: extras.families.get(r.id) ?? [], languages: extras.languages.get(r.id) ?? [] })),
  };
}

async function listExtras(db: Db, ids: string[]) {
  const families = new Map<string, string[]>();
  const languages = new Map<string, { languageId: string; outdated: boolean }[]>();
  if (!ids.length) return { families, languages };
  const [fam, lang] = await Promise.all([
    db
      .selectFrom('inspection_point_metas as m')
      .innerJoin('product_families as f', (j) => j.on(sql<boolean>`f.id::text = m.value`))
      .select(['m.inspection_point_id as id', 'f.name'])
      .where('m.inspection_point_id', 'in', ids)
      .where('m.type', '=', 'ProductFamily')
      .orderBy('f.name')
      .execute(),
    db
      .selectFrom('inspection_point_translations as t')
      .innerJoin('inspection_points as p', 'p.id', 't.inspection_point_id')
      .select([
        't.inspection_point_id as id',
        't.language_id as languageId',
        sql<boolean>`bool_or(t.updated_at < case when t.kind = 'Name' then p.name_updated_at else p.description_updated_at end)`.as('outdated'),
      ])
      .where('t.inspection_point_id', 'in', ids)
      .groupBy(['t.inspection_point_id', 't.language_id'])
      .orderBy('t.language_id')
      .execute(),
  ]);
  for (const f of fam) families.set(f.id, [...(families.get(f.id) ?? []), f.name]);
  for (const l of lang) languages.set(l.id, [...(languages.get(l.id) ?? []), { languageId: l.languageId, outdated: !!l.outdated }]);
  return { families, languages };
}

/**
 * GET api/v1/inspectionPoints/{id}/protocols: the live protocols including the point (delete confirmation, 001 §2),
 * in their current versions: a superseded version belongs to the inspections that ran it, not to the checklist.
 */
export async function pointProtocols(ctx: ServiceContext, id: string): Promise<TPointProtocols> {
  const c = requirePermission(ctx, P.authoring);
  const point = await c.db.selectFrom('inspection_points').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!point) throw notFound('Inspection point');
  const protocols = await c.db
    .selectFrom('protocols as pr')
    .select(['pr.id', 'pr.name', 'pr.type'])
    .where('pr.deleted_at', 'is', null)
    .where('pr.superseded_at', 'is', null)
    .where('pr.id', 'in', (eb) => eb.selectFrom('protocol_points').select('protocol_id').where('inspection_point_id', '=', id))
    .orderBy('pr.name')
    .orderBy('pr.id')
    .execute();
  return { inspectionPointId: id, protocols, protocolNames: protocols.map((p) => p.name) };
}
