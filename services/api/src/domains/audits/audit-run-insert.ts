import { recordedCategoryTranslations, recordedSubcategoryTranslations } from '@insp/db';
import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { Actor } from '@insp/contracts';

export interface RunAudit {
  id: string;
  customer_id: string | null;
  customer_site_id: string | null;
  inspection_date: Date;
  inspector: string;
  inspector_contact: string;
}
export interface RunEquipment {
  id: string;
  serial_number: string | null;
  nick_name: string | null;
  product_family_id: string | null;
  product_model_id: string | null;
}

/**
 * Inserts a run: an inspections row with audit_id set (docs/data-model.md), named and typed after its protocol,
 * protocol_run_type 'Kind:stage' (or 'Kind' for site runs), last in run order, with the protocol's categories.
 * The caller holds the audit's lock, so run_index never repeats.
 */
export async function insertRun(
  db: Db,
  actor: Actor,
  audit: RunAudit,
  run: { protocol: { id: string; name: string }; kind: string; stage: string | null; equipment: RunEquipment | null; includedInReport?: boolean },
): Promise<string> {
  const next = await db.selectFrom('inspections').select(sql<number>`coalesce(max(run_index) + 1, 0)::int`.as('n')).where('audit_id', '=', audit.id).executeTakeFirstOrThrow();
  const e = run.equipment;
  const { id } = await db
    .insertInto('inspections')
    .values({
      name: run.protocol.name, type: run.kind, status: 'In_Use', protocol_id: run.protocol.id, audit_id: audit.id, stage: run.stage,
      protocol_run_type: run.stage ? `${run.kind}:${run.stage}` : run.kind, included_in_report: run.includedInReport ?? true, run_index: next.n,
      customer_id: audit.customer_id, customer_site_id: audit.customer_site_id, equipment_id: e?.id ?? null, serial_number: e?.serial_number ?? null,
      nick_name: e?.nick_name ?? null, product_family_id: e?.product_family_id ?? null, product_model_id: e?.product_model_id ?? null,
      inspector: audit.inspector, inspector_contact: audit.inspector_contact, inspection_date: audit.inspection_date,
      created_by_user_id: actor.userId, updated_by_user_id: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into inspection_categories (inspection_id, protocol_category_id, index, title, title_translations, subcategory_translations)
    select ${id}, pc.id, pc.index, pc.title, ${recordedCategoryTranslations}, ${recordedSubcategoryTranslations} from protocol_categories pc where pc.protocol_id = ${run.protocol.id} order by pc.index`.execute(db);
  return id;
}
