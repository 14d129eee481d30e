import { sql } from 'kysely';
import type { Db } from '@insp/db';
import { AUDIT_KIND_CATEGORIES, P, type TAuditRun, type TRunCreate, type TRunEquipmentInput } from '@insp/contracts';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { equipmentFor } from '../inspections/inspection-create.service.js';
import { currentProtocolVersion } from '../protocols/protocols-versions.js';
import { badField } from '../inspections/inspection-edit.save.js';
import { auditChanged, requireAudit, requireRun, type AuditRow } from './audits.access.js';
import { loadAudit } from './audit-load.js';
import { insertRun } from './audit-run-insert.js';

const SITE_KINDS = ['Audit_Site', 'Audit_Site_Operational'];

/**
 * POST api/v1/audits/{id}/runs (000 §3 payload, §5 ADD rule): a run of a protocol of the kind named by
 * protocolRunType ('Audit_Machine:stage_1'), on equipment (machine kinds; site kinds have none). With cloneRunId
 * the source's protocol counts and its results (with photos), extra points and configurator are copied; the
 * equipment defaults to the source's. Answers the new run as the editor shows it.
 */
export async function addRun(ctx: ServiceContext, auditId: string, input: TRunCreate): Promise<TAuditRun> {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const db = tx.db;
    const audit = await requireAudit(db, auditId, { open: true });
    const { kind, stage } = input.protocolRunType;
    const source = input.cloneRunId ? await requireRunOr400(db, auditId, input.cloneRunId) : null;
    if (source && input.protocolId && input.protocolId !== source.protocol_id) throw badField('protocolId', "differs from the cloned run's protocol");
    // A clone runs its source's version: the results it copies name that version's points.
    const protocol = await runProtocol(db, input.protocolId ?? source?.protocol_id ?? null, kind, 'protocolId', source ? 'exact' : 'current');
    let equipment = null;
    if (!SITE_KINDS.includes(kind)) {
      if (input.equipment) equipment = await runEquipment(db, audit, input.equipment, kind);
      else if (source?.equipment_id || source?.serial_number || source?.nick_name) equipment = { id: source.equipment_id!, serial_number: source.serial_number, nick_name: source.nick_name, product_family_id: source.product_family_id, product_model_id: source.product_model_id };
      else throw badField('equipment', `a ${kind} run needs equipment (an id, or a model with a serial number or a nickname)`);
    } else {
      if (input.equipment) throw badField('equipment', `a ${kind} run has no equipment`);
      // An audit has one site run and one operational run (000 §2.6); a missing one may be added (issue 20).
      const existing = await db.selectFrom('inspections').select('id').where('audit_id', '=', auditId).where('deleted_at', 'is', null)
        .where('protocol_run_type', '=', kind).executeTakeFirst();
      if (existing) throw new AppError('CONFLICT', `protocolRunType: the audit already has a ${kind} run`, 'protocolRunType');
    }
    const id = await insertRun(db, c.actor, audit, { protocol, kind, stage, equipment });
    const copied = source ? await copyRunContent(db, source.id, id) : null;
    await auditChanged(db, c.actor, auditId, 'run.add', { runId: id, protocolId: protocol.id, protocolRunType: input.protocolRunType.value, clonedFrom: source?.id ?? null, resultsCopied: copied });
    return (await loadAudit(db, auditId)).inspectionProtocolRuns.find((r) => r.id === id)!;
  });
}

/** DELETE api/v1/audits/{id}/runs/{runId}: soft, like every inspection (the browser confirms first, 000 §2.6). */
export async function deleteRun(ctx: ServiceContext, auditId: string, runId: string) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const run = await requireRun(tx.db, auditId, runId);
    await tx.db.updateTable('inspections').set({ deleted_at: new Date(), updated_by_user_id: c.actor.userId }).where('id', '=', runId).execute();
    await auditChanged(tx.db, c.actor, auditId, 'run.delete', { runId, protocolId: run.protocol_id, protocolRunType: run.protocol_run_type });
    return { id: runId };
  });
}

async function requireRunOr400(db: Db, auditId: string, runId: string) {
  try {
    return await requireRun(db, auditId, runId);
  } catch {
    throw badField('cloneRunId', 'is not a run of this audit');
  }
}

/**
 * A live protocol of the run's kind (000 §3: the run type is the protocol kind and a stage). A superseded version's
 * id gives the current version (issue 10 'Versions'), unless `version` is 'exact'.
 */
export async function runProtocol(db: Db, protocolId: string | null, kind: string, field = 'protocolId', version: 'current' | 'exact' = 'current') {
  if (!protocolId) throw badField(field, 'is required (or clone a run)');
  const p =
    version === 'current'
      ? await currentProtocolVersion(db, protocolId)
      : await db.selectFrom('protocols').select(['id', 'name', 'type']).where('id', '=', protocolId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!p) throw badField(field, 'protocol not found');
  if (p.type !== kind) throw badField(field, `is a ${p.type} protocol; this run needs ${kind}`);
  return p;
}

/** The run's machine: by id, else matched (serial number, else nickname at the audit's site) or created (inspection-create). */
export async function runEquipment(db: Db, audit: AuditRow, e: TRunEquipmentInput, kind: string) {
  if (!audit.customer_id) throw badField('equipment', 'the audit has no customer');
  const equipment = await equipmentFor(db, { customerId: audit.customer_id, customerSiteId: audit.customer_site_id, equipment: e });
  await requireFamilyOfKind(db, kind, equipment.product_family_id);
  return equipment;
}

/** Issue 20: a crusher run audits a crusher, a screen run a screen (AUDIT_KIND_CATEGORIES); 400 naming `equipment` otherwise. */
async function requireFamilyOfKind(db: Db, kind: string, familyId: string | null) {
  const wanted = AUDIT_KIND_CATEGORIES[kind];
  if (!wanted || !familyId) return;
  const row = await db.selectFrom('product_families as f').innerJoin('product_categories as pc', 'pc.id', 'f.product_category_id')
    .select(['pc.name', sql<boolean>`exists (select 1 from product_categories where name in (${sql.join(wanted)}))`.as('known')])
    .where('f.id', '=', familyId).executeTakeFirst();
  if (row && row.known && !wanted.includes(row.name)) throw badField('equipment', `a ${kind} run audits ${wanted.join(' or ').toLowerCase()}, not ${row.name.toLowerCase()}`);
}

/** Copies results (with photos), extra points and the configurator of one run to a new run of the same protocol. */
async function copyRunContent(db: Db, from: string, to: string): Promise<number> {
  await sql`update inspections t set equipment_configurator = s.equipment_configurator from inspections s where s.id = ${from} and t.id = ${to}`.execute(db);
  const extras = await db.selectFrom('inspection_extra_points').select('id').where('inspection_id', '=', from).execute();
  const results = await db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', from).execute();
  // Old id → new id, generated here so results and photos follow their copied owners.
  const pairs = (rows: { id: string }[]) => sql.join(rows.map((r) => sql`(${r.id}::uuid, ${crypto.randomUUID()}::uuid)`));
  const extraMap = extras.length ? pairs(extras) : sql`(null::uuid, null::uuid)`;
  if (extras.length) {
    await sql`insert into inspection_extra_points (id, inspection_id, inspection_point_id, index, name)
      select m.n, ${to}, e.inspection_point_id, e.index, e.name from inspection_extra_points e join (values ${extraMap}) m(o, n) on m.o = e.id`.execute(db);
  }
  if (!results.length) return 0;
  const map = pairs(results);
  await sql`insert into inspection_point_results (id, inspection_id, inspection_category_id, extra_point_id, protocol_point_id, inspection_point_id, index,
      selection, rating, comment, internal_comment, value, name_override, voice_comment_id, content)
    select m.n, ${to}, nc.id, em.n, r.protocol_point_id, r.inspection_point_id, r.index,
      r.selection, r.rating, r.comment, r.internal_comment, r.value, r.name_override, r.voice_comment_id, r.content
    from inspection_point_results r join (values ${map}) m(o, n) on m.o = r.id
    left join inspection_categories oc on oc.id = r.inspection_category_id
    left join inspection_categories nc on nc.inspection_id = ${to} and nc.protocol_category_id = oc.protocol_category_id
    left join (values ${extraMap}) em(o, n) on em.o = r.extra_point_id
    where nc.id is not null or em.n is not null`.execute(db);
  await sql`insert into inspection_result_photos (result_id, image_id, caption, layout, position)
    select m.n, p.image_id, p.caption, p.layout, p.position from inspection_result_photos p join (values ${map}) m(o, n) on m.o = p.result_id
    where exists (select 1 from inspection_point_results x where x.id = m.n)`.execute(db);
  const n = await db.selectFrom('inspection_point_results').select(sql<number>`count(*)::int`.as('n')).where('inspection_id', '=', to).executeTakeFirstOrThrow();
  return n.n;
}
