import { z } from 'zod';

/**
 * Background jobs: each has a typed name and payload. Services write them to the outbox in the same
 * transaction as their data; the relay hands them to BullMQ (at scale) or runs them in-process (embedded).
 * Processors must be idempotent: a job may run twice.
 */
export const ZEmailJob = z.object({
  template: z.enum(['password-reset', 'set-password']),
  to: z.email(),
  params: z.object({ name: z.string(), link: z.url() }),
});
export type TEmailJob = z.infer<typeof ZEmailJob>;

/** Recurring clean-up of expired sessions, tokens, sign-in attempts, finished outbox rows and day-old idempotency keys (no input). */
export const ZMaintenanceCleanupJob = z.object({});
export type TMaintenanceCleanupJob = z.infer<typeof ZMaintenanceCleanupJob>;

/** Recurring: deletes shared report links expired more than 30 days ago, in batches (no input; see maintenance.shared-links.job.ts). */
export const ZSharedLinksCleanupJob = z.object({});
export type TSharedLinksCleanupJob = z.infer<typeof ZSharedLinksCleanupJob>;

/**
 * Recurring: deletes stored report PDFs, audit PDFs and protocol exports nobody asked for in 30 days and no live
 * shared link holds (no input; services/worker/src/jobs/maintenance.generated-files.job.ts).
 */
export const ZGeneratedFilesCleanupJob = z.object({});
export type TGeneratedFilesCleanupJob = z.infer<typeof ZGeneratedFilesCleanupJob>;

/**
 * Recurring: records each Automatic document package's manifest version (a hash of its content) and when it last
 * changed (no input; services/worker/src/jobs/documents.sync.job.ts).
 */
export const ZDocumentSyncJob = z.object({});
export type TDocumentSyncJob = z.infer<typeof ZDocumentSyncJob>;
/** Recurring (issue 22): deletes web and app log rows older than LOG_RETENTION_DAYS, in batches (no input; maintenance.logs.job.ts). */
export const ZLogsCleanupJob = z.object({});
/** Recurring (issue 22): rolls the request log up per day and user into web_log_daily (no input; logs.aggregate.job.ts). */
export const ZLogsAggregateJob = z.object({});
export type TLogsCleanupJob = z.infer<typeof ZLogsCleanupJob>;

/**
 * Recurring (issue 22): finds certifications expiring within 30 days that were not
 * noticed for their current expiration date, and queues one certifications.expiryNotice per certified user (no input;
 * certifications.expiry-notices.job.ts).
 */
export const ZCertificationExpiryScanJob = z.object({});
export type TCertificationExpiryScanJob = z.infer<typeof ZCertificationExpiryScanJob>;

/** One e-mail to a certified user listing their certifications that expire soon (sent once per outbox row). */
export const ZCertificationExpiryNoticeJob = z.object({
  to: z.email(),
  name: z.string().max(300),
  certifications: z.array(z.object({ productFamily: z.string().max(300), expiresAt: z.number().int() })).min(1).max(500),
});
export type TCertificationExpiryNoticeJob = z.infer<typeof ZCertificationExpiryNoticeJob>;

/** Applies an uploaded customers file (row customer_imports.id) row by row; see customers.import.job.ts in the worker. */
export const ZCustomersImportJob = z.object({ importId: z.uuid() });
export type TCustomersImportJob = z.infer<typeof ZCustomersImportJob>;

/**
 * Prints one report's PDF in one language and stores it under its content key (services/worker/src/jobs/report.pdf.ts);
 * the API waits for the file. The outbox idempotency key is the content key, so a second request for the same
 * report and language while one render runs waits for that render instead of starting another.
 */
export const ZReportPdfJob = z.object({ inspectionId: z.uuid(), lang: z.string().min(2).max(10) });
export type TReportPdfJob = z.infer<typeof ZReportPdfJob>;

/**
 * E-mails a report's PDF in one language to the customer contact (queued by PUT api/v1/inspections/update with
 * sendEmail, 000 §5); services/worker/src/jobs/report.email.job.ts.
 */
export const ZReportEmailJob = z.object({ inspectionId: z.uuid(), lang: z.string().min(2).max(10), to: z.email() });
export type TReportEmailJob = z.infer<typeof ZReportEmailJob>;

/** Prints an audit report's PDF (services/worker/src/jobs/audit.pdf.ts) on the report queue, keyed and awaited like report.pdf. */
export const ZAuditPdfJob = z.object({ auditId: z.uuid(), lang: z.string().min(2).max(10) });
export type TAuditPdfJob = z.infer<typeof ZAuditPdfJob>;

/**
 * Applies a dropdown batch update (dropdown_batch_updates row; services/worker/src/jobs/points.dropdown-batch-update.job.ts):
 * copies the source option's title and follow-up onto the options the batch locked, then marks it done.
 */
export const ZDropdownBatchUpdateJob = z.object({ batchUpdateId: z.uuid() });
export type TDropdownBatchUpdateJob = z.infer<typeof ZDropdownBatchUpdateJob>;

/** Builds a protocol's Excel export (issue 10; services/worker/src/jobs/protocols.export.ts) and stores it under its content key. */
export const ZProtocolExportJob = z.object({ protocolId: z.uuid(), lang: z.string().min(2).max(10) });
export type TProtocolExportJob = z.infer<typeof ZProtocolExportJob>;

/**
 * Issue 22: POSTs one webhook delivery (webhook_deliveries row) to its endpoint, signed; services/worker/src/jobs/
 * webhooks.deliver.job.ts. Retried for about a day (WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs in webhooks.ts).
 */
export const ZWebhookDeliverJob = z.object({ deliveryId: z.uuid() });
export type TWebhookDeliverJob = z.infer<typeof ZWebhookDeliverJob>;
/**
 * Recurring (issue 22): sends again the deliveries whose retry was lost (pending or retrying, untouched for longer than
 * the longest backoff) and deletes events older than the retention whose deliveries all ended (no input;
 * webhooks.sweep.job.ts).
 */
export const ZWebhookSweepJob = z.object({});

/**
 * Recurring, daily (issue 24): records the plans that became due or overdue since they were last noticed, writes an
 * inspection.due / inspection.overdue event each, and queues one plans.dueNotice per inspector and day and one
 * plans.customerReminder per customer site and day where plans ask for one (no input; plans.due-scan.job.ts).
 */
export const ZPlanDueScanJob = z.object({});
/** The inspector's one message of the day: their plans noticed and not yet mailed (plans.due-notices.job.ts). */
export const ZPlanDueNoticeJob = z.object({ userId: z.uuid(), day: z.string().max(10) });
export type TPlanDueNoticeJob = z.infer<typeof ZPlanDueNoticeJob>;
/** The reminder to a customer site's contacts (else the customer's) of its machines due or overdue. */
export const ZPlanCustomerReminderJob = z.object({ customerId: z.uuid(), customerSiteId: z.uuid().nullable(), day: z.string().max(10) });
export type TPlanCustomerReminderJob = z.infer<typeof ZPlanCustomerReminderJob>;
/** Builds a due list's Excel export (due_exports row; plans.due-export.job.ts) with progress. */
export const ZPlanDueExportJob = z.object({ exportId: z.uuid() });
export type TPlanDueExportJob = z.infer<typeof ZPlanDueExportJob>;

export const jobSchemas = {
  'email.send': ZEmailJob,
  'maintenance.cleanup': ZMaintenanceCleanupJob,
  'maintenance.sharedLinks': ZSharedLinksCleanupJob,
  'maintenance.generatedFiles': ZGeneratedFilesCleanupJob,
  'documents.sync': ZDocumentSyncJob,
  'maintenance.logs': ZLogsCleanupJob,
  'logs.aggregate': ZLogsAggregateJob,
  'certifications.expiryScan': ZCertificationExpiryScanJob,
  'certifications.expiryNotice': ZCertificationExpiryNoticeJob,
  'customers.import': ZCustomersImportJob,
  'report.pdf': ZReportPdfJob,
  'report.email': ZReportEmailJob,
  'report.auditPdf': ZAuditPdfJob,
  'protocols.export': ZProtocolExportJob,
  'points.dropdownBatchUpdate': ZDropdownBatchUpdateJob,
  'webhooks.deliver': ZWebhookDeliverJob,
  'webhooks.sweep': ZWebhookSweepJob,
  'plans.dueScan': ZPlanDueScanJob,
  'plans.dueNotice': ZPlanDueNoticeJob,
  'plans.customerReminder': ZPlanCustomerReminderJob,
  'plans.dueExport': ZPlanDueExportJob,
} as const;
export type JobName = keyof typeof jobSchemas;
export type JobPayload<N extends JobName> = z.infer<(typeof jobSchemas)[N]>;
export const jobNames = Object.keys(jobSchemas) as JobName[];
export const isJobName = (name: string): name is JobName => Object.hasOwn(jobSchemas, name);

/** Queue a job runs on; workers can be scaled per queue. */
export const jobQueue = (name: JobName): string => name.split('.')[0]!;
