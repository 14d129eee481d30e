import { sql } from 'kysely';
import {
  P,
  ZDropdownBatchUpdateCreate,
  type TDropdownBatchUpdate,
  type TDropdownBatchUpdateCreate,
  type TSimilarOption,
} from '@insp/contracts';
import { enqueueJob, writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { followUpsById } from '../inspection-points/inspection-points.load.js';

/** Similar options answered at most (the dialog lists them all; a title shared by more is not a real case). */
export const SIMILAR_OPTIONS_LIMIT = 1000;

/**
 * GET api/v1/inspectionPoints/dropdownsWithSimilarOptions?currentDropdownId&currentOptionId (001 §7): options
 * with the current option's title (ignoring case, through the lower(title) index) in the other dropdowns of live
 * points, each with its batch update (locked while that one is pending).
 */
export async function similarOptions(ctx: ServiceContext, q: { currentDropdownId: string; currentOptionId: string }): Promise<TSimilarOption[]> {
  requirePermission(ctx, P.authoring);
  const current = await ctx.db
    .selectFrom('dropdown_options')
    .select('title')
    .where('id', '=', q.currentOptionId)
    .where('dropdown_id', '=', q.currentDropdownId)
    .executeTakeFirst();
  if (!current) throw notFound('Dropdown option');
  const rows = await ctx.db
    .selectFrom('dropdown_options as o')
    .innerJoin('dropdowns as d', 'd.id', 'o.dropdown_id')
    .innerJoin('inspection_points as p', 'p.id', 'd.inspection_point_id')
    .leftJoin('dropdown_batch_updates as b', 'b.id', 'o.batch_update_id')
    .select(['o.id', 'o.title', 'o.image_id', 'd.id as dropdownId', 'd.title as dropdownName', 'p.id as pointId', 'p.name as pointName', 'b.id as batchId', 'b.status as batchStatus'])
    .where(sql`lower(o.title)`, '=', current.title.toLowerCase())
    .where('o.dropdown_id', '<>', q.currentDropdownId)
    .where('p.deleted_at', 'is', null)
    .orderBy(sql`lower(p.name)`)
    .orderBy(sql`lower(d.title)`)
    .orderBy('o.index')
    .orderBy('o.id')
    .limit(SIMILAR_OPTIONS_LIMIT)
    .execute();
  return rows.map((r) => ({
    dropdownId: r.dropdownId,
    dropdownName: r.dropdownName,
    inspectionPointId: r.pointId,
    inspectionPointName: r.pointName,
    option: {
      id: r.id,
      title: r.title,
      imageId: r.image_id,
      batchUpdateDetails: r.batchId ? { batchUpdateId: r.batchId, status: r.batchStatus as 'pending' | 'done' | 'failed' } : null,
    },
  }));
}

interface Skipped { dropdownId: string; optionId: string; reason: 'locked' | 'source' }

/**
 * POST api/v1/inspectionPoints/dropdownOptions/batchUpdates (our design, docs/decisions.md): one transaction
 * records the batch (pending, with what it copies), locks the selected options by pointing them at it, and
 * queues the worker job that applies it (outbox, same commit). Options locked by another pending batch, and the
 * source option itself, are skipped and reported. Images are never copied (001 §2).
 */
export async function createBatchUpdate(ctx: ServiceContext, input: TDropdownBatchUpdateCreate): Promise<TDropdownBatchUpdate> {
  const authed = requirePermission(ctx, P.authoring);
  const parsed = ZDropdownBatchUpdateCreate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const body = parsed.data;

  return inTransaction(ctx, async (tx) => {
    const source = await tx.db
      .selectFrom('dropdown_options as o')
      .innerJoin('dropdowns as d', 'd.id', 'o.dropdown_id')
      .innerJoin('inspection_points as p', 'p.id', 'd.inspection_point_id')
      .leftJoin('dropdown_batch_updates as b', 'b.id', 'o.batch_update_id')
      .select(['o.title', 'o.follow_up_range_value_id', 'b.status as batchStatus'])
      .where('o.id', '=', body.sourceOptionId)
      .where('o.dropdown_id', '=', body.sourceDropdownId)
      .where('p.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!source) throw new AppError('BAD_REQUEST', 'sourceOptionId: no such option in that dropdown', 'sourceOptionId');
    if (source.batchStatus === 'pending') {
      throw new AppError('CONFLICT', 'sourceOptionId: this option is being updated by another batch update', 'sourceOptionId');
    }

    // Row locks on the selected options: two batches saved at once cannot both take the same option.
    const optionIds = [...new Set(body.selections.map((s) => s.optionId))];
    const found = await tx.db
      .selectFrom('dropdown_options as o')
      .innerJoin('dropdowns as d', 'd.id', 'o.dropdown_id')
      .innerJoin('inspection_points as p', 'p.id', 'd.inspection_point_id')
      .select(['o.id', 'o.dropdown_id', 'o.batch_update_id'])
      .where('o.id', 'in', optionIds)
      .where('p.deleted_at', 'is', null)
      // Locked in id order, so two batches over overlapping options wait for each other instead of deadlocking.
      .orderBy('o.id')
      .forUpdate('o')
      .execute();
    const byId = new Map(found.map((o) => [o.id, o]));
    body.selections.forEach((s, i) => {
      if (byId.get(s.optionId)?.dropdown_id !== s.dropdownId) {
        throw new AppError('BAD_REQUEST', `selections.${i}: no such option in that dropdown`, `selections.${i}`);
      }
    });
    const lockIds = [...new Set(found.map((o) => o.batch_update_id).filter((x): x is string => !!x))];
    const pending = new Set(
      lockIds.length ? (await tx.db.selectFrom('dropdown_batch_updates').select('id').where('id', 'in', lockIds).where('status', '=', 'pending').execute()).map((b) => b.id) : [],
    );
    const take: string[] = [];
    const skipped: Skipped[] = [];
    for (const s of body.selections) {
      if (take.includes(s.optionId) || skipped.some((k) => k.optionId === s.optionId)) continue;
      const option = byId.get(s.optionId)!;
      if (s.optionId === body.sourceOptionId) skipped.push({ ...s, reason: 'source' });
      else if (option.batch_update_id && pending.has(option.batch_update_id)) skipped.push({ ...s, reason: 'locked' });
      else take.push(s.optionId);
    }

    const followUp = source.follow_up_range_value_id ? (await followUpsById(tx.db, [source.follow_up_range_value_id])).get(source.follow_up_range_value_id) ?? null : null;
    const changes = {
      sourceDropdownId: body.sourceDropdownId,
      sourceOptionId: body.sourceOptionId,
      title: source.title,
      followUpRangeValue: followUp ? { ...followUp, id: undefined } : null,
      optionIds: take,
      skipped,
    };
    // Nothing to change (all skipped): the batch is done at once and no job is queued.
    const batch = await tx.db
      .insertInto('dropdown_batch_updates')
      .values({
        status: take.length ? 'pending' : 'done',
        changes: JSON.stringify(changes),
        created_by_user_id: authed.actor.userId,
        completed_at: take.length ? null : sql`now()`,
      })
      .returning(['id', 'status', 'created_at', 'completed_at'])
      .executeTakeFirstOrThrow();
    if (take.length) {
      await tx.db.updateTable('dropdown_options').set({ batch_update_id: batch.id }).where('id', 'in', take).execute();
      await enqueueJob(tx.db, 'points.dropdownBatchUpdate', { batchUpdateId: batch.id }, { idempotencyKey: `points.dropdownBatchUpdate:${batch.id}` });
    }
    await writeAuditTrail(tx.db, { entityType: 'dropdown_batch_update', entityId: batch.id, actorUserId: authed.actor.userId, action: 'create', changes });
    return toBatch(batch, changes);
  });
}

/** GET api/v1/inspectionPoints/dropdownOptions/batchUpdates/{id} */
export async function getBatchUpdate(ctx: ServiceContext, id: string): Promise<TDropdownBatchUpdate> {
  requirePermission(ctx, P.authoring);
  const row = await ctx.db
    .selectFrom('dropdown_batch_updates')
    .select(['id', 'status', 'changes', 'created_at', 'completed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Batch update');
  return toBatch(row, row.changes as unknown as { title: string; optionIds: string[]; skipped: Skipped[] });
}

function toBatch(
  row: { id: string; status: string; created_at: Date | string; completed_at: Date | string | null },
  changes: { title: string; optionIds: string[]; skipped: Skipped[] },
): TDropdownBatchUpdate {
  return {
    batchUpdateId: row.id,
    status: row.status as TDropdownBatchUpdate['status'],
    optionIds: changes.optionIds,
    skipped: changes.skipped,
    title: changes.title,
    created: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}
