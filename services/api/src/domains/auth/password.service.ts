import { hash } from '@node-rs/argon2';
import { consumeAuthToken, enqueueJob, findUserByEmail, findUserById, insertAuthToken, type AuthTokenPurpose } from '@insp/db';
import { AppError, inTransaction, type ServiceContext } from '../../context.js';
import { hashOneTimeToken, newOneTimeToken } from './tokens.js';

/** How long e-mailed links work. A new distributor has a week to set a password; a reset link, a day. */
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  'set-password': 7 * 24 * 3600_000,
  'password-reset': 24 * 3600_000,
};

/**
 * Creates a one-time link and queues the e-mail that carries it, in the caller's transaction.
 * Used for new distributors (set-password) and the forgot-password call (password-reset).
 */
export async function sendPasswordLink(
  ctx: ServiceContext,
  user: { id: string; email: string; name: string },
  purpose: AuthTokenPurpose,
) {
  const { token, hash: tokenHash } = newOneTimeToken();
  const { id } = await insertAuthToken(ctx.db, {
    userId: user.id,
    purpose,
    tokenHash,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  const link = `${ctx.config.publicUrl}/nosession/SetPassword?userId=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`;
  await enqueueJob(ctx.db, 'email.send', { template: purpose, to: user.email, params: { name: user.name, link } }, { idempotencyKey: `auth-token:${id}` });
}

/**
 * POST api/v1/externalUsers/forgotpasswordemail (no token). Always answers the same way, so the answer
 * does not reveal whether an account exists. Staff reset their password at the identity provider.
 */
export async function forgotPassword(ctx: ServiceContext, input: { id?: string; email?: string }) {
  const user = input.id ? await findUserById(ctx.db, input.id) : await findUserByEmail(ctx.db, input.email!);
  if (!user || user.kind !== 'distributor') return;
  await inTransaction(ctx, (tx) => sendPasswordLink(tx, user, 'password-reset'));
}

/** PUT api/v1/externalUsers/{id}/password (no token): {password, token} from the e-mailed link. */
export async function setPassword(ctx: ServiceContext, userId: string, input: { password: string; token: string }) {
  const passwordHash = await hash(input.password);
  await inTransaction(ctx, async (tx) => {
    const used = await consumeAuthToken(tx.db, { userId, tokenHash: hashOneTimeToken(input.token) });
    if (!used) throw new AppError('BAD_REQUEST', 'token: the link is invalid or has expired', 'token');
    await tx.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).where('kind', '=', 'distributor').execute();
    // A new password ends every other session of the account.
    await tx.db.updateTable('auth_sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  });
}
