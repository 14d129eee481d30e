import { sql } from 'kysely';
import { LOG_RETENTION_DEFAULT_DAYS } from '@insp/contracts';
import type { Db } from '@insp/db';
import type { JobDeps } from '../types.js';

/** Rows per delete: each batch is its own short statement (no long lock, no huge WAL burst). */
export const LOG_CLEANUP_BATCH = 10_000;
/** Batches per table per run: a backlog (a first run on a year of logs) is worked off over a few hourly runs. */
export const LOG_CLEANUP_MAX_BATCHES = 50;

export interface LogsCleanupOptions {
  keepDays?: number;
  batchSize?: number;
  maxBatches?: number;
}

const TABLES = ['web_logs', 'app_logs'] as const;

/**
 * Issue 22: deletes web and app log rows older than `keepDays`, oldest first through each table's occurred_at index
 * (web_logs_time, app_logs_time). Idempotent; `skip locked` lets two runs share the work without waiting.
 */
export async function deleteOldLogs(db: Db, opts: LogsCleanupOptions = {}) {
  const keepDays = opts.keepDays ?? LOG_RETENTION_DEFAULT_DAYS;
  const batchSize = opts.batchSize ?? LOG_CLEANUP_BATCH;
  const maxBatches = opts.maxBatches ?? LOG_CLEANUP_MAX_BATCHES;
  const before = sql<Date>`now() - ${`${keepDays} days`}::interval`;
  const deleted = { web_logs: 0, app_logs: 0 };
  for (const table of TABLES) {
    for (let batch = 0; batch < maxBatches; batch++) {
      const result = await db
        .deleteFrom(table)
        .where('id', 'in', (eb) =>
          eb.selectFrom(table).select('id').where('occurred_at', '<', before).orderBy('occurred_at').limit(batchSize).forUpdate().skipLocked(),
        )
        .executeTakeFirst();
      const n = Number(result.numDeletedRows);
      deleted[table] += n;
      if (n < batchSize) break;
    }
  }
  return { keepDays, webLogs: deleted.web_logs, appLogs: deleted.app_logs };
}

/** The recurring job (runtime/recurring.ts): hourly, with the retention the deployment chose. */
export async function logsCleanup(deps: JobDeps) {
  const result = await deleteOldLogs(deps.db, { keepDays: deps.config.logRetentionDays });
  deps.log.info({ logs: result }, 'old log rows deleted');
  return result;
}
