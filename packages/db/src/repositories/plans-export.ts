import { sql } from 'kysely';
import type { TDueQuery, TPlan } from '@insp/contracts';
import type { Db } from '../client.js';
import { duePlans, duePlanSearch, planColumn, type PlanViewer } from './plans.js';

/**
 * Issue 24: the due list's Excel export (`due_exports`, migration 0049). The API records the request with the
 * caller's scope and filters; the worker reads the rows through the same filters and scoping as the list.
 */
export type DueExportQuery = Omit<TDueQuery, 'offset' | 'amount' | 'orderKey' | 'orderDirection'>;

/** Where a due export's workbook is stored (a generated file, removed when unused for a while). */
export const dueExportKey = (id: string) => `due-export/${id}.xlsx`;

/** `%term%` with LIKE's wildcards escaped, as the lists search. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The export's rows: the list's filters and search, by due date then serial number. */
export function dueExportRows(db: Db, defaultTimeZone: string, viewer: PlanViewer, query: DueExportQuery) {
  const rows = duePlans(db, defaultTimeZone, viewer, query);
  return query.search ? rows.where(duePlanSearch(contains(query.search))) : rows;
}

export async function countDueExportRows(db: Db, defaultTimeZone: string, viewer: PlanViewer, query: DueExportQuery): Promise<number> {
  const r = await db
    .selectFrom(dueExportRows(db, defaultTimeZone, viewer, query).as('d'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return r.n;
}

export async function dueExportPage(db: Db, defaultTimeZone: string, viewer: PlanViewer, query: DueExportQuery, offset: number, limit: number): Promise<TPlan[]> {
  return (await dueExportRows(db, defaultTimeZone, viewer, query)
    .orderBy(planColumn.dueDate)
    .orderBy('x.serialNumber')
    .orderBy('x.id')
    .offset(offset)
    .limit(limit)
    .execute()) as TPlan[];
}
