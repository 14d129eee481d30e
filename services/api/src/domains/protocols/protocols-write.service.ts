import { P, type TProtocol, type TProtocolDependencySaved } from '@insp/contracts';
import { writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { loadProtocol } from './protocols-load.js';
import { checkStoredPointTypes } from './protocols-point-types.js';
import { changeProtocol, copyProtocolRows } from './protocols-versions.js';

const COPY_SUFFIX = ' (copy)';

/**
 * POST api/v1/InspectionProtocols/{id}/copy (001 §2 'create copy'; the spec does not show the call): a new protocol
 * named '{name} (copy)', version 1 of its own, `copyOfProtocolId` the source, everything copied under new ids.
 * A copy is a new protocol: it takes only the point types its type allows (001 §5), so a source written before that
 * rule with other points is refused with a 400 naming them (field: their place in the source) rather than copied.
 */
export async function copyProtocol(ctx: ServiceContext, id: string): Promise<TProtocol> {
  const c = requirePermission(ctx, P.authoring);
  return inTransaction(c, async (tx) => {
    const source = await tx.db.selectFrom('protocols').select(['name', 'type']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!source) throw notFound('Protocol');
    await checkStoredPointTypes(tx.db, id, source.type);
    const copy = await copyProtocolRows(tx.db, id, {
      // Within ZProtocolCreate's 300 characters, so the copy's name is one a client could have sent.
      name: `${source.name.slice(0, 300 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
      copy_of_protocol_id: id,
      version: 1,
      root_protocol_id: null,
      previous_version_id: null,
      superseded_at: null,
      // decision (issue 19): not offered to inspectors until an edit saves it under a name of its own.
      draft: true,
      changes: null,
      created_by_user_id: c.actor.userId,
      updated_by_user_id: c.actor.userId,
    });
    await writeAuditTrail(tx.db, { entityType: 'protocol', entityId: copy.id, actorUserId: c.actor.userId, action: 'copy', changes: { copyOfProtocolId: id } });
    return loadProtocol(tx.db, copy.id);
  });
}

/**
 * DELETE api/v1/InspectionProtocols/{id}/soft (001 §4): soft delete; inspections keep pointing at it. Deleting the
 * current version also deletes its superseded versions (the history of a deleted protocol is not 'obsolete').
 * 404 when missing or already deleted.
 */
export async function softDeleteProtocol(ctx: ServiceContext, id: string): Promise<void> {
  const c = requirePermission(ctx, P.authoring);
  await inTransaction(c, async (tx) => {
    const p = await tx.db.selectFrom('protocols').select(['id', 'root_protocol_id', 'superseded_at', 'deleted_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!p || p.deleted_at) throw notFound('Protocol');
    const now = new Date();
    await tx.db.updateTable('protocols').set({ deleted_at: now, updated_by_user_id: c.actor.userId }).where('id', '=', id).execute();
    if (!p.superseded_at && p.root_protocol_id) {
      await tx.db.updateTable('protocols').set({ deleted_at: now }).where('root_protocol_id', '=', p.root_protocol_id).where('superseded_at', 'is not', null).where('deleted_at', 'is', null).execute();
    }
    await writeAuditTrail(tx.db, { entityType: 'protocol', entityId: id, actorUserId: c.actor.userId, action: 'delete', changes: { deletedAt: now.toISOString() } });
  });
}

/**
 * PUT api/v1/InspectionProtocols/{id}/points/{pointId}/dependencies/{dependencyId}/json (001 §7): replaces one
 * dependency's JSON. `pointId` is the protocol point's id. When inspections use the protocol the change makes a new
 * version (protocols-versions.ts) and the answer names the new version's ids.
 */
export async function updateDependencyJson(ctx: ServiceContext, id: string, pointId: string, dependencyId: string, json: unknown): Promise<TProtocolDependencySaved> {
  const c = requirePermission(ctx, P.authoring);
  const belongs = await c.db
    .selectFrom('protocol_point_dependencies as d')
    .innerJoin('protocol_points as p', 'p.id', 'd.protocol_point_id')
    .select('d.id')
    .where('d.id', '=', dependencyId)
    .where('p.id', '=', pointId)
    .where('p.protocol_id', '=', id)
    .executeTakeFirst();
  if (!belongs) throw notFound('Dependency');
  const saved = await changeProtocol(c, id, 'update_dependency', async (db, target) => {
    const depId = target.dependency(dependencyId)!;
    const row = await db.updateTable('protocol_point_dependencies').set({ json: JSON.stringify(json) }).where('id', '=', depId).returning(['id', 'json', 'protocol_point_id']).executeTakeFirstOrThrow();
    return { row };
  });
  return {
    id: saved.row.id,
    json: saved.row.json,
    protocolPointId: saved.row.protocol_point_id,
    protocolId: saved.target.protocolId,
    version: saved.target.version,
    newVersion: saved.target.newVersion,
  };
}
