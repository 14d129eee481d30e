import {
  canonicalTimeZone, hasConfigurator, InspectionRatings, InspectionStatuses, PhotoLayouts, RatingTableLocations, readTextTranslations, translatedText,
  type PhotoLayout, type TReportData, type TReportPhoto,
} from '@insp/contracts';
import type { Db } from '../client.js';
import { openActionsOfInspection } from './follow-up-actions.js';
import { configuratorEntries } from './report-data-content.js';
import { loadHistory } from './report-data-history.js';
import { groupBy, loadPointParts } from './report-data-points.js';
import { MEASURED_TYPES, pointAssembler, type ResultRow } from './report-data-assemble.js';

const ms = (d: Date | string | null) => (d == null ? null : new Date(d).getTime());
const layout = (v: string): PhotoLayout => ((PhotoLayouts as readonly string[]).includes(v) ? (v as PhotoLayout) : 'Default');
const photo = (p: { id: string; imageId: string; caption: string; layout: string }): TReportPhoto =>
  ({ id: p.id, imageId: p.imageId, caption: p.caption, layout: layout(p.layout) });

function header(db: Db, inspectionId: string) {
  return db
    .selectFrom('inspections as i')
    .leftJoin('customers as c', 'c.id', 'i.customer_id')
    .leftJoin('customer_sites as s', 's.id', 'i.customer_site_id')
    .leftJoin('product_families as f', 'f.id', 'i.product_family_id')
    .leftJoin('product_models as m', 'm.id', 'i.product_model_id')
    .leftJoin('protocols as p', 'p.id', 'i.protocol_id')
    .select([
      'i.id', 'i.name', 'i.type', 'i.status', 'i.rating', 'i.serial_number', 'i.nick_name', 'i.inspection_date', 'i.started_at', 'i.ended_at',
      'i.inspector', 'i.inspector_contact', 'i.contact_name', 'i.contact_phone', 'i.contact_email', 'i.version', 'i.summary', 'i.comment',
      'i.equipment_configurator', 'i.customer_signature_image_id', 'i.provider_signature_image_id', 'i.equipment_id', 'i.company_id',
      'i.product_family_id', 'i.product_model_id', 'c.name as customer', 's.name as site', 'f.name as family', 'm.name as model',
      'p.name as protocolName', 'p.rating_table_location', 'c.time_zone as customerTimeZone',
    ])
    .where('i.id', '=', inspectionId)
    .where('i.deleted_at', 'is', null)
    .executeTakeFirst();
}

interface SubcategoryColumns { subcategoryIndex: number | null; subcategoryTitle: string | null; subcategoryReference: unknown }

/** Every result of the inspection with its library point, in category order; points hidden from reports left out. */
function results(db: Db, inspectionId: string): Promise<(ResultRow & SubcategoryColumns)[]> {
  return db
    .selectFrom('inspection_point_results as r')
    .leftJoin('inspection_points as ip', 'ip.id', 'r.inspection_point_id')
    .leftJoin('units as u', 'u.id', 'ip.measurement_unit_id')
    .leftJoin('protocol_points as pp', 'pp.id', 'r.protocol_point_id')
    // at most one: (protocol_category_id, index) is unique
    .leftJoin('protocol_subcategory_titles as st', (j) => j.onRef('st.protocol_category_id', '=', 'pp.protocol_category_id').onRef('st.index', '=', 'pp.subcategory_title_index'))
    .leftJoin('category_titles as sct', (j) => j.onRef('sct.id', '=', 'st.category_title_id').onRef('sct.text', '=', 'st.title'))
    .where('r.inspection_id', '=', inspectionId)
    .where((eb) => eb.or([eb('pp.show_in_report', 'is', null), eb('pp.show_in_report', '=', true)]))
    // Deliberately no r.internal_comment: it must never reach a report.
    .select([
      'r.id', 'r.inspection_category_id as categoryId', 'r.extra_point_id as extraPointId', 'r.selection', 'r.rating', 'r.comment', 'r.value',
      'r.name_override as nameOverride', 'r.content', 'ip.id as pointId', 'ip.type', 'ip.name', 'ip.description', 'ip.keyboard_type as keyboardType',
      'ip.rating_field_present as ratingPresent', 'ip.measurement_title as measurementTitle', 'u.symbol as unit', 'ip.field_title as fieldTitle',
      'ip.visualization_type as visualization', 'ip.life_estimate_type as lifeEstimate', 'ip.aggregation_direction as aggregationDirection',
      'ip.option_group_id as optionGroupId', 'ip.range_value_title as rangeValueTitle', 'pp.name as protocolPointName',
      'ip.title_translations as titleTranslations', 'pp.subcategory_title_index as subcategoryIndex', 'st.title as subcategoryTitle',
      'sct.translations as subcategoryReference',
    ])
    .orderBy('r.index')
    .orderBy('r.id')
    .execute();
}

/**
 * Everything the report of one inspection shows, in language `lang` (point names and descriptions translated,
 * English where a translation is missing); null when there is no such live inspection. Bounded, in two round
 * trips: the inspection with its own rows and its machine's open actions (nine queries run together), then the library parts of all its
 * points and their history (ten together), however many points it has. Who may see the report is the caller's check.
 * Dates and times print in the customer's time zone, else in `defaultTimeZone` (the configured REPORT_TIME_ZONE).
 */
export async function loadReportData(db: Db, inspectionId: string, lang: string, defaultTimeZone = 'UTC'): Promise<TReportData | null> {
  // The inspection and its own rows together (one round trip), then the library parts and history of its points.
  const [h, categories, extraPoints, rows, photos, findings, findingPhotos, actions, openActions] = await Promise.all([
    header(db, inspectionId),
    // Issue 19: the translations recorded at start; null (started before) reads the reference title's of today.
    db.selectFrom('inspection_categories as c')
      .leftJoin('protocol_categories as pc', 'pc.id', 'c.protocol_category_id')
      .leftJoin('category_titles as ct', 'ct.id', 'pc.category_title_id')
      .select(['c.id', 'c.index', 'c.title', 'c.title_translations as recorded', 'ct.translations as reference', 'c.subcategory_translations as subcategoriesRecorded'])
      .where('c.inspection_id', '=', inspectionId).orderBy('c.index').orderBy('c.id').execute(),
    db.selectFrom('inspection_extra_points').select(['id', 'name']).where('inspection_id', '=', inspectionId).orderBy('index').orderBy('id').execute(),
    results(db, inspectionId),
    db.selectFrom('inspection_result_photos as ph').innerJoin('inspection_point_results as r', 'r.id', 'ph.result_id')
      .select(['ph.id', 'ph.result_id as ownerId', 'ph.image_id as imageId', 'ph.caption', 'ph.layout'])
      .where('r.inspection_id', '=', inspectionId).orderBy('ph.result_id').orderBy('ph.position').orderBy('ph.id').execute(),
    db.selectFrom('inspection_findings').select(['id', 'title', 'description', 'consequence', 'corrective', 'preventive'])
      .where('inspection_id', '=', inspectionId).where('show', '=', true).where('deleted_at', 'is', null).orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_finding_photos as ph').innerJoin('inspection_findings as f', 'f.id', 'ph.finding_id')
      .select(['ph.id', 'ph.finding_id as ownerId', 'ph.image_id as imageId', 'ph.caption', 'ph.layout'])
      .where('f.inspection_id', '=', inspectionId).where('f.show', '=', true).where('f.deleted_at', 'is', null).orderBy('ph.finding_id').orderBy('ph.position').orderBy('ph.id').execute(),
    db.selectFrom('inspection_priority_actions').select(['id', 'title', 'description', 'priority'])
      .where('inspection_id', '=', inspectionId).where('deleted_at', 'is', null).orderBy('index').orderBy('id').execute(),
    // Issue 24: what its machine still needs, as it stands now (a stored PDF is keyed by its HTML, so a change prints anew).
    openActionsOfInspection(db, inspectionId, { defaultTimeZone, includeOwn: true }),
  ]);
  if (!h) return null;

  const pointIds = [...new Set(rows.map((r) => r.pointId).filter((id): id is string => !!id))];
  const measuredIds = [...new Set(rows.filter((r) => r.pointId && MEASURED_TYPES.includes(r.type as never)).map((r) => r.pointId!))];
  const optionGroupIds = [...new Set(rows.map((r) => r.optionGroupId).filter((id): id is string => !!id))];
  const [parts, history] = await Promise.all([
    loadPointParts(db, { pointIds, optionGroupIds, lang, familyId: h.product_family_id, modelId: h.product_model_id }),
    loadHistory(db, { inspectionId, inspectionDate: h.inspection_date, equipmentId: h.equipment_id, companyId: h.company_id }, measuredIds),
  ]);
  const photosOf = (list: typeof photos) => new Map([...groupBy(list, (p) => p.ownerId)].map(([k, v]) => [k, v.map(photo)]));
  const point = pointAssembler(parts, { lang, inspectionDate: h.inspection_date.getTime(), photos: photosOf(photos), history });
  const byCategory = groupBy(rows.filter((r) => r.categoryId), (r) => r.categoryId);
  const byExtra = groupBy(rows.filter((r) => r.extraPointId), (r) => r.extraPointId);
  const findingPhotosBy = photosOf(findingPhotos);
  const started = ms(h.started_at);
  const ended = ms(h.ended_at);

  return {
    header: {
      inspectionId: h.id,
      name: h.name,
      protocolName: h.protocolName,
      type: h.type,
      status: (InspectionStatuses as readonly string[]).includes(h.status) ? (h.status as TReportData['header']['status']) : 'In_Use',
      rating: (InspectionRatings as readonly (string | null)[]).includes(h.rating) ? (h.rating as TReportData['header']['rating']) : null,
      customer: h.customer,
      site: h.site,
      productFamily: h.family,
      productModel: h.model,
      serialNumber: h.serial_number,
      nickName: h.nick_name,
      inspectionDate: h.inspection_date.getTime(),
      started,
      ended,
      durationMinutes: started != null && ended != null && ended >= started ? Math.round((ended - started) / 60_000) : null,
      inspector: h.inspector,
      inspectorContact: h.inspector_contact,
      contactName: h.contact_name,
      contactPhone: h.contact_phone,
      contactEmail: h.contact_email,
      version: h.version,
      timeZone: reportTimeZone(h.customerTimeZone, defaultTimeZone),
    },
    ratingTableLocation: (RatingTableLocations as readonly (string | null)[]).includes(h.rating_table_location)
      ? (h.rating_table_location as TReportData['ratingTableLocation'])
      : 'Start',
    categories: categories.map((c) => ({
      id: c.id, index: c.index, title: translatedText(c.title, readTextTranslations(c.recorded ?? c.reference), lang),
      points: (byCategory.get(c.id) ?? []).map((r) => ({ ...point(r, null), subcategory: subcategoryTitle(r, c.subcategoriesRecorded, lang) })) })),
    // An extra point's own name, when it is not the point's, is its name in this report (as a protocol's own name is).
    extraPoints: extraPoints.flatMap((e) => (byExtra.get(e.id) ?? []).map((r) => point({ ...r, protocolPointName: e.name }, e.name))),
    findings: findings.map((f) => ({ ...f, photos: findingPhotosBy.get(f.id) ?? [] })),
    priorityActions: actions,
    openActions,
    // spec 000 §2.9: the equipment configurator is shown only for type Commission.
    equipmentConfigurator: hasConfigurator(h.type) && h.equipment_configurator != null ? configuratorEntries(h.equipment_configurator) : null,
    summary: h.summary,
    comment: h.comment,
    customerSignatureImageId: h.customer_signature_image_id,
    providerSignatureImageId: h.provider_signature_image_id,
  };
}

/**
 * The point's subcategory title in `lang` (issue 19): the translations the category recorded at start (migration
 * 0023), else (started before) the reference title's of today; either only for this very English text.
 */
function subcategoryTitle(r: SubcategoryColumns, recorded: unknown, lang: string): string | null {
  if (r.subcategoryIndex == null || !r.subcategoryTitle?.trim()) return null;
  const kept = recorded == null ? r.subcategoryReference : (recorded as Record<string, unknown>)[String(r.subcategoryIndex)];
  return translatedText(r.subcategoryTitle, readTextTranslations(kept), lang);
}

/** The customer's zone if this runtime knows it (the API checked it when saved), else the configured one. */
export const reportTimeZone = (customer: string | null | undefined, defaultTimeZone: string) =>
  (customer && canonicalTimeZone(customer)) || defaultTimeZone;
