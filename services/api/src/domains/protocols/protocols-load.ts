import { sql } from 'kysely';
import { protocolTypeLabel, type TProtocol, type TProtocolTarget } from '@insp/contracts';
import { groupBy, type Db } from '@insp/db';
import { notFound } from '../../errors.js';

const ms = (d: Date | string) => new Date(d).getTime();
/** Targets with the names the list and detail show: family, model, equipment serial (or nickname). */
export function targetsQuery(db: Db) {
  return db
    .selectFrom('protocol_targets as t')
    .leftJoin('product_families as f', 'f.id', 't.product_family_id')
    .leftJoin('product_models as m', 'm.id', 't.product_model_id')
    .leftJoin('equipment as e', 'e.id', 't.equipment_id')
    .select(['t.id', 't.protocol_id', 't.product_family_id', 'f.name as family', 't.product_model_id', 'm.name as model', 't.equipment_id', sql<string | null>`coalesce(e.serial_number, e.nick_name)`.as('serial')]);
}

export const toTarget = (t: { id: string; product_family_id: string | null; family: string | null; product_model_id: string | null; model: string | null; equipment_id: string | null; serial: string | null }): TProtocolTarget => ({
  id: t.id,
  productFamilyId: t.product_family_id,
  productFamilyName: t.family,
  productModelId: t.product_model_id,
  productModelName: t.model,
  equipmentId: t.equipment_id,
  equipmentSerial: t.serial,
});

/** 001 §2 detail 'products': 'Any product', a family, or family plus model (equipment by its serial). */
const productOf = (t: TProtocolTarget) =>
  [t.productFamilyName, t.productModelName, t.equipmentSerial ? `(${t.equipmentSerial})` : null].filter(Boolean).join(' ');

/**
 * The whole protocol as GET api/v1/InspectionProtocols/{id} answers it, soft-deleted ones excepted (404). A point
 * whose source point is gone or soft-deleted keeps its protocol row and says `pointFound: false`.
 */
export async function loadProtocol(db: Db, id: string): Promise<TProtocol> {
  const p = await db
    .selectFrom('protocols as p')
    .leftJoin('users as u', 'u.id', 'p.created_by_user_id')
    .selectAll('p')
    .select('u.name as created_by')
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!p) throw notFound('Protocol');
  const [targets, phases, categories, subs, points, deps, groups, versions] = await Promise.all([
    targetsQuery(db).where('t.protocol_id', '=', id).orderBy('t.created_at').orderBy('t.id').execute(),
    db.selectFrom('protocol_phases as pp').innerJoin('inspection_phases as ph', 'ph.id', 'pp.phase_id').select(['pp.phase_id', 'ph.name', 'pp.sort_order']).where('pp.protocol_id', '=', id).orderBy('pp.sort_order').execute(),
    db.selectFrom('protocol_categories').select(['id', 'index', 'title', 'category_title_id']).where('protocol_id', '=', id).orderBy('index').execute(),
    db.selectFrom('protocol_subcategory_titles as s').innerJoin('protocol_categories as c', 'c.id', 's.protocol_category_id').select(['s.id', 's.protocol_category_id', 's.index', 's.title']).where('c.protocol_id', '=', id).orderBy('s.index').execute(),
    db
      .selectFrom('protocol_points as pp')
      .leftJoin('inspection_points as ip', 'ip.id', 'pp.inspection_point_id')
      .leftJoin('units as un', 'un.id', 'ip.measurement_unit_id')
      .leftJoin('inspection_phases as ph', 'ph.id', 'pp.phase_id')
      .select([
        'pp.id', 'pp.protocol_category_id', 'pp.inspection_point_id', 'pp.index', 'pp.name', 'pp.phase_id', 'pp.prefill', 'pp.sample_id_index',
        'pp.show_value_in_report_header', 'pp.show_in_report', 'pp.optional', 'pp.subcategory_title_index',
        'ip.name as point_name', 'ip.type', 'ip.measurement_title', 'un.symbol as unit', 'ph.name as phase_name',
        sql<boolean>`ip.id is not null and ip.deleted_at is null`.as('found'),
      ])
      .where('pp.protocol_id', '=', id)
      .orderBy('pp.index')
      .orderBy('pp.id')
      .execute(),
    db.selectFrom('protocol_point_dependencies as d').innerJoin('protocol_points as pp', 'pp.id', 'd.protocol_point_id').select(['d.id', 'd.protocol_point_id', 'd.json']).where('pp.protocol_id', '=', id).orderBy('d.created_at').orderBy('d.id').execute(),
    db.selectFrom('protocol_category_groups').select(['id', 'name', 'category_indices']).where('protocol_id', '=', id).orderBy('index').orderBy('id').execute(),
    versionsOf(db, p.root_protocol_id ?? p.id),
  ]);
  const depsBy = groupBy(deps, (d) => d.protocol_point_id);
  const pointsBy = groupBy(points, (x) => x.protocol_category_id);
  const subsBy = groupBy(subs, (s) => s.protocol_category_id);
  const mappedTargets = targets.map(toTarget);
  return {
    id: p.id,
    protocolId: p.id,
    name: p.name,
    type: p.type,
    typeName: protocolTypeLabel(p.type),
    date: p.date ? ms(p.date) : null,
    summary: p.summary,
    index: p.index,
    created: ms(p.created_at),
    createdBy: p.created_by,
    targets: mappedTargets,
    products: mappedTargets.length ? mappedTargets.map(productOf) : ['Any product'],
    categories: categories.map((c) => {
      const items = pointsBy.get(c.id) ?? [];
      return {
        id: c.id,
        index: c.index,
        title: { id: c.category_title_id, text: c.title },
        itemCount: items.length,
        subcategoryTitles: (subsBy.get(c.id) ?? []).map((s) => ({ id: s.id, index: s.index, title: s.title })),
        inspectionPoints: items.map((x) => ({
          id: x.id,
          protocolPointId: x.id,
          inspectionPointId: x.inspection_point_id,
          pointFound: x.found,
          index: x.index,
          name: x.name ?? (x.found ? x.point_name : null),
          nameOverride: x.name,
          pointName: x.found ? x.point_name : null,
          type: x.found ? x.type : null,
          phaseId: x.phase_id,
          phaseName: x.phase_name,
          measurementTitle: x.found ? x.measurement_title : null,
          unit: x.found ? x.unit : null,
          prefill: x.prefill,
          sampleIdIndex: x.sample_id_index,
          showValueInReportHeader: x.show_value_in_report_header,
          showInReport: x.show_in_report,
          optional: x.optional,
          subcategoryTitleIndex: x.subcategory_title_index,
          dependencies: (depsBy.get(x.id) ?? []).map((d) => ({ id: d.id, json: d.json })),
        })),
      };
    }),
    categoryGroups: groups.map((g) => ({ id: g.id, name: g.name, categoryIndices: g.category_indices })),
    phasesOn: p.phases_on,
    phases: phases.map((x) => ({ id: x.phase_id, phaseId: x.phase_id, name: x.name, order: x.sort_order })),
    infoAppendix: p.info_appendix,
    ratingTableLocation: p.rating_table_location,
    showCurrentLoadedHours: p.show_current_loaded_hours,
    automaticName: p.automatic_name,
    copyOfProtocolId: p.copy_of_protocol_id,
    draft: p.draft,
    updated: ms(p.updated_at),
    version: p.version,
    rootProtocolId: p.root_protocol_id ?? p.id,
    previousVersionId: p.previous_version_id,
    supersededAt: p.superseded_at ? ms(p.superseded_at) : null,
    versions,
  };
}

/** Every version of a protocol, oldest first, with how many inspections (audit runs and deleted reports too) use each. */
export async function versionsOf(db: Db, rootId: string) {
  const rows = await db
    .selectFrom('protocols as p')
    .select(['p.id', 'p.version', 'p.version_created_at', 'p.superseded_at', 'p.deleted_at', 'p.changes'])
    .select((eb) => eb.selectFrom('inspections as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.protocol_id', '=', 'p.id').as('inspections'))
    .where('p.root_protocol_id', '=', rootId)
    .orderBy('p.version')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    created: ms(r.version_created_at),
    supersededAt: r.superseded_at ? ms(r.superseded_at) : null,
    deleted: r.deleted_at !== null,
    inspectionCount: Number(r.inspections ?? 0),
    changes: Array.isArray(r.changes) ? (r.changes as string[]) : null,
  }));
}
