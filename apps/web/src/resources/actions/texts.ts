import type { ActionState, TAction } from '@insp/contracts';
import { formatDueOn } from '../plans/texts';

/** Visible texts of the follow-up actions screen (issue 24; not in the spec). */
export const ACTION_TEXT = {
  title: 'Actions',
  none: 'No actions in this view.',
  loading: 'Loading...',
  state: 'State',
  search: 'Search serial, customer, point or text',
  accept: 'Accept',
  dismiss: 'Dismiss',
  assign: 'Assign',
  close: 'Close',
  acceptTitle: 'Accept action',
  dismissTitle: 'Dismiss proposal',
  assignTitle: 'Assign action',
  closeTitle: 'Close action',
  assignee: 'Assignee',
  anyone: 'Anyone',
  me: 'Me',
  customer: 'Customer',
  allCustomers: 'All customers',
  nobody: 'Nobody',
  dueOn: 'Due date',
  text: 'What to do',
  reason: 'Reason',
  comment: 'Comment',
  fixedBy: 'Inspection that shows the fix',
  fixedByNobody: 'None',
  fixedByHelp: 'Optional: a finished inspection of this machine since the finding',
  fixedByNone: 'No finished inspection of this machine since the finding',
  fixedByFailed: 'The inspections could not be loaded',
  required: 'Is required',
  save: 'SAVE',
  cancel: 'CANCEL',
  report: 'Report',
} as const;

/** The state filter: one choice per view; Overdue is open and past its due date (the server's `overdue`). */
export const VIEWS = {
  active: { label: 'Proposed and open', states: ['proposed', 'open'] },
  proposed: { label: 'Proposed', states: ['proposed'] },
  open: { label: 'Open', states: ['open'] },
  overdue: { label: 'Overdue', states: ['open'], overdue: true },
  closed: { label: 'Closed', states: ['closed'] },
  dismissed: { label: 'Dismissed', states: ['dismissed'] },
} as const satisfies Record<string, { label: string; states: readonly ActionState[]; overdue?: boolean }>;
export type ActionView = keyof typeof VIEWS;

export const REASON_WORDS: Record<TAction['reason'], string> = { ImmediateAction: 'Immediate action', Repair: 'Repair', OutOfLimits: 'Out of limits' };
const STATE_WORDS: Record<ActionState, string> = { proposed: 'Proposed', open: 'Open', closed: 'Closed', dismissed: 'Dismissed' };

/** The state in words (never colour alone): 'Open, overdue' for an open action past its due date. */
export const stateWords = (a: Pick<TAction, 'state' | 'overdue'>) => (a.state === 'open' && a.overdue ? 'Open, overdue' : STATE_WORDS[a.state]);

/** The due date as shown: '23.11.2026', 'Overdue since 23.11.2026', or a dash. */
export const dueWords = (a: Pick<TAction, 'dueOn' | 'overdue'>) => (!a.dueOn ? '—' : a.overdue ? `Overdue since ${formatDueOn(a.dueOn)}` : formatDueOn(a.dueOn));

/** The machine as one line: serial and “nickname”. */
export const machineWords = (a: Pick<TAction, 'serialNumber' | 'nickName'>) => [a.serialNumber, a.nickName && `“${a.nickName}”`].filter(Boolean).join(' · ') || '—';

/** Why it was proposed: 'Repair', 'Out of limits: 35'. */
export const reasonWords = (a: Pick<TAction, 'reason' | 'value'>) => (a.value ? `${REASON_WORDS[a.reason]}: ${a.value}` : REASON_WORDS[a.reason]);
