import { finishBackgroundRun, startBackgroundRun } from '@insp/db';
import type { JobDeps } from '../types.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unknown error';

/**
 * Every run of a recurring job, whoever started it (a BullMQ job scheduler, the embedded timer, a RESET through
 * the outbox), goes through here: it is skipped when the service is disabled (the row is read in the same
 * statement that marks it Running, so a disable committed by the API stops it in every process at once), and its
 * start, duration, error or result are recorded for /BackgroundServices (issue 22). The error is rethrown, so
 * BullMQ's retries and the outbox's work as for any job.
 */
export async function trackedRecurringRun(deps: JobDeps, name: string, run: () => Promise<unknown>): Promise<unknown> {
  if (!(await startBackgroundRun(deps.db, name))) {
    deps.log.info({ job: name }, 'background service disabled: run skipped');
    return { skipped: 'disabled' };
  }
  const started = performance.now();
  try {
    const result = await run();
    await finishBackgroundRun(deps.db, name, { durationMs: performance.now() - started, result: plain(result) });
    return result;
  } catch (err) {
    await finishBackgroundRun(deps.db, name, { durationMs: performance.now() - started, error: messageOf(err) }).catch((e) =>
      deps.log.error({ err: e, job: name }, 'could not record the failed run'),
    );
    throw err;
  }
}

/** Only small plain results are kept (counts); anything else is dropped rather than bloating the row. */
function plain(result: unknown): unknown {
  if (result === undefined || result === null) return undefined;
  const text = JSON.stringify(result);
  return text && text.length <= 2000 ? result : undefined;
}
