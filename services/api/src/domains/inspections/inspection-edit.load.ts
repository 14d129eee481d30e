import type { Db } from '@insp/db';
import { InspectionRatings, InspectionStatuses, InspectionVersionedFields, PhotoLayouts, type TInspectionEdit, type TPhoto } from '@insp/contracts';
import { notFound } from '../../errors.js';
import { readResult } from './inspection-edit.content.js';
import { loadPointConfigSets, missingPointConfig } from './inspection-edit.points.js';
import { textVersionsOf } from '../../lib/text-versions.js';

/** The texts whose versions a reader sees: the internal comment's only where internal comments are shown. */
const PUBLIC_TEXTS = InspectionVersionedFields.filter((f) => f !== 'internalComment');

const ms = (d: Date | string | null) => (d == null ? null : new Date(d).getTime());
const layout = (v: string) => ((PhotoLayouts as readonly string[]).includes(v) ? (v as TPhoto['layout']) : 'Default');

function groupBy<T>(rows: readonly T[], key: (r: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    if (k == null) continue;
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

/**
 * One inspection as the edit form (and, without internal comments, the read-only protocol view 2.9) needs it:
 * every protocol point of every category with its configuration and its result (blank while unanswered).
 * A bounded number of set-based queries whatever the number of points. Who may see it is the caller's check.
 */
export async function loadInspectionEdit(db: Db, id: string, opts: { internal: boolean }): Promise<TInspectionEdit> {
  const one = (await loadInspectionEdits(db, [id], opts)).get(id);
  if (!one) throw notFound('Inspection');
  return one;
}

/**
 * Several inspections at once (an audit's runs), by id; missing or deleted ones are absent from the map. The same
 * number of queries as for one: every child table is read for all of them together.
 */
export async function loadInspectionEdits(db: Db, ids: string[], opts: { internal: boolean }): Promise<Map<string, TInspectionEdit>> {
  const out = new Map<string, TInspectionEdit>();
  if (!ids.length) return out;
  const heads = await db
    .selectFrom('inspections as i')
    .leftJoin('customers as c', 'c.id', 'i.customer_id')
    .leftJoin('customer_sites as s', 's.id', 'i.customer_site_id')
    .leftJoin('product_families as f', 'f.id', 'i.product_family_id')
    .leftJoin('product_models as m', 'm.id', 'i.product_model_id')
    .leftJoin('protocols as p', 'p.id', 'i.protocol_id')
    .selectAll('i')
    .select(['c.name as customer', 's.name as site', 'f.name as family', 'm.name as model', 'p.name as protocolName'])
    .where('i.id', 'in', ids)
    .where('i.deleted_at', 'is', null)
    .execute();
  if (!heads.length) return out;
  const live = heads.map((h) => h.id);

  const [categories, extras, results, photos, findings, findingPhotos, actions] = await Promise.all([
    db.selectFrom('inspection_categories').select(['id', 'inspection_id', 'index', 'title', 'protocol_category_id']).where('inspection_id', 'in', live).orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_extra_points').select(['id', 'inspection_id', 'index', 'name', 'inspection_point_id']).where('inspection_id', 'in', live).orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_point_results as r').leftJoin('users as u', 'u.id', 'r.updated_by_user_id')
      .select(['r.id', 'r.inspection_id', 'r.inspection_category_id', 'r.extra_point_id', 'r.protocol_point_id', 'r.inspection_point_id', 'r.selection', 'r.value', 'r.comment', 'r.internal_comment', 'r.rating', 'r.voice_comment_id', 'r.name_override', 'r.content'])
      // issue 23: each result's version stamp, so a client sees who changed it last
      .select(['r.version', 'r.updated_at', 'u.name as updated_by'])
      .where('r.inspection_id', 'in', live).orderBy('r.index').orderBy('r.created_at').orderBy('r.id').execute(),
    db.selectFrom('inspection_result_photos as ph').innerJoin('inspection_point_results as r', 'r.id', 'ph.result_id')
      .select(['ph.id', 'ph.result_id as ownerId', 'ph.image_id as imageId', 'ph.caption', 'ph.layout'])
      .where('r.inspection_id', 'in', live).orderBy('ph.result_id').orderBy('ph.position').orderBy('ph.id').execute(),
    // issue 23: findings and priority actions carry their version stamps as results do; a deleted one (tombstone) is not read
    db.selectFrom('inspection_findings as f').leftJoin('users as u', 'u.id', 'f.updated_by_user_id')
      .select(['f.id', 'f.inspection_id', 'f.title', 'f.description', 'f.consequence', 'f.corrective', 'f.preventive', 'f.show', 'f.version', 'f.version_at', 'u.name as updated_by'])
      .where('f.inspection_id', 'in', live).where('f.deleted_at', 'is', null).orderBy('f.index').orderBy('f.id').execute(),
    db.selectFrom('inspection_finding_photos as ph').innerJoin('inspection_findings as f', 'f.id', 'ph.finding_id')
      .select(['ph.id', 'ph.finding_id as ownerId', 'ph.image_id as imageId', 'ph.caption', 'ph.layout'])
      .where('f.inspection_id', 'in', live).where('f.deleted_at', 'is', null).orderBy('ph.finding_id').orderBy('ph.position').orderBy('ph.id').execute(),
    db.selectFrom('inspection_priority_actions as a').leftJoin('users as u', 'u.id', 'a.updated_by_user_id')
      .select(['a.id', 'a.inspection_id', 'a.title', 'a.description', 'a.priority', 'a.version', 'a.version_at', 'u.name as updated_by'])
      .where('a.inspection_id', 'in', live).where('a.deleted_at', 'is', null).orderBy('a.index').orderBy('a.id').execute(),
  ]);
  const protocolCategoryIds = categories.map((c) => c.protocol_category_id).filter((x): x is string => !!x);
  const protocolPoints = protocolCategoryIds.length
    ? await db.selectFrom('protocol_points')
        .select(['id', 'protocol_category_id', 'inspection_point_id', 'index', 'name', 'subcategory_title_index', 'optional'])
        .where('protocol_category_id', 'in', protocolCategoryIds).orderBy('protocol_category_id').orderBy('index').orderBy('id').execute()
    : [];
  const configSets = await loadPointConfigSets(
    db,
    [...protocolPoints.map((p) => p.inspection_point_id), ...extras.map((e) => e.inspection_point_id)].filter((x): x is string => !!x),
    heads.map((h) => ({ familyId: h.product_family_id, modelId: h.product_model_id })),
  );
  const photosOf = (list: typeof photos) =>
    new Map([...groupBy(list, (p) => p.ownerId)].map(([k, v]) => [k, v.map((p) => ({ id: p.id, imageId: p.imageId, caption: p.caption, layout: layout(p.layout) }))]));
  const resultPhotos = photosOf(photos);
  const findingPhotosBy = photosOf(findingPhotos);
  const pointsBy = groupBy(protocolPoints, (p) => p.protocol_category_id);
  // One result per protocol point and category (the first, should an old import have written two).
  const byPoint = new Map<string, (typeof results)[number]>();
  for (const r of results) {
    const key = r.extra_point_id ?? `${r.inspection_category_id}/${r.protocol_point_id}`;
    if (!byPoint.has(key)) byPoint.set(key, r);
  }
  const content = (r: (typeof results)[number] | undefined) => readResult(r, r ? resultPhotos.get(r.id) ?? [] : [], opts.internal);
  const categoriesOf = groupBy(categories, (c) => c.inspection_id);
  const extrasOf = groupBy(extras, (e) => e.inspection_id);
  const findingsOf = groupBy(findings, (f) => f.inspection_id);
  const actionsOf = groupBy(actions, (a) => a.inspection_id);

  for (const h of heads) {
    const configs = configSets({ familyId: h.product_family_id, modelId: h.product_model_id });
    const config = (pointId: string | null, name: string | null) => (pointId && configs.get(pointId)) || missingPointConfig(name);
    // The protocol's own name for a point (issue 19) is the name the inspector sees, as the report prints it.
    const named = <C extends { name: string }>(c: C, own: string | null) => (own?.trim() ? { ...c, name: own.trim() } : c);
    out.set(h.id, {
      id: h.id,
      name: h.name,
      type: h.type,
      status: (InspectionStatuses as readonly string[]).includes(h.status) ? (h.status as TInspectionEdit['status']) : 'In_Use',
      rating: (InspectionRatings as readonly (string | null)[]).includes(h.rating) ? (h.rating as TInspectionEdit['rating']) : null,
      finished: h.finished,
      protocolId: h.protocol_id,
      protocolName: h.protocolName,
      customerId: h.customer_id,
      customer: h.customer,
      customerSiteId: h.customer_site_id,
      site: h.site,
      equipmentId: h.equipment_id,
      productFamilyId: h.product_family_id,
      productFamilyName: h.family,
      productModelId: h.product_model_id,
      productModelName: h.model,
      serialNumber: h.serial_number,
      nickName: h.nick_name,
      inspectionDate: ms(h.inspection_date)!,
      started: ms(h.started_at),
      ended: ms(h.ended_at),
      created: ms(h.created_at)!,
      inspector: h.inspector,
      inspectorContact: h.inspector_contact,
      contactName: h.contact_name,
      contactPhoneNumber: h.contact_phone,
      contactEmail: h.contact_email,
      version: h.version,
      categories: (categoriesOf.get(h.id) ?? []).map((c) => ({
        id: c.id,
        title: c.title,
        index: c.index,
        inspectionPoints: (c.protocol_category_id ? pointsBy.get(c.protocol_category_id) ?? [] : []).map((pp) => ({
          ...named(config(pp.inspection_point_id, pp.name), pp.name),
          protocolPointId: pp.id,
          index: pp.index,
          subcategoryTitleIndex: pp.subcategory_title_index,
          optional: pp.optional,
          content: content(byPoint.get(`${c.id}/${pp.id}`)),
        })),
      })),
      extraPoints: (extrasOf.get(h.id) ?? []).map((e) => ({ ...config(e.inspection_point_id, e.name), ...(e.name ? { name: e.name } : {}), id: e.id, index: e.index, content: content(byPoint.get(e.id)) })),
      findings: (findingsOf.get(h.id) ?? []).map(({ inspection_id: _, version_at, updated_by, ...f }) => ({ ...f, photos: findingPhotosBy.get(f.id) ?? [], updatedAt: ms(version_at)!, updatedBy: updated_by })),
      priorityActions: (actionsOf.get(h.id) ?? []).map(({ inspection_id: _, version_at, updated_by, ...a }) => ({ ...a, updatedAt: ms(version_at)!, updatedBy: updated_by })),
      equipmentConfigurator: h.equipment_configurator ?? null,
      summary: h.summary,
      comment: h.comment,
      ...(opts.internal ? { internalComment: h.internal_comment } : {}),
      customerSignature: h.customer_signature_image_id,
      providerSignature: h.provider_signature_image_id,
      sendEmail: h.send_email,
      // issue 23: who changed each text last (a client sends the version back as the base of its edit)
      textVersions: textVersionsOf(h.text_versions, opts.internal ? InspectionVersionedFields : PUBLIC_TEXTS),
    });
  }
  return out;
}
