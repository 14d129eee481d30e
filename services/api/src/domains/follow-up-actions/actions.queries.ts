import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { Actor } from '@insp/contracts';
import { visibleReports } from '../inspections/inspections.scope.js';

const ms = (col: string) => sql<number>`(extract(epoch from ${sql.ref(col)}) * 1000)::float8`;
const msOrNull = (col: string) => sql<number | null>`(extract(epoch from ${sql.ref(col)}) * 1000)::float8`;

/**
 * Follow-up actions with their machine, customer, inspection and people, in the contract's shape (TAction). `overdue`:
 * open and past the due date today in the customer's time zone (or the API's REPORT_TIME_ZONE), as plans count days.
 */
export const actionRows = (db: Db, defaultTimeZone: string) =>
  db
    .selectFrom('follow_up_actions as a')
    .innerJoin('equipment as e', 'e.id', 'a.equipment_id')
    .innerJoin('inspections as i', 'i.id', 'a.inspection_id')
    .leftJoin('customers as c', 'c.id', 'e.customer_id')
    .leftJoin('customer_sites as s', 's.id', 'e.customer_site_id')
    .leftJoin('users as au', 'au.id', 'a.assignee_user_id')
    .leftJoin('users as du', 'du.id', 'a.decided_by_user_id')
    .leftJoin('users as cu', 'cu.id', 'a.closed_by_user_id')
    .select([
      'a.id',
      sql<'proposed' | 'open' | 'closed' | 'dismissed'>`a.state`.as('state'),
      sql<'ImmediateAction' | 'Repair' | 'OutOfLimits'>`a.reason`.as('reason'),
      'a.equipment_id as equipmentId',
      'e.serial_number as serialNumber',
      'e.nick_name as nickName',
      'e.customer_id as customerId',
      'c.name as customerName',
      's.name as customerSiteName',
      'a.inspection_id as inspectionId',
      'i.name as inspectionName',
      ms('i.inspection_date').as('inspectionDate'),
      'a.result_id as resultId',
      'a.inspection_point_id as inspectionPointId',
      'a.point_name as pointName',
      'a.value',
      'a.text',
      'a.assignee_user_id as assigneeUserId',
      'au.name as assigneeName',
      sql<string | null>`to_char(a.due_on, 'YYYY-MM-DD')`.as('dueOn'),
      // coalesce: an open action without a due date compares to null, and `overdue` is a boolean (was a 500 on accept without one)
      sql<boolean>`coalesce(a.state = 'open' and a.due_on < (now() at time zone coalesce(c.time_zone, ${defaultTimeZone}))::date, false)`.as('overdue'),
      'du.name as decidedByName',
      msOrNull('a.decided_at').as('decidedAt'),
      'a.dismiss_reason as dismissReason',
      'cu.name as closedByName',
      msOrNull('a.closed_at').as('closedAt'),
      'a.close_comment as closeComment',
      'a.fixed_by_inspection_id as fixedByInspectionId',
      ms('a.created_at').as('createdAt'),
    ])
    .where('e.deleted_at', 'is', null)
    .where('i.deleted_at', 'is', null);

export type ActionRowsQuery = ReturnType<typeof actionRows>;

/**
 * The inspections that may show an action's fix: live reports the actor may see (not audit runs, which plans and
 * proposals do not count either; a distributor's only its company's) of the action's machine, other than the one that
 * found it. The finished flag and the date rule are the callers' (close names which one failed).
 */
export const fixInspections = (db: Db, actor: Actor, action: { equipmentId: string; foundByInspectionId: string }) =>
  visibleReports(db, actor).where('i.equipment_id', '=', action.equipmentId).where('i.id', '<>', action.foundByInspectionId);
