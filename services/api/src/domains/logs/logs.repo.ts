import { sql } from 'kysely';
import type { DB, Db } from '@insp/db';
import { listPage, type ListSpec } from '../../lib/list.js';
import { LOG_SESSION_GAP_MS, type TAppLogEntry, type TAppLogSession, type TListResponse, type TWebLogDay, type TWebLogEntry } from '@insp/contracts';

/** Past this many matches a log list answers `countCapped` instead of counting a month of rows (decisions, "Lists"). */
export const LOG_COUNT_LIMIT = 10_000;
const DAY_MS = 86_400_000;

export interface WebLogFilter {
  users?: string[];
  start?: number;
  stop?: number;
  offset: number;
  amount: number;
}

export interface AppLogFilter {
  date?: string;
  email?: string;
  offset: number;
  amount: number;
}

/** Newest first, with the capped count of lib/list.ts (the logs are paged like every other list). */
const newestFirst = <TB extends 'web_logs' | 'app_logs'>(): ListSpec<DB, TB> => ({
  sortable: { occurredAt: sql`occurred_at` },
  defaultSort: { key: 'occurredAt', direction: 'desc' },
  tieBreaker: sql`id`,
  countLimit: LOG_COUNT_LIMIT,
});
const pageOf = (f: { offset: number; amount: number }) => ({ offset: f.offset, amount: f.amount, search: '' });

/** Newest first, through web_logs_time (or web_logs_user_time when users are named). */
export async function findWebLogs(db: Db, f: WebLogFilter): Promise<TListResponse<TWebLogEntry>> {
  let q = db.selectFrom('web_logs');
  if (f.users?.length) q = q.where(sql<string>`lower(user_email)`, 'in', f.users);
  if (f.start !== undefined) q = q.where('occurred_at', '>=', new Date(f.start));
  if (f.stop !== undefined) q = q.where('occurred_at', '<=', new Date(f.stop));
  const page = await listPage(db, q.select(['id', 'occurred_at', 'user_email', 'method', 'status_code', 'duration_ms', 'url']), pageOf(f), newestFirst<'web_logs'>());
  return {
    ...page,
    result: page.result.map((r) => ({
      id: String(r.id),
      hostingDiagnostics: { date: r.occurred_at.getTime(), data: { method: r.method, statusCode: r.status_code, duration: r.duration_ms, url: r.url } },
      authLogger: { data: { user: r.user_email } },
    })),
  };
}

/**
 * The daily view: web_log_daily (logs.aggregate) newest day first and, within a day, users by e-mail (not signed in
 * first), through its (day desc, user_email) index; the count is capped like the logs'.
 */
export async function findWebLogDays(db: Db, f: { users?: string[]; offset: number; amount: number }): Promise<TListResponse<TWebLogDay>> {
  let q = db.selectFrom('web_log_daily');
  if (f.users?.length) q = q.where('user_email', 'in', f.users);
  const [rows, counted] = await Promise.all([
    q
      // the day as text: a date column would come back as a Date at the API's local midnight
      .select([sql<string>`day::text`.as('day'), 'user_email', 'requests', 'client_errors', 'server_errors', 'duration_ms_total', 'duration_ms_max'])
      .orderBy('web_log_daily.day', 'desc')
      .orderBy('web_log_daily.user_email', 'asc')
      .limit(f.amount)
      .offset(f.offset)
      .execute(),
    db.selectFrom(q.select(sql`1`.as('one')).limit(LOG_COUNT_LIMIT + 1).as('m')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const n = Number(counted.n);
  return {
    result: rows.map((r) => ({
      day: r.day,
      user: r.user_email || null,
      requests: r.requests,
      clientErrors: r.client_errors,
      serverErrors: r.server_errors,
      averageMs: r.requests ? Math.round((100 * r.duration_ms_total) / r.requests) / 100 : 0,
      longestMs: Math.round(100 * r.duration_ms_max) / 100,
    })),
    ...(n > LOG_COUNT_LIMIT ? { count: LOG_COUNT_LIMIT, countCapped: true } : { count: n }),
  };
}

function appLogMatches(db: Db, f: AppLogFilter) {
  let q = db.selectFrom('app_logs');
  if (f.date) {
    const from = Date.parse(`${f.date}T00:00:00Z`);
    q = q.where('occurred_at', '>=', new Date(from)).where('occurred_at', '<', new Date(from + DAY_MS));
  }
  if (f.email) q = q.where(sql<string>`lower(user_email)`, '=', f.email.toLowerCase());
  return q;
}

export async function findAppLogs(db: Db, f: AppLogFilter): Promise<TListResponse<TAppLogEntry>> {
  const q = appLogMatches(db, f);
  const page = await listPage(db, q.select(['id', 'occurred_at', 'app_version', 'event_name', 'os_name', 'properties', 'user_email']), pageOf(f), newestFirst<'app_logs'>());
  return {
    ...page,
    result: page.result.map((r) => ({
      id: String(r.id),
      timestamp: r.occurred_at.getTime(),
      appVersion: r.app_version,
      eventName: r.event_name,
      osName: r.os_name,
      properties: r.properties,
      user: r.user_email,
    })),
  };
}

/**
 * Sessions (002 §2, §9): each sender's events in time order, a new session where the gap to the previous event
 * exceeds LOG_SESSION_GAP_MS. Split, grouped and paged in SQL with window functions; newest session first.
 */
export async function findAppSessions(db: Db, f: AppLogFilter): Promise<TListResponse<TAppLogSession>> {
  const matches = appLogMatches(db, f).select([
    'occurred_at',
    'user_email',
    'app_version',
    'os_name',
    sql<string>`coalesce(lower(user_email), '')`.as('sender'),
  ]);
  const gap = `${LOG_SESSION_GAP_MS} milliseconds`;
  const { rows } = await sql<{ user: string | null; start: Date; end: Date; events: string; app_version: string | null; os_name: string | null; total: string }>`
    with m as (${matches}),
    g as (select m.*, case when occurred_at - lag(occurred_at) over (partition by sender order by occurred_at) > ${gap}::interval then 1 else 0 end as brk from m),
    s as (select g.*, sum(brk) over (partition by sender order by occurred_at rows unbounded preceding) as session from g)
    select max(user_email) as "user", min(occurred_at) as "start", max(occurred_at) as "end", count(*) as events,
      (array_agg(app_version order by occurred_at desc))[1] as app_version, (array_agg(os_name order by occurred_at desc))[1] as os_name,
      count(*) over () as total
    from s group by sender, session
    order by min(occurred_at) desc, sender
    limit ${f.amount} offset ${f.offset}`.execute(db);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return {
    result: rows.map((r) => ({ user: r.user, start: r.start.getTime(), end: r.end.getTime(), events: Number(r.events), appVersion: r.app_version, osName: r.os_name })),
    count: rows.length ? total : f.offset === 0 ? 0 : (await sessionCount(db, f)),
  };
}

async function sessionCount(db: Db, f: AppLogFilter): Promise<number> {
  const r = await findAppSessions(db, { ...f, offset: 0, amount: 1 });
  return r.count;
}
