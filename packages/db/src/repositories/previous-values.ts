import type { Db } from '../client.js';
import { contentTable } from './report-data-content.js';
import { MEASURED_TYPES } from './report-data-assemble.js';
import { loadHistory } from './report-data-history.js';

export interface PreviousValueRow {
  inspectionPointId: string;
  /** The earlier inspection's date, epoch ms. */
  date: number;
  value: string | null;
  cells: { rowId: string; rowTitle: string; fieldId: string; value: string | null }[];
}

/**
 * Issue 23: the previous value of every measured point of an inspection (Measurement and the table types), as its
 * report shows it (`previousOf`): the latest result of the point on the same equipment in a live inspection dated
 * strictly before this one, a distributor's inspection drawing only on its company's (`loadHistory`, the very
 * query). The points are those the edit form shows: its protocol's, its extra points' and any it has a result of.
 * An audit run never draws on the other runs of its own audit (same date, so 'earlier' would only be the order of
 * their ids). Three queries whatever the number of points; an unknown or deleted inspection answers an empty list. Who may
 * read it is the caller's check.
 */
export async function loadPreviousValues(db: Db, inspectionId: string): Promise<PreviousValueRow[]> {
  const head = await db
    .selectFrom('inspections')
    .select(['id', 'inspection_date', 'equipment_id', 'company_id', 'audit_id'])
    .where('id', '=', inspectionId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!head?.equipment_id) return [];
  const points = await db
    .selectFrom('inspection_points as ip')
    .select('ip.id')
    .where('ip.type', 'in', [...MEASURED_TYPES])
    .where((eb) =>
      eb.or([
        eb('ip.id', 'in', eb.selectFrom('protocol_points as pp')
          .innerJoin('inspection_categories as c', 'c.protocol_category_id', 'pp.protocol_category_id')
          .select('pp.inspection_point_id').where('c.inspection_id', '=', inspectionId)),
        eb('ip.id', 'in', eb.selectFrom('inspection_extra_points').select('inspection_point_id').where('inspection_id', '=', inspectionId)),
        eb('ip.id', 'in', eb.selectFrom('inspection_point_results').select('inspection_point_id').where('inspection_id', '=', inspectionId)),
      ]),
    )
    .execute();
  const history = await loadHistory(
    db,
    { inspectionId, inspectionDate: head.inspection_date, equipmentId: head.equipment_id, companyId: head.company_id, exceptAuditId: head.audit_id },
    points.map((p) => p.id),
    1,
  );
  return [...history]
    .flatMap(([inspectionPointId, [last]]) => (last ? [{ inspectionPointId, last }] : []))
    .map(({ inspectionPointId, last }) => {
      const table = contentTable(last.content);
      const titles = new Map(table?.rows.map((r) => [r.id, r.title]));
      return {
        inspectionPointId,
        date: last.date,
        value: last.value,
        cells: (table?.values ?? []).map((c) => ({ ...c, rowTitle: titles.get(c.rowId) ?? '' })),
      };
    })
    .sort((a, b) => (a.inspectionPointId < b.inspectionPointId ? -1 : 1));
}
