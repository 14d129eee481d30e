import type { JobName, JobPayload } from '@insp/contracts';
import type { Db } from '@insp/db';
import type { Storage } from '@insp/storage';
import type { PdfRenderer } from '@insp/pdf';
import type { WebhookSettings } from '@insp/webhooks';
import type { Mailer } from './mail/mailer.js';

type LogFn = (obj: unknown, msg?: string) => void;
/** The part of a pino logger the jobs use; Fastify's logger and pino both fit. */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface WorkerConfig {
  /** Folder of the embedded default's data; e-mail goes to `<dataDir>/mail` when there is no SMTP server. */
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  /** REPORT_TIME_ZONE: reports of customers without a time zone print in this one (issue 20); default UTC. */
  reportTimeZone?: string;
  /** LOG_RETENTION_DAYS (issue 22): web and app log rows older than this many days are deleted; default 90. */
  logRetentionDays?: number;
  /** Issue 22: WEBHOOK_* settings (address policy, retry base, timeout); by default public addresses only, 60 s base. */
  webhooks?: WebhookSettings;
  /** Certifications expiring within this many days get a notice (certifications.expiryScan); default 30. */
  certExpiryNoticeDays?: number;
}

/** What every processor receives. */
export interface JobDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  config: WorkerConfig;
  /** Uploaded files (customer imports). Optional so processors that need no files run without it. */
  storage?: Storage;
  /** Long-lived Chromium printing report PDFs; optional so processors that print nothing run without it. */
  pdf?: PdfRenderer;
}

export interface JobContext {
  /** The outbox row the job came from; absent for jobs a scheduler made. */
  outboxId?: number;
  /** 1 on the first run. */
  attempt: number;
  /** The BullMQ job's id at scale (a scheduler's run: `repeat:<scheduler>:<time>`); absent in-process. */
  jobId?: string;
}

export type JobHandler<N extends JobName> = (deps: JobDeps, payload: JobPayload<N>, ctx: JobContext) => Promise<unknown>;
export type JobRegistry = { [N in JobName]: JobHandler<N> };
