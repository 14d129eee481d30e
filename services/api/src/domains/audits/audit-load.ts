import type { Db } from '@insp/db';
import { AuditTextFields, RunStages, SuggestionTypes, type TAudit, type TAuditRun } from '@insp/contracts';
import { notFound } from '../../errors.js';
import { loadInspectionEdits } from '../inspections/inspection-edit.load.js';
import { pairConfiguratorRuns } from './audit-equipment-match.js';
import { textVersionsOf } from '../../lib/text-versions.js';

const stageOf = (v: string | null) => ((RunStages as readonly (string | null)[]).includes(v) ? (v as TAuditRun['stage']) : null);
const typeOf = (v: string) => ((SuggestionTypes as readonly string[]).includes(v) ? (v as TAudit['suggestions'][number]['type']) : 'ShortTerm');

const PROPOSING = ['Repair', 'ImmediateAction'] as const;

/** Results rated Repair or ImmediateAction that no suggestion accepted or dismissed yet, prefilled (issue 8). */
function proposalsOf(runs: TAuditRun[], decided: Set<string>): TAudit['proposals'] {
  const out: TAudit['proposals'] = [];
  for (const run of runs) {
    const machine = run.equipment?.serialNumber || run.equipment?.nickName || run.inspectionProtocolName || run.protocolType;
    for (const p of [...run.categories.flatMap((c) => c.inspectionPoints), ...run.extraPoints]) {
      const r = p.content;
      if (!r.id || decided.has(r.id) || !(PROPOSING as readonly string[]).includes(r.rating)) continue;
      const point = r.nameOverride || p.name;
      out.push({ resultId: r.id, runId: run.id, rating: r.rating as (typeof PROPOSING)[number], type: 'ShortTerm', text: `${machine} · ${point}${r.comment ? `: ${r.comment}` : ''}` });
    }
  }
  return out;
}

/**
 * The audit editor's data (000 §2.6, §3 Audit): the info box fields, suggestions by list, and every live run with
 * its categories, points (configuration and result) and extra points, in run order. A bounded number of queries
 * whatever the number of runs and results: the runs come from one set-based load (inspection-edit.load.ts).
 */
export async function loadAudit(db: Db, id: string): Promise<TAudit> {
  const [a, suggestions, runs] = await Promise.all([
    db.selectFrom('audits as a')
      .leftJoin('customers as c', 'c.id', 'a.customer_id')
      .leftJoin('customer_sites as s', 's.id', 'a.customer_site_id')
      .selectAll('a')
      .select(['c.name as customerName', 's.name as siteName'])
      .where('a.id', '=', id)
      .where('a.deleted_at', 'is', null)
      .executeTakeFirst(),
    db.selectFrom('audit_suggestions').select(['id', 'type', 'text', 'source_result_id', 'dismissed']).where('audit_id', '=', id).orderBy('type').orderBy('position').orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('inspections as i')
      .leftJoin('equipment as e', 'e.id', 'i.equipment_id')
      .select(['i.id', 'i.type', 'i.protocol_run_type', 'i.stage', 'i.included_in_report', 'i.run_index', 'i.equipment_id', 'e.customer_site_id as equipmentSiteId'])
      .where('i.audit_id', '=', id)
      .where('i.deleted_at', 'is', null)
      .orderBy('i.run_index').orderBy('i.created_at').orderBy('i.id')
      .execute(),
  ]);
  if (!a) throw notFound('Audit');
  const edits = await loadInspectionEdits(db, runs.map((r) => r.id), { internal: true });

  const out: TAuditRun[] = [];
  for (const r of runs) {
    const e = edits.get(r.id);
    if (!e) continue;
    const hasEquipment = !!(r.equipment_id || e.serialNumber || e.nickName);
    out.push({
      id: r.id,
      protocolType: r.type,
      protocolRunType: r.protocol_run_type ?? r.type,
      stage: stageOf(r.stage),
      runIndex: r.run_index,
      inspectionProtocolId: e.protocolId,
      inspectionProtocolName: e.protocolName,
      equipment: hasEquipment
        ? {
            id: r.equipment_id, productFamilyId: e.productFamilyId, productModelId: e.productModelId, serialNumber: e.serialNumber, nickName: e.nickName,
            customerSiteId: r.equipmentSiteId ?? e.customerSiteId, productFamilyName: e.productFamilyName, productModelName: e.productModelName,
          }
        : null,
      includedInReport: r.included_in_report,
      configuratorRunId: null,
      machineRunId: null,
      categories: e.categories,
      extraPoints: e.extraPoints,
      equipmentConfigurator: e.equipmentConfigurator ?? null,
    });
  }
  const pairs = pairConfiguratorRuns(
    out.map((r) => ({ id: r.id, kind: r.protocolType, equipment: { id: r.equipment?.id ?? null, serialNumber: r.equipment?.serialNumber ?? null, nickName: r.equipment?.nickName ?? null, customerSiteId: r.equipment?.customerSiteId ?? null } })),
  );
  for (const [conf, machine] of pairs) {
    out.find((r) => r.id === conf)!.machineRunId = machine;
    out.find((r) => r.id === machine)!.configuratorRunId = conf;
  }
  return {
    id: a.id,
    name: a.name,
    customer: a.customer_id ? { id: a.customer_id, name: a.customerName ?? '' } : null,
    customerSite: a.customer_site_id ? { id: a.customer_site_id, name: a.siteName ?? '' } : null,
    inspectionDate: new Date(a.inspection_date).getTime(),
    inspector: a.inspector,
    inspectorContact: a.inspector_contact,
    contactName: a.contact_name,
    contactPhoneNumber: a.contact_phone,
    contactEmail: a.contact_email,
    finished: a.finished,
    comment: a.comment,
    internalComment: a.internal_comment,
    summary: a.summary,
    textVersions: textVersionsOf(a.text_versions, AuditTextFields),
    suggestions: suggestions.filter((s) => !s.dismissed).map((s) => ({ id: s.id, type: typeOf(s.type), text: s.text })),
    proposals: proposalsOf(out, new Set(suggestions.map((s) => s.source_result_id).filter((x): x is string => !!x))),
    inspectionProtocolRuns: out,
  };
}
