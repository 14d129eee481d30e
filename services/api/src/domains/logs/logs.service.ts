import { P, ZAppLogQuery, ZWebLogDailyQuery, ZWebLogQuery, type TAppLogBatch, type TAppLogEntry, type TAppLogSession, type TListResponse, type TWebLogDay, type TWebLogEntry } from '@insp/contracts';
import type { z } from 'zod';
import { AppError, requirePermission, type ServiceContext } from '../../context.js';
import { findAppLogs, findAppSessions, findWebLogDays, findWebLogs } from './logs.repo.js';

type WebLogQuery = z.output<typeof ZWebLogQuery>;
type AppLogQuery = z.output<typeof ZAppLogQuery>;

/** spec 002 §2: /WebLogs is for the Developer flag only (P.webLogs: staff holding it, never a distributor). */
export async function listWebLogs(ctx: ServiceContext, query: WebLogQuery): Promise<TListResponse<TWebLogEntry>> {
  const c = requirePermission(ctx, P.webLogs);
  return findWebLogs(c.db, query);
}

/** The daily view of /weblogs (logs.aggregate's rows), for the same callers as the request log. */
export async function listWebLogDays(ctx: ServiceContext, query: z.output<typeof ZWebLogDailyQuery>): Promise<TListResponse<TWebLogDay>> {
  const c = requirePermission(ctx, P.webLogs);
  return findWebLogDays(c.db, query);
}

/** spec 002 §2: /Logs, the app log viewer, Developer flag only (P.appLogs). */
export async function listAppLogs(ctx: ServiceContext, query: AppLogQuery): Promise<TListResponse<TAppLogEntry>> {
  const c = requirePermission(ctx, P.appLogs);
  return findAppLogs(c.db, query);
}

export async function listAppSessions(ctx: ServiceContext, query: AppLogQuery): Promise<TListResponse<TAppLogSession>> {
  const c = requirePermission(ctx, P.appLogs);
  return findAppSessions(c.db, query);
}

/** Oldest and newest instants a field client may report: a device clock far off is a mistake, answered 400. */
const EARLIEST = Date.UTC(2000, 0, 1);
const FUTURE_SLACK_MS = 86_400_000;

/**
 * Issue 22: field clients send their app events in batches (POST api/v1/log). Any signed-in user may, distributors
 * included (they use the field app too); the row records who sent it, from the session, never from the body, so
 * the e-mail filter of /Logs finds a user's own events. One multi-row insert per call.
 */
export async function ingestAppLogs(ctx: ServiceContext, batch: TAppLogBatch): Promise<{ accepted: number }> {
  const c = requirePermission(ctx, P.signedIn);
  const latest = Date.now() + FUTURE_SLACK_MS;
  const bad = batch.events.findIndex((e) => e.timestamp < EARLIEST || e.timestamp > latest);
  if (bad >= 0) {
    throw new AppError('BAD_REQUEST', `events.${bad}.timestamp: must be epoch milliseconds between 2000 and tomorrow`, `events.${bad}.timestamp`);
  }
  await c.db
    .insertInto('app_logs')
    .values(
      batch.events.map((e) => ({
        occurred_at: new Date(e.timestamp),
        app_version: e.appVersion ?? null,
        event_name: e.eventName,
        os_name: e.osName ?? null,
        properties: e.properties ?? null,
        user_id: c.actor.userId,
        user_email: c.actor.email,
      })),
    )
    .execute();
  return { accepted: batch.events.length };
}
