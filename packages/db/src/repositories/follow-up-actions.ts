import { sql } from 'kysely';
import type { TOpenAction } from '@insp/contracts';
import type { Db } from '../client.js';

export interface OpenActionsOptions {
  /** The API's REPORT_TIME_ZONE: `overdue` counts days in the customer's zone, else this one (as the actions list). */
  defaultTimeZone: string;
  /**
   * Whether the inspection's own accepted actions count: the report prints them (what its machine still needs), the
   * edit form shows only what earlier inspections left open (its own findings are on the points already).
   */
  includeOwn: boolean;
}

/**
 * Issue 24: the open follow-up actions of an inspection's machine (docs/decisions.md "Open actions with the
 * inspection"), found by inspections of that machine dated on or before it, most urgent first; none for an inspection
 * without equipment, an audit run (audits have their own action points) or a deleted one. One query from the
 * inspection's row through the (equipment_id, state) index: one machine's open actions, never the whole table. Who
 * may see the inspection is the caller's check; whoever may, sees these with it.
 */
export async function openActionsOfInspection(db: Db, inspectionId: string, opts: OpenActionsOptions): Promise<TOpenAction[]> {
  return (await openActionsQuery(db, inspectionId, opts).execute()) as TOpenAction[];
}

/** The query of openActionsOfInspection, unexecuted (its test reads the plan). */
export function openActionsQuery(db: Db, inspectionId: string, opts: OpenActionsOptions) {
  return db
    .selectFrom('inspections as x')
    .innerJoin('equipment as e', 'e.id', 'x.equipment_id')
    .innerJoin('follow_up_actions as a', (j) => j.onRef('a.equipment_id', '=', 'x.equipment_id').on('a.state', '=', 'open'))
    .innerJoin('inspections as f', 'f.id', 'a.inspection_id')
    .leftJoin('customers as c', 'c.id', 'e.customer_id')
    .leftJoin('users as au', 'au.id', 'a.assignee_user_id')
    .select([
      'a.id',
      sql<TOpenAction['reason']>`a.reason`.as('reason'),
      'a.inspection_point_id as inspectionPointId',
      'a.point_name as pointName',
      'a.value',
      'a.text',
      'au.name as assigneeName',
      sql<string | null>`to_char(a.due_on, 'YYYY-MM-DD')`.as('dueOn'),
      sql<boolean>`coalesce(a.due_on < (now() at time zone coalesce(c.time_zone, ${opts.defaultTimeZone}))::date, false)`.as('overdue'),
      'f.id as inspectionId',
      'f.name as inspectionName',
      sql<number>`(extract(epoch from f.inspection_date) * 1000)::float8`.as('inspectionDate'),
    ])
    .where('x.id', '=', inspectionId)
    .where('x.deleted_at', 'is', null)
    .where('x.audit_id', 'is', null)
    .where('e.deleted_at', 'is', null)
    .where('f.deleted_at', 'is', null)
    // Found on or before this inspection: an old report does not print what was found after it.
    .whereRef('f.inspection_date', '<=', 'x.inspection_date')
    .$if(!opts.includeOwn, (q) => q.whereRef('a.inspection_id', '<>', 'x.id'))
    .orderBy(sql`a.due_on asc nulls last`)
    .orderBy(sql`lower(a.point_name)`)
    .orderBy('a.id');
}
