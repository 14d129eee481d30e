import { sql } from 'kysely';
import type { Db } from '../client.js';

/**
 * background_services: the state of the recurring jobs that the API and every worker process share (issue 22).
 * A missing row means "enabled, never ran": rows are created by the first run or the first change.
 */
export function findBackgroundServices(db: Db) {
  return db
    .selectFrom('background_services')
    .select(['id', 'status', 'enabled', 'last_run_at', 'next_run_at', 'last_error', 'last_duration_ms', 'last_result'])
    .execute();
}
export type BackgroundServiceRow = Awaited<ReturnType<typeof findBackgroundServices>>[number];

/** Enabled or disabled (the API); a disabled service shows 'Disabled' (and the API hides its next run). */
export async function setBackgroundServiceEnabled(db: Db, id: string, enabled: boolean): Promise<void> {
  const status = enabled ? 'Idle' : 'Disabled';
  await db
    .insertInto('background_services')
    .values({ id, enabled, status })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        enabled,
        // Enabling keeps what the last run left (Failed stays Failed until RESET or a successful run).
        status: enabled ? sql`case when background_services.status = 'Disabled' then 'Idle' else background_services.status end` : status,
      }),
    )
    .execute();
}

/** RESET: the failed state (status and error) is cleared. */
export async function resetBackgroundService(db: Db, id: string): Promise<{ enabled: boolean }> {
  return db
    .insertInto('background_services')
    .values({ id, status: 'Idle' })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        status: sql`case when background_services.enabled then 'Idle' else 'Disabled' end`,
        last_error: null,
      }),
    )
    .returning('enabled')
    .executeTakeFirstOrThrow();
}

/**
 * A run starts, unless the service is disabled: one statement, so a run that starts after a disable committed (in
 * any process) sees it. Answers false when the run must be skipped.
 */
export async function startBackgroundRun(db: Db, id: string): Promise<boolean> {
  const row = await db
    .insertInto('background_services')
    .values({ id, status: 'Running', last_run_at: sql`now()` })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'Running', last_run_at: sql`now()` }).where('background_services.enabled', '=', true))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function finishBackgroundRun(
  db: Db,
  id: string,
  run: { durationMs: number; error?: string; result?: unknown },
): Promise<void> {
  await db
    .updateTable('background_services')
    .set({
      // A disable that came during the run wins: the row keeps 'Disabled'.
      status: sql`case when enabled then ${run.error === undefined ? 'Succeeded' : 'Failed'} else 'Disabled' end`,
      last_duration_ms: Math.round(run.durationMs),
      ...(run.error === undefined
        ? { last_result: run.result === undefined ? null : JSON.stringify(run.result) }
        : { last_error: run.error.slice(0, 2000) }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * When the scheduler (a BullMQ job scheduler, or the embedded timer, which keeps ticking while disabled and skips
 * its runs) runs it next, null when there is none; the API shows none while disabled. Written only when it changed,
 * so the workers' idle syncs write nothing.
 */
export async function setBackgroundNextRun(db: Db, id: string, next: Date | null): Promise<void> {
  await db
    .insertInto('background_services')
    .values({ id, next_run_at: next })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ next_run_at: next })
        .where(sql<boolean>`background_services.next_run_at is distinct from ${next}::timestamptz`),
    )
    .execute();
}
