import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { JobDeps } from '../types.js';

/**
 * Issue 22, log aggregation: rolls the request log (web_logs) up into web_log_daily, a row per day (UTC) and user:
 * requests, 4xx and 5xx answers, total and longest duration. Each run recomputes from the start of the last day it
 * wrote (that day was still filling) through today, or from the oldest request on a first run; a day is replaced
 * whole, so a run repeated or two at once write the same rows. Earlier days stay as they were after the raw rows'
 * retention deletes them.
 */
export async function aggregateWebLogs(db: Db) {
  return db.transaction().execute(async (trx) => {
    // one run at a time: a second waits, then finds the rows written and recomputes only the last day
    await sql`select pg_advisory_xact_lock(hashtext('logs.aggregate'))`.execute(trx);
    const last = await trx.selectFrom('web_log_daily').select(sql<string | null>`max(day)::text`.as('day')).executeTakeFirstOrThrow();
    const oldest = await trx.selectFrom('web_logs').select(sql<string | null>`(min(occurred_at) at time zone 'UTC')::date::text`.as('day')).executeTakeFirstOrThrow();
    const from = last.day ?? oldest.day;
    if (!from) return { from: null, days: 0, rows: 0 };
    const start = sql`(${from}::date)::timestamp at time zone 'UTC'`;
    await trx.deleteFrom('web_log_daily').where('day', '>=', sql<Date>`${from}::date`).execute();
    const written = await sql<{ n: number }>`
      with rolled as (
        insert into web_log_daily (day, user_email, requests, client_errors, server_errors, duration_ms_total, duration_ms_max)
        select (occurred_at at time zone 'UTC')::date, coalesce(lower(user_email), ''), count(*),
          count(*) filter (where status_code between 400 and 499), count(*) filter (where status_code >= 500),
          sum(duration_ms), max(duration_ms)
        from web_logs where occurred_at >= ${start}
        group by 1, 2
        returning day
      )
      select count(*)::int as n, count(distinct day)::int as days from rolled`.execute(trx);
    const row = written.rows[0] as { n: number; days: number } | undefined;
    return { from, days: row?.days ?? 0, rows: row?.n ?? 0 };
  });
}

/** The recurring job (background-services.ts): hourly. */
export async function logsAggregate(deps: JobDeps) {
  const result = await aggregateWebLogs(deps.db);
  deps.log.info({ webLogDaily: result }, 'request log aggregated');
  return result;
}
