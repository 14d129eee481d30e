import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { levelName, P, staffLevelFromGroups, type TSession } from '@insp/contracts';
import {
  companyName,
  countRecentFailures,
  createSession,
  findActiveSession,
  findUserByEmail,
  recordLoginAttempt,
  revokeSession,
} from '@insp/db';
import { AppError, requireActor, requirePermission, type ServiceContext } from '../../context.js';
import { actorFromSession, authUserOf } from './actor.js';
import { signAccessToken } from './tokens.js';

/** Sign-in attempts: at most this many failures per e-mail, and per address, in the window. */
export const LOGIN_LIMITS = { windowMinutes: 15, perEmail: 10, perIp: 50 };

// A real argon2id hash of a random string: verifying against it when the e-mail is unknown keeps the
// answer time the same, so timing does not reveal which e-mails have accounts.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$8saWBUKUkIpoetSM5CxNUA$8XwsAQadQeMlVzTxTpElL2i7fvXBOwxYC1B+UZafaR4';

export async function startSession(ctx: ServiceContext, userId: string, extra: { groupsOverride?: string[]; idToken?: string } = {}) {
  const { token, sessionId, expiresAt } = await signAccessToken(ctx.config, userId, randomUUID());
  await createSession(ctx.db, { id: sessionId, userId, expiresAt, groupsOverride: extra.groupsOverride, idToken: extra.idToken });
  return { accessToken: token };
}

/** POST api/v1/auth/external: distributor e-mail + password → our bearer token, or 401. */
export async function externalLogin(ctx: ServiceContext, input: { email: string; password: string }) {
  const failures = await countRecentFailures(ctx.db, { email: input.email, ip: ctx.ip, windowMinutes: LOGIN_LIMITS.windowMinutes });
  if (failures.byEmail >= LOGIN_LIMITS.perEmail || failures.byIp >= LOGIN_LIMITS.perIp) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many sign-in attempts. Try again in a few minutes.');
  }
  const user = await findUserByEmail(ctx.db, input.email);
  const hash = user?.kind === 'distributor' && user.password_hash ? user.password_hash : DUMMY_HASH;
  const ok = await verify(hash, input.password).catch(() => false);
  const expired = !!user?.expires_at && user.expires_at.getTime() < Date.now();
  const succeeded = !!user && user.kind === 'distributor' && !!user.password_hash && ok && !expired;
  await recordLoginAttempt(ctx.db, { email: input.email, ip: ctx.ip, succeeded });
  if (!succeeded) throw new AppError('UNAUTHORIZED', 'Wrong e-mail or password');
  return startSession(ctx, user!.id);
}

export async function currentSession(ctx: ServiceContext): Promise<TSession> {
  const authed = requireActor(ctx);
  return { user: await signedInUser(ctx), level: authed.actor.level, flags: authed.actor.flags };
}

/** The session's user with its company's name, which the per-request session row does not carry. */
async function signedInUser(ctx: ServiceContext) {
  const row = ctx.session!.row;
  return authUserOf(row, row.company_id ? await companyName(ctx.db, row.company_id) : null);
}

export function authGroup(ctx: ServiceContext) {
  const { actor } = requireActor(ctx);
  return { group: actor.level, groupName: levelName(actor.level) };
}

export async function authUser(ctx: ServiceContext) {
  requireActor(ctx);
  return signedInUser(ctx);
}

export function accountFlags(ctx: ServiceContext) {
  return requireActor(ctx).actor.flags;
}

/**
 * GET /auth/debugtoken?groups=: a token of the caller's own account acting with the given staff groups, to see the
 * product as another role. One rule with the /Admin screen (P.debugToken: staff Manager and above, or the Developer
 * flag; docs/decisions.md). Without the flag the groups may not lift the caller above their own level: a Manager
 * may look as a Manager or an inspector, never mint an Admin token.
 */
export async function debugToken(ctx: ServiceContext, groups: string[]) {
  const { actor } = requirePermission(ctx, P.debugToken);
  if (actor.kind !== 'staff') throw new AppError('FORBIDDEN', 'Debug tokens are for staff accounts');
  if (!actor.flags.includes('Developer') && staffLevelFromGroups(groups) > actor.level) {
    throw new AppError('FORBIDDEN', 'groups: a debug token may not have a higher level than your own', 'groups');
  }
  return startSession(ctx, actor.userId, { groupsOverride: groups });
}

/**
 * Logout revokes the token. Staff continue to the identity provider's logout; distributors go to '/'.
 */
export async function logout(ctx: ServiceContext, idpLogoutUrl: (idToken: string | null) => Promise<string | null>) {
  if (!ctx.session) return { redirectTo: '/' };
  const revoked = await revokeSession(ctx.db, ctx.session.id);
  if (ctx.session.row.kind !== 'staff') return { redirectTo: '/' };
  return { redirectTo: (await idpLogoutUrl(revoked?.id_token ?? null)) ?? '/' };
}

export async function loadSession(ctx: Pick<ServiceContext, 'db'>, sessionId: string) {
  const row = await findActiveSession(ctx.db, sessionId);
  return row ? { id: sessionId, row, actor: actorFromSession(row) } : null;
}
