import type { PlanType, TPlan } from '@insp/contracts';

/** Visible texts of the plan screens (issue 24; not in the spec). */
export const PLAN_TEXT = {
  dueTitle: 'Due',
  myDueTitle: 'My due inspections',
  plansTitle: 'Plans',
  noDue: 'Nothing is due in this window.',
  exportExcel: 'Export to Excel',
  exportPending: 'Preparing the Excel export…',
  exportRows: (done: number, total: number | null) => (total === null ? 'Waiting for the worker…' : `${done} of ${total} rows`),
  exportSaved: (fileName: string) => `Saved ${fileName}.`,
  exportFailed: 'The export could not be made. Please try again.',
  exportTooLong: 'The export took too long. Please try again later.',
  noMyDue: 'No inspections are due for you.',
  noPlans: 'No plans for this equipment.',
  loading: 'Loading...',
  start: 'Start inspection',
  addPlan: 'Add plan',
  editPlan: 'Edit plan',
  planSite: 'Plan inspections for this site',
  type: 'Inspection type',
  protocol: 'Protocol',
  anyProtocol: 'Any protocol of the type',
  grace: 'Grace days',
  graceHint: 'Days after the due date before it counts as overdue',
  inspector: 'Inspector',
  noInspector: 'Nobody',
  startsOn: 'First due date',
  startsOnHint: 'For equipment never inspected with this type',
  remind: 'Remind the customer',
  family: 'Product family',
  model: 'Product model',
  allFamilies: 'Every product family',
  allModels: 'Every model of the family',
  window: 'Due within',
  customer: 'Customer',
  site: 'Site',
  state: 'State',
  anyState: 'Any state',
  allCustomers: 'All customers',
  allSites: 'All sites',
  search: 'Search serial, nickname, customer or site',
  chooseType: 'Choose an inspection type.',
  save: 'SAVE',
  cancel: 'CANCEL',
  delete: 'DELETE',
  create: 'CREATE PLANS',
} as const;

export const WINDOWS = [7, 30, 90] as const;

export const STATE_LABEL = { upcoming: 'Upcoming', due: 'Due', overdue: 'Overdue', in_progress: 'In progress' } as const;

export const typeLabel = (t: PlanType) => t.replace(/_/g, ' ');

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Where a plan stands, in words (never colour alone): 'Overdue by 3 days', 'Due today', 'Due in 5 days', 'In progress'. */
export function stateWords(p: Pick<TPlan, 'state' | 'daysPastDue'>): string {
  if (p.state === 'in_progress') return 'In progress';
  if (p.daysPastDue === 0) return 'Due today';
  if (p.daysPastDue < 0) return `Due in ${days(-p.daysPastDue)}`;
  // Past the due date but within the grace days: due, not yet overdue.
  if (p.state === 'due') return `Due ${days(p.daysPastDue)} ago, within grace`;
  return `Overdue by ${days(p.daysPastDue)}`;
}

/** The machine as one line: serial, “nickname”, model. */
export const machineLabel = (p: Pick<TPlan, 'serialNumber' | 'nickName' | 'productModelName' | 'productFamilyName'>) =>
  [p.serialNumber, p.nickName && `“${p.nickName}”`, p.productModelName ?? p.productFamilyName].filter(Boolean).join(' · ');

/** Text of the bulk result: 'Created 12 plans; 3 machines already had one.' */
export function bulkResult(r: { created: number; skipped: number }): string {
  const made = `Created ${r.created} ${r.created === 1 ? 'plan' : 'plans'}`;
  if (!r.skipped) return `${made}.`;
  return `${made}; ${r.skipped} ${r.skipped === 1 ? 'machine already had one' : 'machines already had one'}.`;
}

/** 2026-11-26 as 26.11.2026 (000 §9); a due date is a day in the customer's zone, not an instant, so it is not moved. */
export const formatDueOn = (ymd: string) => ymd.split('-').reverse().join('.');
