import { inspectionCan, isOpenStatus, type InspectionStatus, type TInspectionCan, type TInspectionListItem } from '@insp/contracts';
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
  userId?: string;
}

/** In use and Waiting reports are not ready: no PDF and no Ok/Nok (000 §2.3). */
export const isOpen = isOpenStatus;

/**
 * A list row's actions from the rules the server checks (contracts inspection-rights.ts). A row does not say who
 * started it or whether it has results, so the starter's discard of an empty start is never offered here; the
 * report screens take `can` from the server's answer instead.
 */
export function reportActions(row: Row, { actor, email, userId }: Viewer): ReportActions {
  return pick(inspectionCan({ status: row.status, inspectorContact: row.inspectorContact }, { ...actor, email, userId }));
}

const pick = ({ download, rate, delete: del, statusTo }: TInspectionCan): ReportActions => ({ download, rate, delete: del, statusTo });
