import { sql } from 'kysely';
import type { JobDeps } from '../types.js';

const ago = (interval: string) => sql<Date>`now() - ${interval}::interval`;

/**
 * Deletes what no longer serves any purpose. The margins keep rows a little past their use: a session a
 * day past expiry (the API refuses it anyway), spent links a week (support can still see a link was used),
 * sign-in attempts a day (the rate limit looks back 15 minutes), finished outbox rows a week (to see what
 * was sent), idempotency keys a day (issue 19: long enough for a client's retries). Idempotent: running twice
 * deletes nothing more.
 */
export async function maintenanceCleanup(deps: JobDeps) {
  const { db } = deps;
  const sessions = await db.deleteFrom('auth_sessions').where('expires_at', '<', ago('1 day')).executeTakeFirst();
  const tokens = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('used_at', '<', ago('7 days')), eb('expires_at', '<', ago('7 days'))]))
    .executeTakeFirst();
  const attempts = await db.deleteFrom('login_attempts').where('created_at', '<', ago('1 day')).executeTakeFirst();
  // 'failed' rows stay until an operator has looked at them; 'pending' ones are still to do.
  const outbox = await db
    .deleteFrom('outbox')
    .where('status', 'in', ['done', 'relayed'])
    .where(sql<Date>`coalesce(processed_at, created_at)`, '<', ago('7 days'))
    .executeTakeFirst();
  const keys = await db.deleteFrom('idempotency_keys').where('created_at', '<', ago('1 day')).executeTakeFirst();
  const deleted = {
    sessions: Number(sessions.numDeletedRows),
    tokens: Number(tokens.numDeletedRows),
    loginAttempts: Number(attempts.numDeletedRows),
    outbox: Number(outbox.numDeletedRows),
    idempotencyKeys: Number(keys.numDeletedRows),
  };
  deps.log.info({ deleted }, 'maintenance clean-up done');
  return deleted;
}
