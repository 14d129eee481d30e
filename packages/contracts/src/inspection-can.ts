import type { InspectionStatus } from './domain-enums.js';
import { isAllowed, Level, type Actor } from './levels.js';
import { P } from './permissions.js';

/**
 * Who may do what with one inspection (spec 000 §2.3, §2.7, §4, §6; docs/decisions.md "Inspection actions").
 * THE rule: the API's checks (save, status change, delete) call these functions, the API answers `can` with the
 * inspection it reads, and the web's buttons come from the same functions, so a button is offered exactly when
 * the server would accept the call. No zod here: the report list's buttons are on the first load (issue 23);
 * inspection-rights.ts adds the answer's schema and re-exports these.
 */

/** What the rules need to know of the inspection. Facts a list row lacks are left out and count as "no". */
export interface InspectionFacts {
  status: string;
  inspectorContact: string | null;
  inspectorUserId?: string | null;
  createdByUserId?: string | null;
  /** Whether any point has a result; unknown (a list row) counts as having results. */
  hasResults?: boolean;
}

export type InspectionViewer = Pick<Actor, 'kind' | 'level' | 'flags' | 'distributorAdmin'> & { userId?: string; email: string };

// decision (issue 7): Managers and above edit any inspection they can see (distributor admins: their company's).
const MANAGE = { internal: Level.Manager, external: Level.Manager };

export const INSPECTION_REFUSALS = {
  finished: 'status: a finished inspection can only be changed by an Admin',
  notOwn: 'Only the inspector, the inspector contact or a manager may change this inspection.',
} as const;

const sameEmail = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();
const isAdmin = (v: InspectionViewer) => isAllowed(P.reportsFinish, v);

/** The inspection's inspector, its creator or its inspector contact (e-mail, case-insensitive). */
export function isOwnInspection(i: InspectionFacts, v: InspectionViewer): boolean {
  return (!!v.userId && (i.inspectorUserId === v.userId || i.createdByUserId === v.userId)) || sameEmail(i.inspectorContact, v.email);
}

/**
 * Why a save (update, results, finish) would be refused, or null when it is accepted: a Finished inspection only
 * an Admin; otherwise its own people (inspector, creator, inspector contact) or Manager and above.
 */
export function editRefusal(i: InspectionFacts, v: InspectionViewer): keyof typeof INSPECTION_REFUSALS | null {
  if (!isAllowed(P.reports, v)) return 'notOwn';
  if (i.status === 'Finished' && !isAdmin(v)) return 'finished';
  if (!isOwnInspection(i, v) && !isAllowed(MANAGE, v)) return 'notOwn';
  return null;
}

/**
 * Whether PUT updateStatus accepts `to` (000 §4): In_Use → Waiting for an Admin or the inspector contact; every
 * other change (Finished, reopening) only an Admin. The same status is always accepted (no change).
 */
export function canChangeStatus(i: InspectionFacts, to: InspectionStatus, v: InspectionViewer): boolean {
  if (!isAllowed(P.reports, v)) return false;
  if (i.status === to) return true;
  return isAdmin(v) || (i.status === 'In_Use' && to === 'Waiting' && sameEmail(i.inspectorContact, v.email));
}

/**
 * Whether DELETE is accepted: Manager and above (distributor admins in their company); besides, whoever started
 * an inspection may discard it while it is In_Use and has no result (a start left empty, issue 20).
 */
export function canDeleteInspection(i: InspectionFacts, v: InspectionViewer): boolean {
  if (isAllowed(P.reportsDelete, v)) return true;
  return isAllowed(P.reports, v) && !!v.userId && i.createdByUserId === v.userId && i.status === 'In_Use' && i.hasResults === false;
}

/** Ok / Nok (000 §2.3, §6): an Admin or the Rater flag (staff only), on a Finished inspection only. */
export function canRate(i: InspectionFacts, v: InspectionViewer): boolean {
  return i.status === 'Finished' && isAllowed(P.reportsRate, v);
}

/** In use and Waiting reports are not ready: no PDF and no Ok/Nok (000 §2.3). */
export const isOpenStatus = (status: string) => status === 'In_Use' || status === 'Waiting';

/** The status an Admin's 'Reopen' moves a Finished inspection to: back to field work, editable by its people. */
export const REOPEN_STATUS: InspectionStatus = 'In_Use';

/** Every action on one inspection, for a report screen's buttons or a list row's (ZInspectionCan, inspection-rights.ts). */
export interface TInspectionCan {
  /** Update, results and finish would be accepted. */
  edit: boolean;
  /** Why not, when `edit` is false (the server's message). */
  editRefusal: string | null;
  /** Statuses offered by the status change (000 §2.3: none on a Finished report), in the order offered. */
  statusTo: InspectionStatus[];
  /** An Admin's reopen of a Finished inspection (to REOPEN_STATUS). */
  reopen: boolean;
  delete: boolean;
  /** The starter's own In use start without any result: the edit form offers to discard it when left (Keep / Discard). */
  discard: boolean;
  rate: boolean;
  download: boolean;
}

/** Every action at once, for the buttons of a report screen or a list row. */
export function inspectionCan(i: InspectionFacts, v: InspectionViewer): TInspectionCan {
  const refusal = editRefusal(i, v);
  // 000 §2.3: a Finished row offers no status change; reopening is its own action.
  const statusTo = i.status === 'Finished' ? [] : (['Waiting', 'Finished'] as const).filter((to) => to !== i.status && !(to === 'Waiting' && i.status !== 'In_Use') && canChangeStatus(i, to, v));
  return {
    edit: refusal === null,
    editRefusal: refusal && INSPECTION_REFUSALS[refusal],
    statusTo,
    reopen: i.status === 'Finished' && canChangeStatus(i, REOPEN_STATUS, v),
    delete: canDeleteInspection(i, v),
    discard: !!v.userId && i.createdByUserId === v.userId && i.status === 'In_Use' && i.hasResults === false && canDeleteInspection(i, v),
    rate: canRate(i, v),
    download: !isOpenStatus(i.status),
  };
}
