import { sql } from 'kysely';
import { recordWebhookEvent, writeAuditTrail, type Db } from '@insp/db';
import { isAllowed, P, type TAction, type TActionAccept, type TActionAssign, type TActionClose, type TActionDismiss } from '@insp/contracts';
import { AppError, inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { badField, forbidden, notFound } from '../../errors.js';
import { visibleReports } from '../inspections/inspections.scope.js';
import { getAction } from './actions-read.service.js';

type State = TAction['state'];

/** The action, locked for this transaction; 404 when there is none. */
async function lockedAction(db: Db, id: string) {
  const row = await db.selectFrom('follow_up_actions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Action');
  return row;
}

const wrongState = (state: string, want: State) =>
  new AppError('CONFLICT', `state: the action is ${state}; this needs it ${want}`, 'state');

async function checkAssignee(db: Db, id: string | null | undefined) {
  if (!id) return;
  const u = await db.selectFrom('users').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!u) throw badField('assigneeUserId', 'no such user');
}

/** The history row and the webhook event of one change, in its transaction. */
async function changed(tx: AuthedContext, id: string, action: string, changes: Record<string, unknown>, events: Array<'action.created' | 'action.assigned' | 'action.closed'>) {
  await writeAuditTrail(tx.db, { entityType: 'follow_up_action', entityId: id, actorUserId: tx.actor.userId, action, changes });
  for (const e of events) await recordWebhookEvent(tx.db, e, { actionId: id, ...changes });
}

/** POST api/v1/actions/{id}/accept: a proposal becomes an open action (P.actionsManage). */
export async function acceptAction(ctx: ServiceContext, id: string, data: TActionAccept): Promise<TAction> {
  const c = requirePermission(ctx, P.actionsManage);
  await inTransaction(c, async (tx) => {
    const row = await lockedAction(tx.db, id);
    if (row.state !== 'proposed') throw new AppError('CONFLICT', `state: this proposal was already decided (${row.state})`, 'state');
    await checkAssignee(tx.db, data.assigneeUserId);
    await tx.db
      .updateTable('follow_up_actions')
      .set({
        state: 'open',
        assignee_user_id: data.assigneeUserId ?? null,
        due_on: data.dueOn ?? null,
        ...(data.text !== undefined && { text: data.text }),
        decided_by_user_id: c.actor.userId,
        decided_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    const t = tx as AuthedContext;
    await changed(t, id, 'accept', { assigneeUserId: data.assigneeUserId ?? null, dueOn: data.dueOn ?? null }, data.assigneeUserId ? ['action.created', 'action.assigned'] : ['action.created']);
  });
  return getAction(c, id);
}

/** POST api/v1/actions/{id}/dismiss: not followed up, with the reason; it stays dismissed (a repeat answers the same). */
export async function dismissAction(ctx: ServiceContext, id: string, data: TActionDismiss): Promise<TAction> {
  const c = requirePermission(ctx, P.actionsManage);
  await inTransaction(c, async (tx) => {
    const row = await lockedAction(tx.db, id);
    if (row.state === 'dismissed') return;
    if (row.state !== 'proposed') throw new AppError('CONFLICT', `state: this proposal was already decided (${row.state})`, 'state');
    await tx.db
      .updateTable('follow_up_actions')
      .set({ state: 'dismissed', dismiss_reason: data.reason, decided_by_user_id: c.actor.userId, decided_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await changed(tx as AuthedContext, id, 'dismiss', { reason: data.reason }, []);
  });
  return getAction(c, id);
}

/** PUT api/v1/actions/{id}/assignment: who does an open action and by when (P.actionsManage). */
export async function assignAction(ctx: ServiceContext, id: string, data: TActionAssign): Promise<TAction> {
  const c = requirePermission(ctx, P.actionsManage);
  await inTransaction(c, async (tx) => {
    const row = await lockedAction(tx.db, id);
    if (row.state !== 'open') throw wrongState(row.state, 'open');
    await checkAssignee(tx.db, data.assigneeUserId);
    await tx.db
      .updateTable('follow_up_actions')
      .set({ assignee_user_id: data.assigneeUserId, ...(data.dueOn !== undefined && { due_on: data.dueOn }), updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await changed(tx as AuthedContext, id, 'assign', { assigneeUserId: data.assigneeUserId, dueOn: data.dueOn ?? null }, data.assigneeUserId ? ['action.assigned'] : []);
  });
  return getAction(c, id);
}

/**
 * POST api/v1/actions/{id}/close: by a manager or the action's assignee. The inspection that shows the fix, when given,
 * is a live finished report (not an audit run) the closer may see, of the same machine, dated on or after the one that
 * proposed the action and not that one: the rule GET …/fixCandidates lists by, checked here step by step to name the failing one.
 */
export async function closeAction(ctx: ServiceContext, id: string, data: TActionClose): Promise<TAction> {
  const c = requirePermission(ctx, P.actions);
  await inTransaction(c, async (tx) => {
    const row = await lockedAction(tx.db, id);
    if (!isAllowed(P.actionsManage, c.actor) && row.assignee_user_id !== c.actor.userId) throw forbidden();
    if (row.state !== 'open') throw wrongState(row.state, 'open');
    if (data.fixedByInspectionId) {
      if (data.fixedByInspectionId === row.inspection_id) throw badField('fixedByInspectionId', 'must be another inspection than the one that found it');
      const fix = await visibleReports(tx.db, c.actor)
        .select([
          'i.equipment_id',
          'i.finished',
          sql<boolean>`i.inspection_date >= (select o.inspection_date from inspections o where o.id = ${row.inspection_id})`.as('later'),
        ])
        .where('i.id', '=', data.fixedByInspectionId)
        .executeTakeFirst();
      if (!fix) throw badField('fixedByInspectionId', 'no such report (audit runs do not count)');
      if (fix.equipment_id !== row.equipment_id) throw badField('fixedByInspectionId', 'must be an inspection of the same equipment');
      if (!fix.finished || !fix.later) throw badField('fixedByInspectionId', 'must be a finished inspection made after the one that found it');
    }
    await tx.db
      .updateTable('follow_up_actions')
      .set({
        state: 'closed',
        close_comment: data.comment,
        fixed_by_inspection_id: data.fixedByInspectionId ?? null,
        closed_by_user_id: c.actor.userId,
        closed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    await changed(tx as AuthedContext, id, 'close', { comment: data.comment, fixedByInspectionId: data.fixedByInspectionId ?? null }, ['action.closed']);
  });
  return getAction(c, id);
}
