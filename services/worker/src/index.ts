export { startJobRuntime, type JobRuntime, type JobRuntimeOptions } from './runtime/runtime.js';
export { startWorkers, type Workers, type WorkersOptions } from './runtime/workers.js';
export { recurringJobs, type RecurringJob } from './runtime/recurring.js';
export { jobRegistry, assertEveryJobHasHandler, runJob, PermanentJobError } from './jobs/registry.js';
export { createMailer, type Mailer, type MailMessage } from './mail/mailer.js';
export { renderEmail } from './mail/templates.js';
export type { JobDeps, JobContext, JobHandler, JobRegistry, Logger, WorkerConfig } from './types.js';
export { reportPdfKey, reportPdfFileName, renderReportPdf } from './jobs/report.pdf.js';
export { auditPdfKey, auditPdfFileName, renderAuditPdf } from './jobs/audit.pdf.js';
