import type { Db } from '../client.js';

export type AuditEntityType =
  | 'customer' | 'customer_site' | 'contact' | 'user' | 'inspection' | 'audit'
  | 'inspection_point' | 'measurement_limit' | 'dropdown_batch_update' | 'inspection_phase' | 'tags' | 'protocol' | 'category_title'
  | 'product_family' | 'product_model' | 'shared_link' | 'document' | 'document_category' | 'document_package'
  | 'inspection_plan' | 'follow_up_action';

export interface AuditTrailEntry {
  entityType: AuditEntityType;
  entityId: string;
  /** null for writes no signed-in user made (or whose user is gone). */
  actorUserId: string | null;
  action: string;
  changes: Record<string, unknown>;
}

/**
 * Who changed what (docs/data-model.md): one audit_trail row per customer-domain write. Call it with the
 * write's transaction so the row commits with the change or not at all; the API and the import job both do.
 */
export async function writeAuditTrail(db: Db, entry: AuditTrailEntry): Promise<void> {
  await db
    .insertInto('audit_trail')
    .values({
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}
