import { z } from 'zod';
import type { JobName } from './jobs.js';

/**
 * The recurring jobs (ARCHITECTURE "Jobs and events"): BullMQ job schedulers at scale, in-process timers on the
 * embedded default. Each is one row of /BackgroundServices (spec 002 §2), its id the job's name and the
 * scheduler's id. The API lists these (and only these) and refuses other ids; the worker schedules them.
 */
export interface RecurringJob {
  name: JobName;
  everyMs: number;
  description: string;
}

export const recurringJobs: readonly RecurringJob[] = [
  {
    name: 'maintenance.cleanup',
    everyMs: 3600_000,
    description: 'Deletes expired sessions, spent password links, old sign-in attempts, finished jobs and day-old idempotency keys',
  },
  {
    name: 'maintenance.sharedLinks',
    everyMs: 3600_000,
    description: 'Deletes shared report links expired more than 30 days ago, a thousand at a time',
  },
  {
    name: 'maintenance.generatedFiles',
    everyMs: 24 * 3600_000,
    description: 'Deletes stored report PDFs, audit PDFs and protocol exports unused for 30 days that no live shared link holds',
  },
  {
    name: 'documents.sync',
    everyMs: 5 * 60_000,
    description: "Records each Automatic document package's manifest version and when its content last changed",
  },
  {
    name: 'logs.aggregate',
    everyMs: 3600_000,
    description: 'Rolls the request log up per day and user (requests, 4xx, 5xx, durations) for the daily view of Web logs, kept after the rows themselves',
  },
  {
    name: 'maintenance.logs',
    everyMs: 3600_000,
    description: 'Deletes web and app log rows older than LOG_RETENTION_DAYS (default 90), ten thousand at a time',
  },
  {
    name: 'certifications.expiryScan',
    everyMs: 24 * 3600_000,
    description: 'E-mails each certified user whose certifications expire within 30 days, once per expiration date',
  },
  {
    name: 'plans.dueScan',
    everyMs: 24 * 3600_000,
    description:
      'E-mails each inspector the inspections that became due or overdue (one message a day), reminds customers where a plan asks for it, and sends the due and overdue events',
  },
  {
    name: 'webhooks.sweep',
    everyMs: 3600_000,
    description:
      'Sends again webhook deliveries whose retry was lost (pending or retrying, untouched for 6 hours) and deletes events older than 30 days whose deliveries all ended',
  },
];

export const recurringJobNames = recurringJobs.map((r) => r.name);
export const isRecurringJob = (name: string): boolean => recurringJobs.some((r) => r.name === name);

/** Status texts of a background service (002 §3 leaves them free; these are ours). */
export const BackgroundServiceStatus = {
  /** Never ran since it was created or RESET. */
  Idle: 'Idle',
  Running: 'Running',
  Succeeded: 'Succeeded',
  Failed: 'Failed',
  Disabled: 'Disabled',
} as const;

/** One row of /BackgroundServices and of GET api/v1/backgroundServices (002 §3: id, status, data, enabled). */
export const ZBackgroundService = z.object({
  id: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  data: z.object({
    description: z.string(),
    /** How often it runs, in ms. */
    everyMs: z.number().int(),
    /** Start of the last run, epoch ms. */
    lastRun: z.number().nullable(),
    /** When the scheduler runs it next, epoch ms; null while disabled or not yet scheduled. */
    nextRun: z.number().nullable(),
    lastError: z.string().nullable(),
    lastDurationMs: z.number().nullable(),
    /** What the last successful run answered (counts of rows removed, packages recorded…). */
    lastResult: z.unknown().optional(),
  }),
});
export type TBackgroundService = z.infer<typeof ZBackgroundService>;

export const ZBackgroundServiceId = z.object({ id: z.string().min(1).max(100) });
/** POST api/v1/backgroundServices/{id}/enabled (002 §7; the body is not shown: ours is `{enabled}`). */
export const ZBackgroundServiceEnabled = z.strictObject({ enabled: z.boolean() });
