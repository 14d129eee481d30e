import { claimDueJobs, markJob, retryJob, type OutboxRow } from '@insp/db';
import type { JobDeps, JobRegistry } from '../types.js';
import { PermanentJobError, runJob } from '../jobs/registry.js';
import { recordJobFailure } from '../outbox/state.js';
import { errorMessage } from './util.js';
import { embeddedRetry } from './retry-policy.js';

const BATCH = 10;

/**
 * Embedded mode: claims due outbox rows and runs them here, one at a time. Done only after the processor
 * returned; a failure goes back to pending with backoff (retryJob) until it runs out of attempts.
 */
export function processDueJobs(deps: JobDeps, registry: JobRegistry, isClosed: () => boolean) {
  async function processRow(row: OutboxRow) {
    const log = { job: row.name, outboxId: row.id, attempt: row.attempts };
    try {
      await runJob(registry, deps, row.name, row.payload, { outboxId: row.id, attempt: row.attempts });
      await markJob(deps.db, row.id, 'done');
    } catch (err) {
      const permanent = err instanceof PermanentJobError;
      deps.log.warn({ ...log, err }, permanent ? 'job cannot run, parked as failed' : 'job failed, will retry');
      if (permanent) await recordJobFailure(deps.db, row.id, errorMessage(err), true);
      else {
        const own = embeddedRetry(row.name, row.attempts, deps.config);
        await retryJob(deps.db, row.id, errorMessage(err), row.attempts, own?.maxAttempts, own?.backoffMs);
      }
    }
  }

  return async function tick() {
    for (;;) {
      const rows = await claimDueJobs(deps.db, BATCH);
      for (const row of rows) {
        // Rows claimed but not started when closing keep their lease and are taken again after restart.
        if (isClosed()) return;
        await processRow(row);
      }
      if (rows.length < BATCH) return;
    }
  };
}
