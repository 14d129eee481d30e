import {
  CreatableProtocolTypes,
  FamilyRequiredProtocolTypes,
  P,
  TargetlessProtocolTypes,
  type TProtocol,
  type TProtocolCreate,
} from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { loadProtocol } from './protocols-load.js';
import { checkPointTypes, type PlacedPoint } from './protocols-point-types.js';

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);
const has = (list: readonly string[], v: string) => list.includes(v);

/** .NET ticks (100 ns since 0001-01-01) or epoch ms → a Date; the client sends 'a ticks-style number' (001 §7). */
const TICKS_AT_EPOCH = 621_355_968_000_000_000;
export function dateFromTicks(n: number | null): Date | null {
  if (n === null) return null;
  const ms = n > 1e15 ? (n - TICKS_AT_EPOCH) / 10_000 : n;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime()) || ms < -62135596800000) throw bad('date', 'is not a date');
  return d;
}

/** What create and edit both take: the protocol without the copied protocol's id (create's alone). */
type ProtocolInput = Omit<TProtocolCreate, 'copyOfProtocolId'> & Partial<Pick<TProtocolCreate, 'copyOfProtocolId'>>;

/** 001 §5 save rules that need no database: name, type, targets per type group, titles, phases, indices. */
export function checkShape(input: ProtocolInput) {
  if (!input.name) throw bad('name', 'is required');
  if (!has(CreatableProtocolTypes, input.type)) throw bad('type', `must be one of ${CreatableProtocolTypes.join(', ')}`);
  if (has(TargetlessProtocolTypes, input.type) && input.targets.length) throw bad('targets', `a ${input.type} protocol has no targets`);
  if (has(FamilyRequiredProtocolTypes, input.type) && !input.targets.length) throw bad('targets', `a ${input.type} protocol needs at least one target`);
  const products = new Set<string>();
  input.targets.forEach((t, i) => {
    const product = `${t.productFamilyId}/${t.productModelId}/${t.equipmentId}`;
    if (products.has(product)) throw bad(`targets.${i}`, 'names the same product twice');
    products.add(product);
    if (has(FamilyRequiredProtocolTypes, input.type) && !t.productFamilyId) throw bad(`targets.${i}.productFamilyId`, `is required for a ${input.type} protocol`);
    if (t.productModelId && !t.productFamilyId) throw bad(`targets.${i}.productFamilyId`, 'a product model needs its product family');
    if (!t.productFamilyId && !t.productModelId && !t.equipmentId) throw bad(`targets.${i}`, 'needs a product family, model or equipment');
  });
  if (!input.categories.length) throw bad('categories', 'choose at least one category');
  const indices = new Set<number>();
  input.categories.forEach((c, i) => {
    if (indices.has(c.index)) throw bad(`categories.${i}.index`, `${c.index} is used twice`);
    indices.add(c.index);
    if (!c.title.text) throw bad(`categories.${i}.title`, 'is required');
    // decision (issue 10): subcategory titles exist only for Commission (001 §2 'Insert subcategory title (Commission type only)').
    if (c.subcategoryTitles.length && input.type !== 'Commission') throw bad(`categories.${i}.subcategoryTitles`, 'only Commission protocols have subcategory titles');
    const subs = new Set<number>();
    c.subcategoryTitles.forEach((s, j) => {
      if (!s.title.text) throw bad(`categories.${i}.subcategoryTitles.${j}.title`, 'is required');
      if (subs.has(s.index)) throw bad(`categories.${i}.subcategoryTitles.${j}.index`, `${s.index} is used twice`);
      subs.add(s.index);
    });
    const points = new Set<number>();
    c.inspectionPoints.forEach((p, j) => {
      const at = `categories.${i}.inspectionPoints.${j}`;
      if (points.has(p.index)) throw bad(`${at}.index`, `${p.index} is used twice in the category`);
      points.add(p.index);
      if (p.subcategoryTitleIndex !== null && !subs.has(p.subcategoryTitleIndex)) throw bad(`${at}.subcategoryTitleIndex`, 'names no subcategory title of its category');
      if (input.phasesOn && !p.phaseId) throw bad(`${at}.phaseId`, 'you need to choose phase for every point before you can create a protocol');
    });
  });
  input.categoryGroups.forEach((g, i) => {
    if (!g.name) throw bad(`categoryGroups.${i}.name`, 'is required');
    const wrong = g.categoryIndices.find((x) => x !== -1 && !indices.has(x));
    if (wrong !== undefined) throw bad(`categoryGroups.${i}.categoryIndices`, `${wrong} is not a category index (-1 means no category)`);
  });
  input.phases.forEach((p, i) => {
    if (!(p.phaseId ?? p.id)) throw bad(`phases.${i}.phaseId`, 'is required');
  });
}

/**
 * References that must exist: families, models (of their family), equipment, phases, live points of the types the
 * protocol type takes (001 §5), the copied protocol. `kept`: library points an edit keeps in place, allowed even when
 * soft-deleted since (the protocol shows them as 'Point not found!').
 */
export async function checkReferences(db: Db, input: ProtocolInput, kept: ReadonlySet<string> = new Set()) {
  const ids = <T>(xs: (T | null)[]) => [...new Set(xs.filter((x): x is T => x !== null))];
  const families = ids(input.targets.map((t) => t.productFamilyId));
  const models = ids(input.targets.map((t) => t.productModelId));
  const equipment = ids(input.targets.map((t) => t.equipmentId));
  const phases = ids(input.phases.map((p) => p.phaseId ?? p.id));
  const points = ids(input.categories.flatMap((c) => c.inspectionPoints.map((p) => p.inspectionPointId)));
  const [fam, mod, eq, ph, pts] = await Promise.all([
    families.length ? db.selectFrom('product_families').select('id').where('id', 'in', families).execute() : [],
    models.length ? db.selectFrom('product_models').select(['id', 'product_family_id']).where('id', 'in', models).execute() : [],
    equipment.length ? db.selectFrom('equipment').select('id').where('id', 'in', equipment).where('deleted_at', 'is', null).execute() : [],
    phases.length ? db.selectFrom('inspection_phases').select('id').where('id', 'in', phases).execute() : [],
    points.length ? db.selectFrom('inspection_points').select(['id', 'name', 'type', 'deleted_at']).where('id', 'in', points).execute() : [],
  ]);
  const famSet = new Set(fam.map((r) => r.id));
  const modFamily = new Map(mod.map((r) => [r.id, r.product_family_id]));
  const eqSet = new Set(eq.map((r) => r.id));
  input.targets.forEach((t, i) => {
    if (t.productFamilyId && !famSet.has(t.productFamilyId)) throw bad(`targets.${i}.productFamilyId`, 'product family not found');
    if (t.productModelId && !modFamily.has(t.productModelId)) throw bad(`targets.${i}.productModelId`, 'product model not found');
    if (t.productModelId && modFamily.get(t.productModelId) !== t.productFamilyId) throw bad(`targets.${i}.productModelId`, 'is not a model of the product family');
    if (t.equipmentId && !eqSet.has(t.equipmentId)) throw bad(`targets.${i}.equipmentId`, 'equipment not found');
  });
  const phaseSet = new Set(ph.map((r) => r.id));
  input.phases.forEach((p, i) => {
    if (!phaseSet.has((p.phaseId ?? p.id)!)) throw bad(`phases.${i}.phaseId`, 'phase not found');
  });
  const chosen = new Set(phases);
  // A soft-deleted point may stay where an edit keeps it (`kept`), never be added anew.
  const live = new Map(pts.filter((r) => !r.deleted_at || kept.has(r.id)).map((r) => [r.id, r]));
  const placed: PlacedPoint[] = [];
  input.categories.forEach((c, i) =>
    c.inspectionPoints.forEach((p, j) => {
      const at = `categories.${i}.inspectionPoints.${j}`;
      const point = live.get(p.inspectionPointId);
      if (!point) throw bad(`${at}.inspectionPointId`, 'inspection point not found');
      if (p.phaseId && !chosen.has(p.phaseId)) throw bad(`${at}.phaseId`, "is not one of the protocol's phases");
      placed.push({ at, name: point.name, type: point.type });
    }),
  );
  checkPointTypes(input.type, placed);
  const titleIds = ids(input.categories.flatMap((c) => [c.title.id, ...c.subcategoryTitles.map((s) => s.title.id)]));
  const titles = new Set(titleIds.length ? (await db.selectFrom('category_titles').select('id').where('id', 'in', titleIds).execute()).map((r) => r.id) : []);
  input.categories.forEach((c, i) => {
    if (c.title.id && !titles.has(c.title.id)) throw bad(`categories.${i}.title.id`, 'category title not found');
    c.subcategoryTitles.forEach((s, j) => {
      if (s.title.id && !titles.has(s.title.id)) throw bad(`categories.${i}.subcategoryTitles.${j}.title.id`, 'category title not found');
    });
  });
  if (input.copyOfProtocolId) {
    const source = await db.selectFrom('protocols').select('id').where('id', '=', input.copyOfProtocolId).executeTakeFirst();
    if (!source) throw bad('copyOfProtocolId', 'protocol not found');
  }
}

/** The protocols row's columns an author sets (create and edit alike). */
export const protocolColumns = (input: ProtocolInput) => ({
  name: input.name, summary: input.summary, date: dateFromTicks(input.date), index: input.index,
  phases_on: input.phasesOn, info_appendix: input.infoAppendix, rating_table_location: input.ratingTableLocation,
  show_current_loaded_hours: input.showCurrentLoadedHours, automatic_name: input.automaticName,
});

/** Inserts a validated protocol with all its parts; answers its id. Used by create (copies go through protocols-copy). */
async function insertProtocol(db: Db, input: TProtocolCreate, userId: string): Promise<string> {
  const { id } = await db
    .insertInto('protocols')
    .values({ ...protocolColumns(input), type: input.type, copy_of_protocol_id: input.copyOfProtocolId, created_by_user_id: userId, updated_by_user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProtocolParts(db, id, input);
  return id;
}

/**
 * Writes a protocol's parts (targets, phases, categories, subcategory titles, points, dependencies, groups) under
 * `protocolId`, which has none. `pointId` names the row a point input keeps (the edit keeps protocol point ids);
 * null makes a new one.
 */
export async function insertProtocolParts(db: Db, id: string, input: ProtocolInput, pointId: (p: ProtocolInput['categories'][number]['inspectionPoints'][number]) => string | null = () => null) {
  if (input.targets.length) {
    // Targets have no index column: created_at one millisecond apart keeps the authored order (001 §9 lists the first three).
    const at = Date.now();
    await db.insertInto('protocol_targets').values(input.targets.map((t, i) => ({ protocol_id: id, product_family_id: t.productFamilyId, product_model_id: t.productModelId, equipment_id: t.equipmentId, created_at: new Date(at + i) }))).execute();
  }
  const phases = new Map<string, number>();
  for (const p of input.phases) if (!phases.has((p.phaseId ?? p.id)!)) phases.set((p.phaseId ?? p.id)!, p.order);
  if (phases.size) await db.insertInto('protocol_phases').values([...phases].map(([phase_id, sort_order]) => ({ protocol_id: id, phase_id, sort_order }))).execute();
  // Ids made here so every part goes in with one insert per table (per 1,000 rows, under PostgreSQL's 65,535
  // parameters), however many categories there are.
  const categories = input.categories.map((c) => ({ c, id: crypto.randomUUID() }));
  if (categories.length) {
    await db.insertInto('protocol_categories').values(categories.map(({ c, id: categoryId }) => ({ id: categoryId, protocol_id: id, index: c.index, title: c.title.text, category_title_id: c.title.id }))).execute();
  }
  const subs = categories.flatMap(({ c, id: categoryId }) => c.subcategoryTitles.map((x) => ({ protocol_category_id: categoryId, index: x.index, title: x.title.text, category_title_id: x.title.id })));
  for (let i = 0; i < subs.length; i += 1000) await db.insertInto('protocol_subcategory_titles').values(subs.slice(i, i + 1000)).execute();
  const points = categories.flatMap(({ c, id: categoryId }) => c.inspectionPoints.map((p) => ({ p, categoryId, id: pointId(p) ?? crypto.randomUUID() })));
  for (let i = 0; i < points.length; i += 1000) {
    await db
      .insertInto('protocol_points')
      .values(points.slice(i, i + 1000).map(({ p, categoryId, id: ppId }) => ({
        id: ppId, protocol_id: id, protocol_category_id: categoryId, inspection_point_id: p.inspectionPointId, index: p.index, name: p.name,
        phase_id: p.phaseId, prefill: p.prefill === null ? null : JSON.stringify(p.prefill), sample_id_index: p.sampleIdIndex,
        show_value_in_report_header: p.showValueInReportHeader, show_in_report: p.showInReport, optional: p.optional, subcategory_title_index: p.subcategoryTitleIndex,
      })))
      .execute();
  }
  // Dependencies are read in created_at order (no index column): one millisecond apart keeps the authored order.
  const at = Date.now();
  const deps = points.flatMap(({ p, id: ppId }) => p.dependencies.map((d) => ({ protocol_point_id: ppId, json: JSON.stringify(d.json) })));
  for (let i = 0; i < deps.length; i += 1000) {
    await db.insertInto('protocol_point_dependencies').values(deps.slice(i, i + 1000).map((d, k) => ({ ...d, created_at: new Date(at + i + k) }))).execute();
  }
  if (input.categoryGroups.length) {
    await db.insertInto('protocol_category_groups').values(input.categoryGroups.map((g, index) => ({ protocol_id: id, index, name: g.name, category_indices: g.categoryIndices }))).execute();
  }
}

/** POST api/v1/inspectionProtocols (001 §7, 201): validated by the save rules of 001 §5, written in one transaction. */
export async function createProtocol(ctx: ServiceContext, input: TProtocolCreate): Promise<TProtocol> {
  const c = requirePermission(ctx, P.authoring);
  checkShape(input);
  const date = dateFromTicks(input.date);
  return inTransaction(c, async (tx) => {
    await checkReferences(tx.db, input);
    const id = await insertProtocol(tx.db, input, c.actor.userId);
    await writeAuditTrail(tx.db, { entityType: 'protocol', entityId: id, actorUserId: c.actor.userId, action: 'create', changes: { name: input.name, type: input.type, date: date?.toISOString() ?? null } });
    return loadProtocol(tx.db, id);
  });
}
