import { z } from 'zod';
import { ZText } from './common.js';
import { isCalendarDay, ZDateOnly } from './plans.js';

/** spec 002 §9: the sessions view starts a new session where the gap between entries exceeds 5 minutes. */
export const LOG_SESSION_GAP_MS = 300_000;
/** Ingestion limits (issue 22, not in the spec): events per call and the size of one event's properties text. */
export const APP_LOG_MAX_EVENTS = 200;
export const APP_LOG_MAX_PROPERTIES = 8000;
/** Users named in one web log filter ('users as csv'). */
export const WEB_LOG_MAX_USERS = 50;

const page = {
  offset: z.coerce.number().int().min(0).default(0),
  amount: z.coerce.number().int().min(1).max(500).default(50),
};

/** The instants a query may name: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, the days ZDateOnly takes. */
export const INSTANT_MIN_MS = -62_135_596_800_000;
export const INSTANT_MAX_MS = 253_402_300_799_999;
export const INSTANT_RANGE_MESSAGE = 'must be an instant from 0001-01-01 to 9999-12-31';

/**
 * An instant in a query string: epoch milliseconds or an ISO 8601 date (time optional), answered as epoch ms. A day
 * that does not exist (2026-02-30, which Date.parse rolls over to 2 March) is refused, and so is an instant outside
 * years 0001 to 9999 (epoch milliseconds past what a Date holds were a 500).
 */
export const zInstant = () =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      const ms = /^\d+$/.test(s) ? Number(s) : Date.parse(s);
      const day = /^\d{4}-\d{2}-\d{2}/.exec(s)?.[0];
      if (!s || !Number.isFinite(ms) || (day && !isCalendarDay(day))) {
        ctx.addIssue({ code: 'custom', message: 'must be epoch milliseconds or an ISO 8601 date' });
        return z.NEVER;
      }
      if (ms < INSTANT_MIN_MS || ms > INSTANT_MAX_MS) {
        ctx.addIssue({ code: 'custom', message: INSTANT_RANGE_MESSAGE });
        return z.NEVER;
      }
      return ms;
    });

/** 'users as csv' (002 §2): e-mails separated by commas (or semicolons), matched ignoring case. */
const zUsersCsv = ZText
  .max(5000)
  .transform((s) => [...new Set(s.split(/[,;]/).map((u) => u.trim().toLowerCase()).filter(Boolean))])
  .refine((u) => u.length <= WEB_LOG_MAX_USERS, `at most ${WEB_LOG_MAX_USERS} users`);

/** GET api/v1/log/web (newest first, paged) and GET api/v1/log/web/filter?users&start&stop (002 §7). */
export const ZWebLogQuery = z
  .object({ users: zUsersCsv.optional(), start: zInstant().optional(), stop: zInstant().optional(), ...page })
  .refine((q) => q.start === undefined || q.stop === undefined || q.start <= q.stop, { message: 'must not be before start', path: ['stop'] });
export type TWebLogQuery = z.input<typeof ZWebLogQuery>;

/** Web log entry in the spec's shape (002 §3): hostingDiagnostics {date, data {...}} and authLogger {data {user}}. */
export const ZWebLogEntry = z.object({
  id: z.string(),
  hostingDiagnostics: z.object({
    /** epoch ms */
    date: z.number(),
    data: z.object({ method: z.string(), statusCode: z.number().int(), duration: z.number().meta({ description: 'Response time in ms' }), url: z.string() }),
  }),
  authLogger: z.object({ data: z.object({ user: z.string().nullable() }) }),
});
export type TWebLogEntry = z.infer<typeof ZWebLogEntry>;

/** One event of a field client (002 §3: timestamp, appVersion, eventName, osName, properties as JSON text). */
export const ZAppLogEvent = z.object({
  timestamp: z.number().int().meta({ description: 'When it happened, epoch ms' }),
  appVersion: ZText.max(50).optional(),
  eventName: ZText.trim().min(1).max(200),
  osName: ZText.max(50).optional(),
  properties: ZText.max(APP_LOG_MAX_PROPERTIES).optional().meta({ description: 'JSON text as the client wrote it (JSON escapes control characters, so raw ones are refused)' }),
});
export const ZAppLogBatch = z.object({ events: z.array(ZAppLogEvent).min(1).max(APP_LOG_MAX_EVENTS) });
export type TAppLogBatch = z.infer<typeof ZAppLogBatch>;
export const ZAppLogAccepted = z.object({ accepted: z.number().int() });

/** GET api/v1/log/app?date&email (002 §7): a day (UTC, YYYY-MM-DD) and the sender's e-mail, both optional. */
export const ZAppLogQuery = z.object({
  date: ZDateOnly.optional(),
  email: ZText.trim().max(320).optional(),
  ...page,
});
export type TAppLogQuery = z.input<typeof ZAppLogQuery>;

export const ZAppLogEntry = z.object({
  id: z.string(),
  timestamp: z.number(),
  appVersion: z.string().nullable(),
  eventName: z.string(),
  osName: z.string().nullable(),
  properties: z.string().nullable(),
  /** The signed-in sender's e-mail. */
  user: z.string().nullable(),
});
export type TAppLogEntry = z.infer<typeof ZAppLogEntry>;

/** A run of one user's events with no gap over LOG_SESSION_GAP_MS (002 §2). */
export const ZAppLogSession = z.object({
  user: z.string().nullable(),
  start: z.number(),
  end: z.number(),
  events: z.number().int(),
  appVersion: z.string().nullable(),
  osName: z.string().nullable(),
});
export type TAppLogSession = z.infer<typeof ZAppLogSession>;

/** Issue 22: web and app log rows older than this many days are deleted by the maintenance.logs job. */
export const LOG_RETENTION_DEFAULT_DAYS = 90;
/** LOG_RETENTION_DAYS, read the same by the API (embedded jobs) and the worker: a whole number of days, 1 to 3650. */
export function logRetentionDaysSetting(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return LOG_RETENTION_DEFAULT_DAYS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error('LOG_RETENTION_DAYS must be a whole number of days from 1 to 3650');
  return n;
}

/** The daily view of /weblogs (issue 22, log aggregation; not in the spec): per day (UTC) and user, newest day first. */
export const ZWebLogDailyQuery = z.object({ users: zUsersCsv.optional(), ...page });
export type TWebLogDailyQuery = z.input<typeof ZWebLogDailyQuery>;

export const ZWebLogDay = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  /** null: calls without a signed-in user. */
  user: z.string().nullable(),
  requests: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  averageMs: z.number(),
  longestMs: z.number(),
});
export type TWebLogDay = z.infer<typeof ZWebLogDay>;
