import { P, type TDueExport, type TDueQuery } from '@insp/contracts';
import { enqueueJob, touchGeneratedFile, type PlanViewer } from '@insp/db';
import type { StoredObject } from '@insp/storage';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';

/**
 * The due list's Excel export (issue 24; docs/decisions.md "Due reminders, due events and the due list's export"):
 * whoever may read the due list may export it, with the same filters and scope (the caller's as they are now,
 * stored with the request for the worker, which must not import the API). The request and its plans.dueExport job
 * commit together; the web polls the status, then downloads.
 */
export async function startDueExport(ctx: ServiceContext, query: TDueQuery): Promise<TDueExport> {
  const c = requirePermission(ctx, P.plans);
  const { offset: _o, amount: _a, orderKey: _k, orderDirection: _d, ...filters } = query;
  const viewer: PlanViewer = { userId: c.actor.userId, kind: c.actor.kind, level: c.actor.level, companyId: c.actor.companyId };
  const row = await inTransaction(c, async (tx) => {
    const r = await tx.db
      .insertInto('due_exports')
      .values({ user_id: c.actor.userId, viewer: JSON.stringify(viewer), query: JSON.stringify(filters) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(tx.db, 'plans.dueExport', { exportId: r.id }, { idempotencyKey: `plans.dueExport:${r.id}` });
    return r;
  });
  return toStatus(row);
}

type ExportRow = { id: string; status: string; rows_done: number; rows_total: number | null; error: string | null; created_at: Date; storage_key: string | null };

const toStatus = (r: ExportRow): TDueExport => ({
  id: r.id,
  status: r.status as TDueExport['status'],
  rowsDone: r.rows_done,
  rowsTotal: r.rows_total,
  error: r.error,
  fileName: `due-${r.created_at.toISOString().slice(0, 10)}.xlsx`,
});

/** One's own export, else 404 (another user's export is not theirs to know about). */
async function ownExport(ctx: ServiceContext, id: string): Promise<ExportRow> {
  const c = requirePermission(ctx, P.plans);
  const row = await c.db.selectFrom('due_exports').selectAll().where('id', '=', id).where('user_id', '=', c.actor.userId).executeTakeFirst();
  if (!row) throw notFound('Export');
  return row;
}

/** GET api/v1/plans/due/export/{id} (tRPC `plans.exportDueStatus`). */
export async function dueExportStatus(ctx: ServiceContext, id: string): Promise<TDueExport> {
  return toStatus(await ownExport(ctx, id));
}

/** GET api/v1/plans/due/export/{id}/file: the workbook once ready; 409 before. */
export async function dueExportFile(ctx: ServiceContext, id: string): Promise<{ file: StoredObject; fileName: string }> {
  const row = await ownExport(ctx, id);
  if (row.status !== 'ready' || !row.storage_key) throw new AppError('CONFLICT', `The export is ${row.status}`);
  await touchGeneratedFile(ctx.db, row.storage_key);
  const file = await storageOf(ctx.config).get(row.storage_key);
  // Removed by the clean-up of unused files: ask for a new export.
  if (!file) throw notFound('Export file');
  return { file, fileName: toStatus(row).fileName };
}
