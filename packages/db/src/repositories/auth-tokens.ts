import { sql } from 'kysely';
import type { Db } from '../client.js';

export type AuthTokenPurpose = 'set-password' | 'password-reset';

export async function insertAuthToken(db: Db, t: { userId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date }) {
  return db
    .insertInto('auth_tokens')
    .values({ user_id: t.userId, purpose: t.purpose, token_hash: t.tokenHash, expires_at: t.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Uses a one-time token: succeeds once, only for its user, only before it expires. The update is the check,
 * so two simultaneous uses cannot both succeed.
 */
export async function consumeAuthToken(db: Db, t: { userId: string; tokenHash: string }) {
  return db
    .updateTable('auth_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', t.tokenHash)
    .where('user_id', '=', t.userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'purpose'])
    .executeTakeFirst();
}
