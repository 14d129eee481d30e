import { recordedCategoryTranslations, recordedSubcategoryTranslations } from '@insp/db';
import { sql } from 'kysely';
import type { Db } from '@insp/db';
import { hasConfigurator, P, type TRunEquipmentInput, type TRunExtraPointInput } from '@insp/contracts';
import { insertExtraPoint } from '../inspections/inspection-extra-points.js';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { badField } from '../inspections/inspection-edit.save.js';
import { CONFIGURATOR_KIND, pairConfiguratorRuns } from './audit-equipment-match.js';
import { auditChanged, requireAudit, requireRun } from './audits.access.js';
import { loadAudit } from './audit-load.js';
import { runEquipment, runProtocol } from './audit-runs.service.js';

const SITE_KINDS = ['Audit_Site', 'Audit_Site_Operational'];
const runOf = async (db: Db, auditId: string, runId: string) => (await loadAudit(db, auditId)).inspectionProtocolRuns.find((r) => r.id === runId)!;

/**
 * PUT api/v1/audits/{id}/runs/{runId}/equipment (000 §5 CHANGE rule: an existing equipment by id, else a model
 * with a serial number or a nickname). The machine run's configurator run, paired by the 000 §4 matching rule,
 * moves with it so the pair stays together. Site runs have no equipment (400).
 */
export async function changeRunEquipment(ctx: ServiceContext, auditId: string, runId: string, input: TRunEquipmentInput) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const db = tx.db;
    const audit = await requireAudit(db, auditId, { open: true });
    const run = await requireRun(db, auditId, runId);
    if (SITE_KINDS.includes(run.type)) throw badField('equipment', `a ${run.type} run has no equipment`);
    const partner = run.type === CONFIGURATOR_KIND ? null : await pairedConfigurator(db, auditId, runId);
    const e = await runEquipment(db, audit, input, run.type);
    const values = { equipment_id: e.id, serial_number: e.serial_number, nick_name: e.nick_name, product_family_id: e.product_family_id, product_model_id: e.product_model_id, updated_by_user_id: c.actor.userId };
    await db.updateTable('inspections').set(values).where('id', 'in', partner ? [runId, partner] : [runId]).execute();
    await auditChanged(db, c.actor, auditId, 'run.equipment', { runId, equipmentId: [run.equipment_id, e.id], configuratorRunId: partner });
    return runOf(db, auditId, runId);
  });
}

/** The configurator run paired with a machine run (000 §4 matching), or null. */
async function pairedConfigurator(db: Db, auditId: string, runId: string): Promise<string | null> {
  const runs = await db.selectFrom('inspections as i').leftJoin('equipment as e', 'e.id', 'i.equipment_id')
    .select(['i.id', 'i.type', 'i.equipment_id', 'i.serial_number', 'i.nick_name', 'e.customer_site_id'])
    .where('i.audit_id', '=', auditId).where('i.deleted_at', 'is', null).orderBy('i.run_index').orderBy('i.created_at').orderBy('i.id').execute();
  const pairs = pairConfiguratorRuns(runs.map((r) => ({ id: r.id, kind: r.type, equipment: { id: r.equipment_id, serialNumber: r.serial_number, nickName: r.nick_name, customerSiteId: r.customer_site_id } })));
  return [...pairs].find(([, machine]) => machine === runId)?.[0] ?? null;
}

/** PUT api/v1/audits/{id}/runs/{runId}/includedInReport: whether the run appears in the audit report. */
export async function setRunIncluded(ctx: ServiceContext, auditId: string, runId: string, included: boolean) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const run = await requireRun(tx.db, auditId, runId);
    if (run.included_in_report !== included) {
      await tx.db.updateTable('inspections').set({ included_in_report: included, updated_by_user_id: c.actor.userId }).where('id', '=', runId).execute();
      await auditChanged(tx.db, c.actor, auditId, 'run.includedInReport', { runId, includedInReport: [run.included_in_report, included] });
    }
    return { id: runId, includedInReport: included };
  });
}

/**
 * PUT api/v1/audits/{id}/runs/{runId}/equipmentConfigurator (issue 20): the configurator of an Equipment_Configurator
 * run, saved as the inspection form saves an inspection's; the audit report prints it with the run. Another kind of
 * run has none (400 naming the field).
 */
export async function setRunConfigurator(ctx: ServiceContext, auditId: string, runId: string, value: unknown) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const run = await requireRun(tx.db, auditId, runId);
    if (!hasConfigurator(run.type)) throw badField('equipmentConfigurator', `a ${run.protocol_run_type} run has no equipment configurator`);
    await tx.db.updateTable('inspections').set({ equipment_configurator: value == null ? null : JSON.stringify(value), updated_by_user_id: c.actor.userId }).where('id', '=', runId).execute();
    await auditChanged(tx.db, c.actor, auditId, 'run.equipmentConfigurator', { runId });
    return { id: runId, equipmentConfigurator: value ?? null };
  });
}

/** The points an audit may add as extra points: those of the live Extra points protocols (type Audit_Extra_Points). */
function extraPointChoicesQuery(db: Db) {
  return db.selectFrom('protocol_points as pp')
    .innerJoin('protocols as p', 'p.id', 'pp.protocol_id')
    .innerJoin('inspection_points as ip', 'ip.id', 'pp.inspection_point_id')
    .select(['ip.id as inspectionPointId', 'ip.name', 'ip.type'])
    .where('p.type', '=', 'Audit_Extra_Points').where('p.deleted_at', 'is', null).where('p.superseded_at', 'is', null).where('p.draft', '=', false)
    .where('ip.deleted_at', 'is', null);
}

/**
 * GET api/v1/audits/extraPointChoices (issue 20, ours): what 'Add extra point' offers, by name, each point once. The
 * administrators choose them by authoring an Extra points protocol; an inspector picks from it, not the whole library.
 */
export async function extraPointChoices(ctx: ServiceContext) {
  const c = requirePermission(ctx, P.audits);
  const rows = await extraPointChoicesQuery(c.db).distinctOn(['ip.name', 'ip.id']).orderBy('ip.name').orderBy('ip.id').limit(500).execute();
  return rows.map((r) => ({ inspectionPointId: r.inspectionPointId, name: r.name, type: r.type }));
}

/**
 * POST api/v1/audits/{id}/runs/{runId}/extraPoints (issue 20): a library point added to the run as an extra point
 * (the site run's show in the editor's and the report's Extra points section), answered with the run. Only a point
 * an Extra points protocol offers (400 otherwise).
 */
export async function addRunExtraPoint(ctx: ServiceContext, auditId: string, runId: string, input: TRunExtraPointInput) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    await requireRun(tx.db, auditId, runId);
    const offered = await extraPointChoicesQuery(tx.db).where('pp.inspection_point_id', '=', input.inspectionPointId).executeTakeFirst();
    if (!offered) throw badField('inspectionPointId', 'is not a point of an Extra points protocol');
    const id = await insertExtraPoint(tx.db, runId, input.inspectionPointId, input.name, 'inspectionPointId');
    await auditChanged(tx.db, c.actor, auditId, 'run.extraPoint', { runId, extraPointId: id, inspectionPointId: input.inspectionPointId });
    return runOf(tx.db, auditId, runId);
  });
}

/**
 * PUT api/v1/audits/{id}/runs/{runId}/protocol/{protocolId}: another live protocol of the run's kind (000 §5:
 * CHANGE only for a different one; the same protocol answers 200 unchanged). The run's categories become the new
 * protocol's; a result moves to the new protocol's point of the same library point, and results of points the
 * new protocol does not have are removed with their old categories. Extra points stay.
 */
export async function changeRunProtocol(ctx: ServiceContext, auditId: string, runId: string, protocolId: string) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const db = tx.db;
    await requireAudit(db, auditId, { open: true });
    const run = await requireRun(db, auditId, runId);
    if (run.protocol_id === protocolId) return runOf(db, auditId, runId);
    const protocol = await runProtocol(db, protocolId, run.type, 'protocolId');
    // An old version's id names the current version: the run may already be on it.
    if (protocol.id === run.protocol_id) return runOf(db, auditId, runId);
    const old = await db.selectFrom('inspection_categories').select('id').where('inspection_id', '=', runId).execute();
    await sql`insert into inspection_categories (inspection_id, protocol_category_id, index, title, title_translations, subcategory_translations)
      select ${runId}, pc.id, pc.index, pc.title, ${recordedCategoryTranslations}, ${recordedSubcategoryTranslations} from protocol_categories pc where pc.protocol_id = ${protocol.id} order by pc.index`.execute(db);
    // One result per new point: the first result of the same library point (distinct on), moved to the new category.
    const moved = await sql<{ id: string }>`update inspection_point_results r set inspection_category_id = m.category_id, protocol_point_id = m.point_id, index = m.index
      from (select distinct on (pp.id) r2.id as result_id, nc.id as category_id, pp.id as point_id, pp.index
            from inspection_point_results r2
            join protocol_points pp on pp.inspection_point_id = r2.inspection_point_id and pp.protocol_id = ${protocol.id}
            join inspection_categories nc on nc.inspection_id = ${runId} and nc.protocol_category_id = pp.protocol_category_id
            where r2.inspection_id = ${runId} and r2.extra_point_id is null
            order by pp.id, r2.created_at, r2.id) m
      where r.id = m.result_id returning r.id`.execute(db);
    if (old.length) await db.deleteFrom('inspection_categories').where('id', 'in', old.map((o) => o.id)).execute();
    await db.updateTable('inspections').set({ protocol_id: protocol.id, name: protocol.name, updated_by_user_id: c.actor.userId }).where('id', '=', runId).execute();
    await auditChanged(db, c.actor, auditId, 'run.protocol', { runId, protocolId: [run.protocol_id, protocol.id], resultsKept: moved.rows.length });
    return runOf(db, auditId, runId);
  });
}
