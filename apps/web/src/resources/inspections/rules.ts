import { isAllowed, P, type InspectionStatus, type TInspectionListItem } from '@insp/contracts';
import type { ShellActor } from '../../providers/session';

/** What a row of /Reports or My page offers the signed-in user (spec 000 §2.3, §4, §6). */
export interface ReportActions {
  download: boolean;
  rate: boolean;
  delete: boolean;
  /** The statuses this user may move the inspection to, in the order offered. */
  statusTo: InspectionStatus[];
}

type Row = Pick<TInspectionListItem, 'status' | 'inspectorContact'>;
export interface Viewer {
  actor: ShellActor;
  email: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** In use and Waiting reports are not ready: no PDF and no Ok/Nok (000 §2.3). */
export const isOpen = (status: string) => status === 'In_Use' || status === 'Waiting';

export function reportActions(row: Row, { actor, email }: Viewer): ReportActions {
  const admin = isAllowed(P.reportsFinish, actor);
  const contact = !!row.inspectorContact && sameEmail(row.inspectorContact, email);
  const statusTo: InspectionStatus[] = [];
  // 000 §4: In_Use → Waiting for an admin or the inspector contact (e-mails compared case-insensitively).
  if (row.status === 'In_Use' && (admin || contact)) statusTo.push('Waiting');
  // 000 §4, §6: an Admin can mark it Finished; a Finished row offers no status change at all (§2.3).
  if (admin && row.status !== 'Finished') statusTo.push('Finished');
  return {
    download: !isOpen(row.status),
    rate: !isOpen(row.status) && isAllowed(P.reportsRate, actor),
    delete: isAllowed(P.reportsDelete, actor),
    statusTo,
  };
}
