import { isJobName, isRecurringJob, jobNames, jobSchemas, type JobName } from '@insp/contracts';
import type { JobContext, JobDeps, JobHandler, JobRegistry } from '../types.js';
import { sendEmail } from './email.send.job.js';
import { maintenanceCleanup } from './maintenance.cleanup.job.js';
import { sharedLinksCleanup } from './maintenance.shared-links.job.js';
import { generatedFilesCleanup } from './maintenance.generated-files.job.js';
import { documentsSync } from './documents.sync.job.js';
import { logsCleanup } from './maintenance.logs.job.js';
import { webhooksSweep } from './webhooks.sweep.job.js';
import { logsAggregate } from './logs.aggregate.job.js';
import { certificationExpiryNotice, certificationExpiryScan } from './certifications.expiry-notices.job.js';
import { customersImport } from './customers.import.job.js';
import { reportPdf } from './report.pdf.js';
import { reportEmail } from './report.email.job.js';
import { auditPdf } from './audit.pdf.js';
import { dropdownBatchUpdate } from './points.dropdown-batch-update.job.js';
import { protocolsExport } from './protocols.export.js';
import { webhookDeliver } from './webhooks.deliver.job.js';
import { planDueScan } from './plans.due-scan.job.js';
import { planCustomerReminder, planDueNotice } from './plans.due-notices.job.js';
import { planDueExport } from './plans.due-export.job.js';
import { PermanentJobError } from './errors.js';
import { trackedRecurringRun } from './background-run.js';

export const jobRegistry: JobRegistry = {
  'email.send': sendEmail,
  'maintenance.cleanup': maintenanceCleanup,
  'maintenance.sharedLinks': sharedLinksCleanup,
  'maintenance.generatedFiles': generatedFilesCleanup,
  'documents.sync': documentsSync,
  'maintenance.logs': logsCleanup,
  'webhooks.sweep': webhooksSweep,
  'logs.aggregate': logsAggregate,
  'certifications.expiryScan': certificationExpiryScan,
  'certifications.expiryNotice': certificationExpiryNotice,
  'customers.import': customersImport,
  'report.pdf': reportPdf,
  'report.email': reportEmail,
  'report.auditPdf': auditPdf,
  'points.dropdownBatchUpdate': dropdownBatchUpdate,
  'protocols.export': protocolsExport,
  'webhooks.deliver': webhookDeliver,
  'plans.dueScan': planDueScan,
  'plans.dueNotice': planDueNotice,
  'plans.customerReminder': planCustomerReminder,
  'plans.dueExport': planDueExport,
};

export { PermanentJobError };

/**
 * Start-up check. The registry's type already demands every name, but a registry assembled at run time
 * (tests, a worker built against other contracts) must not start and then drop jobs it cannot run.
 */
export function assertEveryJobHasHandler(registry: Partial<Record<string, unknown>>, names: readonly string[] = jobNames): void {
  const missing = names.filter((n) => typeof registry[n] !== 'function');
  if (missing.length) throw new Error(`No handler for job ${missing.map((n) => `'${n}'`).join(', ')}: add it to the worker's job registry`);
}

/** Validates the payload with the contract's schema, then runs the handler (a recurring job's run is recorded). */
export async function runJob(registry: JobRegistry, deps: JobDeps, name: string, payload: unknown, ctx: JobContext): Promise<unknown> {
  if (!isJobName(name)) throw new PermanentJobError(`unknown job '${name}'`);
  const parsed = jobSchemas[name].safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`invalid payload for '${name}': ${parsed.error.message}`);
  const handler = registry[name] as JobHandler<JobName>;
  if (isRecurringJob(name)) return trackedRecurringRun(deps, name, () => handler(deps, parsed.data as never, ctx));
  return handler(deps, parsed.data as never, ctx);
}
