import { sql } from 'kysely';
import type { TDropdownBatchUpdateJob } from '@insp/contracts';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';

/** Attempts the outbox gives a job (retryJob's default); the last one marks the batch failed. */
const LAST_ATTEMPT = 8;

interface BatchChanges {
  title: string;
  followUpRangeValue: {
    index: number; title: string; keyboardType: string; inputValidationRegexp: string | null;
    validationConsequence: string; metas: unknown;
  } | null;
  optionIds: string[];
}

/**
 * Applies a dropdown batch update (POST api/v1/inspectionPoints/dropdownOptions/batchUpdates, issue 9): every
 * option the batch locked (batch_update_id = the batch) gets the source option's title and a copy of its
 * follow-up range value, never its image (001 §2: images are not batch-updated). One transaction with the batch
 * row locked; a batch that is no longer pending is left alone, so a second run changes nothing. The options keep
 * pointing at the batch afterwards (their batchUpdateDetails read 'done'); only a pending batch locks them.
 */
export async function dropdownBatchUpdate(deps: JobDeps, job: TDropdownBatchUpdateJob, ctx: JobContext) {
  try {
    return await deps.db.transaction().execute(async (db) => {
      const batch = await db.selectFrom('dropdown_batch_updates').select(['status', 'changes']).where('id', '=', job.batchUpdateId).forUpdate().executeTakeFirst();
      if (!batch) throw new PermanentJobError(`dropdown batch update ${job.batchUpdateId} not found`);
      if (batch.status !== 'pending') return { applied: 0, status: batch.status };
      const changes = batch.changes as unknown as BatchChanges;
      const targets = changes.optionIds.length
        // Locked in id order up front, as the point editor's save locks a point's options: the two never deadlock.
        ? await db.selectFrom('dropdown_options').select('id').where('id', 'in', changes.optionIds).where('batch_update_id', '=', job.batchUpdateId).orderBy('id').forUpdate().execute()
        : [];
      for (const target of targets) {
        const f = changes.followUpRangeValue;
        // Each option owns its follow-up row (001 §3), so the source's is copied, not shared. The old row stays:
        // nothing points at it any more, and answers recorded with it keep their meaning.
        const followUpId = f
          ? (await db
              .insertInto('follow_up_range_values')
              .values({
                index: f.index,
                title: f.title,
                keyboard_type: f.keyboardType,
                input_validation_regexp: f.inputValidationRegexp,
                validation_consequence: f.validationConsequence,
                metas: JSON.stringify(f.metas ?? []),
              })
              .returning('id')
              .executeTakeFirstOrThrow()).id
          : null;
        await db.updateTable('dropdown_options').set({ title: changes.title, follow_up_range_value_id: followUpId }).where('id', '=', target.id).execute();
      }
      await db.updateTable('dropdown_batch_updates').set({ status: 'done', completed_at: sql`now()` }).where('id', '=', job.batchUpdateId).execute();
      deps.log.info({ batchUpdateId: job.batchUpdateId, applied: targets.length }, 'dropdown batch update applied');
      return { applied: targets.length, status: 'done' };
    });
  } catch (err) {
    // Out of attempts (or nothing to retry): the batch fails and its options are no longer locked.
    if (err instanceof PermanentJobError || ctx.attempt >= LAST_ATTEMPT) {
      await deps.db
        .updateTable('dropdown_batch_updates')
        .set({ status: 'failed', completed_at: sql`now()` })
        .where('id', '=', job.batchUpdateId)
        .where('status', '=', 'pending')
        .execute();
    }
    throw err;
  }
}
