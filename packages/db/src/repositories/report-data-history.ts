import { cellKey, computeTable, parseNumeric, type TReportPrevious, type TReportTrend, type LifeEstimateType } from '@insp/contracts';
import type { Db } from '../client.js';
import { contentTable, type ContentTable } from './report-data-content.js';

/** How many earlier inspections of the same equipment a trend reaches back (bounds the query and the chart). */
export const TREND_HISTORY = 50;

export interface HistoryScope {
  inspectionId: string;
  inspectionDate: Date;
  equipmentId: string | null;
  /** The report's company: a distributor's report only draws on that company's inspections. */
  companyId: string | null;
  /** An audit run's audit: its other runs are today's work, not earlier values (the audit editor, issue 23). */
  exceptAuditId?: string | null;
}

export interface HistoryEntry {
  date: number;
  value: string | null;
  content: unknown;
}

/**
 * Earlier results of the given points on the same equipment, newest first, at most `perPoint` (TREND_HISTORY) per point,
 * in one query. Only inspections dated before this one count, so a report reads the same tomorrow as today
 * (and its stored PDF stays valid). Every reader of the report must be allowed to see what it draws on: staff
 * see every inspection, a distributor only its own company's, so a distributor's report uses only that
 * company's inspections and a staff report (company null, read by staff only) uses all.
 */
export async function loadHistory(db: Db, scope: HistoryScope, pointIds: string[], perPoint = TREND_HISTORY): Promise<Map<string, HistoryEntry[]>> {
  const out = new Map<string, HistoryEntry[]>();
  if (!scope.equipmentId || !pointIds.length) return out;
  const ranked = db
    .selectFrom('inspection_point_results as r')
    .innerJoin('inspections as i', 'i.id', 'r.inspection_id')
    .where('i.equipment_id', '=', scope.equipmentId)
    .where('i.deleted_at', 'is', null)
    .where('r.inspection_point_id', 'in', pointIds)
    .where((eb) =>
      eb.or([
        eb('i.inspection_date', '<', scope.inspectionDate),
        eb.and([eb('i.inspection_date', '=', scope.inspectionDate), eb('i.id', '<', scope.inspectionId)]),
      ]),
    )
    .$if(scope.companyId != null, (q) => q.where('i.company_id', '=', scope.companyId!))
    .$if(scope.exceptAuditId != null, (q) => q.where((eb) => eb.or([eb('i.audit_id', 'is', null), eb('i.audit_id', '!=', scope.exceptAuditId!)])))
    .select((eb) => [
      'r.inspection_point_id as pointId',
      'r.inspection_id as inspectionId',
      'r.value',
      'r.content',
      'i.inspection_date as date',
      eb.fn
        .agg<number>('row_number')
        .over((o) => o.partitionBy('r.inspection_point_id').orderBy('i.inspection_date', 'desc').orderBy('i.id', 'desc').orderBy('r.index'))
        .as('n'),
    ]);
  const rows = await db
    .selectFrom(ranked.as('h'))
    .selectAll()
    .where('h.n', '<=', perPoint)
    .orderBy('h.pointId')
    .orderBy('h.n')
    .execute();
  const seen = new Set<string>();
  for (const r of rows) {
    // A point twice in one inspection: its first result speaks for that inspection.
    const key = `${r.pointId}/${r.inspectionId}`;
    if (!r.pointId || seen.has(key)) continue;
    seen.add(key);
    const list = out.get(r.pointId) ?? [];
    list.push({ date: new Date(r.date).getTime(), value: r.value, content: r.content });
    out.set(r.pointId, list);
  }
  return out;
}

export const previousOf = (history: HistoryEntry[] | undefined): TReportPrevious | null => {
  const last = history?.[0];
  if (!last) return null;
  return { date: last.date, value: last.value, cells: contentTable(last.content)?.values ?? [] };
};

export interface Dataset {
  name: string;
  rowId: string | null;
  fieldId: string | null;
}

/**
 * A dataset's value in one table: a cell (row and field), a row's aggregated field or else its average, a
 * column's aggregated row or else its average. Numbers come from computeTable, so aggregates are recomputed.
 */
export function datasetValue(table: ContentTable, d: Dataset, cells = computeTable(table)): number | null {
  const pick = (rowId: string, fieldId: string) => cells.get(cellKey(rowId, fieldId)) ?? null;
  const mean = (nums: (number | null)[]) => {
    const n = nums.filter((x): x is number => x != null);
    return n.length ? n.reduce((a, b) => a + b, 0) / n.length : null;
  };
  if (d.rowId && d.fieldId) return pick(d.rowId, d.fieldId);
  if (d.rowId) {
    const aggField = table.fields.find((f) => f.aggregation !== 'No');
    if (aggField) return pick(d.rowId, aggField.id);
    return mean(table.fields.map((f) => pick(d.rowId!, f.id)));
  }
  if (d.fieldId) {
    const aggRow = table.rows.find((r) => r.aggregation !== 'No');
    if (aggRow) return pick(aggRow.id, d.fieldId);
    return mean(table.rows.filter((r) => r.aggregation === 'No').map((r) => pick(r.id, d.fieldId!)));
  }
  return null;
}

interface TrendInput {
  lifeEstimateType: LifeEstimateType;
  seriesName: string;
  datasets: Dataset[];
  current: { date: number; value: string | null; content: unknown };
  history: HistoryEntry[] | undefined;
}

/** Series of a LineChart point, oldest first, this inspection last. A Measurement has one series, a table one per dataset. */
export function trendOf(t: TrendInput): TReportTrend {
  const entries = [...(t.history ?? [])].reverse().concat([{ ...t.current }]);
  if (!t.datasets.length) {
    const points = entries
      .map((e) => ({ date: e.date, value: parseNumeric(e.value) }))
      .filter((p): p is { date: number; value: number } => p.value != null);
    return { lifeEstimateType: t.lifeEstimateType, series: [{ name: t.seriesName, points }] };
  }
  const tables = entries.map((e) => {
    const table = contentTable(e.content);
    return { date: e.date, table, cells: table ? computeTable(table) : null };
  });
  const series = t.datasets.map((d) => ({
    name: d.name,
    points: tables
      .map((e) => ({ date: e.date, value: e.table ? datasetValue(e.table, d, e.cells!) : null }))
      .filter((p): p is { date: number; value: number } => p.value != null),
  }));
  return { lifeEstimateType: t.lifeEstimateType, series };
}
