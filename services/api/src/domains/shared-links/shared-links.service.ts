import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { writeAuditTrail } from '@insp/db';
import { P, type TSharedLink, type TSharedLinkKind, type TSharedLinkList, type TSharedLinkTarget, type TSharedLinkUrl } from '@insp/contracts';
import type { StoredObject } from '@insp/storage';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { AppError, notFound, unauthorized } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { requireAudit } from '../audits/audits.access.js';
import { requireVisibleReport } from '../inspections/inspections.scope.js';

/** Where a shared link is served; public (the token is the grant). */
export const SHARED_PATH = '/api/v1/shared';

const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
// 32 random bytes, base64url: 43 characters; anything else is not a link of ours.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who may share, list and revoke a report's links: whoever may download its PDF (issue 20). An audit report: staff
 * with the audits right (distributors never). An inspection report: the reports right and a report the caller
 * sees (a distributor only its company's; another company's report is 404 like a missing one).
 */
async function requireTargetAccess(ctx: ServiceContext, target: TSharedLinkTarget): Promise<AuthedContext> {
  if (target.kind === 'audit_report') {
    const c = requirePermission(ctx, P.audits);
    await requireAudit(c.db, target.targetId);
    return c;
  }
  const c = requirePermission(ctx, P.reports);
  await requireVisibleReport(c.db, c.actor, target.targetId);
  return c;
}

/** The lifetime asked for, within the setting's maximum (400 naming `days` past it). */
function lifetimeDays(ctx: ServiceContext, days: number | undefined): number {
  const { sharedLinkDays, sharedLinkMaxDays } = ctx.config;
  if (days === undefined) return sharedLinkDays;
  if (days > sharedLinkMaxDays) throw new AppError('BAD_REQUEST', `days: must be at most ${sharedLinkMaxDays}`, 'days');
  return days;
}

/**
 * Shares a stored report PDF the caller has just been given (the storageurl calls resolve it with their own rights
 * check): a new link with a random token, of which only the hash is stored. Answers the link once.
 */
export async function createSharedLink(
  ctx: AuthedContext,
  target: TSharedLinkTarget & { lang: string },
  pdf: { key: string; fileName: string; file: StoredObject },
  days?: number,
): Promise<TSharedLinkUrl> {
  pdf.file.body.destroy?.();
  const lifetime = lifetimeDays(ctx, days);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetime * DAY_MS);
  const row = await inTransaction(ctx, async (tx) => {
    const inserted = await tx.db
      .insertInto('shared_links')
      .values({
        token_hash: hashOf(token), target_kind: target.kind, target_id: target.targetId, lang: target.lang,
        storage_key: pdf.key, file_name: pdf.fileName, created_by_user_id: ctx.actor.userId, expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAuditTrail(tx.db, { entityType: 'shared_link', entityId: inserted.id, actorUserId: ctx.actor.userId, action: 'create', changes: { ...target, days: lifetime } });
    return inserted;
  });
  return { id: row.id, url: `${ctx.config.publicUrl}${SHARED_PATH}/${token}`, expiresAt: expiresAt.getTime(), fileName: pdf.fileName };
}

/** A report's live links (not revoked, not expired), newest first, with the lifetimes a sharer may choose. */
export async function listSharedLinks(ctx: ServiceContext, target: TSharedLinkTarget): Promise<TSharedLinkList> {
  const c = await requireTargetAccess(ctx, target);
  const rows = await c.db
    .selectFrom('shared_links as l')
    .leftJoin('users as u', 'u.id', 'l.created_by_user_id')
    .select(['l.id', 'l.lang', 'l.file_name', 'l.created_at', 'l.expires_at', 'u.name', 'u.email'])
    .where('l.target_kind', '=', target.kind)
    .where('l.target_id', '=', target.targetId)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .limit(200)
    .execute();
  const result: TSharedLink[] = rows.map((r) => ({
    id: r.id, lang: r.lang, fileName: r.file_name, createdAt: r.created_at.getTime(), expiresAt: r.expires_at.getTime(), createdBy: r.name || r.email || null,
  }));
  return { result, defaultDays: c.config.sharedLinkDays, maxDays: c.config.sharedLinkMaxDays };
}

/** Revokes a link: from now on it serves nothing (410). Same rights as sharing its report; revoking twice is a no-op. */
export async function revokeSharedLink(ctx: ServiceContext, id: string): Promise<{ id: string; revokedAt: number }> {
  if (!ctx.actor) throw unauthorized();
  return inTransaction(ctx, async (tx) => {
    const link = await tx.db.selectFrom('shared_links').select(['id', 'target_kind', 'target_id', 'revoked_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!link) throw notFound('Shared link');
    const c = await requireTargetAccess(tx, { kind: link.target_kind as TSharedLinkKind, targetId: link.target_id });
    if (link.revoked_at) return { id, revokedAt: link.revoked_at.getTime() };
    const revoked = await tx.db
      .updateTable('shared_links')
      .set({ revoked_at: sql<Date>`now()`, revoked_by_user_id: c.actor.userId })
      .where('id', '=', id)
      .returning('revoked_at')
      .executeTakeFirstOrThrow();
    await writeAuditTrail(tx.db, { entityType: 'shared_link', entityId: id, actorUserId: c.actor.userId, action: 'revoke', changes: { kind: link.target_kind, targetId: link.target_id } });
    return { id, revokedAt: revoked.revoked_at!.getTime() };
  });
}

/**
 * GET api/v1/shared/{token} (public: the token is the grant): the shared file while the link is live. A missing or
 * malformed token: 401; a token we never gave: 403; a revoked or expired link: 410 (never the file); the file gone: 404.
 */
export async function openSharedLink(ctx: ServiceContext, token: string): Promise<{ file: StoredObject; fileName: string }> {
  if (!TOKEN.test(token)) throw unauthorized('A shared link is required');
  const link = await ctx.db.selectFrom('shared_links').select(['storage_key', 'file_name', 'expires_at', 'revoked_at']).where('token_hash', '=', hashOf(token)).executeTakeFirst();
  if (!link) throw new AppError('FORBIDDEN', 'This link is not valid.');
  if (link.revoked_at) throw new AppError('GONE', 'This link has been revoked.');
  if (link.expires_at.getTime() <= Date.now()) throw new AppError('GONE', 'This link has expired.');
  const file = await storageOf(ctx.config).get(link.storage_key);
  if (!file) throw notFound('File');
  return { file, fileName: link.file_name };
}
