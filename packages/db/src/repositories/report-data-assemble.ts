import {
  AggregationDirections, Aggregations, KeyboardTypes, LifeEstimateTypes, PointTypes,
  type Aggregation, type AggregationDirection, type KeyboardType, type LifeEstimateType, type PointType,
  type TReportLimits, type TReportPhoto, type TReportPoint, type TReportTable,
} from '@insp/contracts';
import { contentChoices, contentDropdowns, contentRangeValues, contentTable, ratingName } from './report-data-content.js';
import { previousOf, trendOf, type HistoryEntry } from './report-data-history.js';
import { groupBy, type PointParts } from './report-data-points.js';

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => ((list as readonly unknown[]).includes(v) ? (v as T) : fallback);

/** Points whose value is measured: they show limits and the previous inspection's value. */
export const MEASURED_TYPES: readonly PointType[] = ['Measurement', 'Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];
const TABLE_TYPES: readonly PointType[] = ['Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];

/** One result row as the loader selects it (never the internal comment). */
export interface ResultRow {
  id: string;
  categoryId: string | null;
  extraPointId: string | null;
  selection: string | null;
  rating: number;
  comment: string | null;
  value: string | null;
  nameOverride: string | null;
  content: unknown;
  pointId: string | null;
  type: string | null;
  name: string | null;
  description: string | null;
  keyboardType: string | null;
  ratingPresent: boolean | null;
  measurementTitle: string | null;
  unit: string | null;
  fieldTitle: string | null;
  visualization: string | null;
  lifeEstimate: string | null;
  aggregationDirection: string | null;
  optionGroupId: string | null;
  rangeValueTitle: string | null;
  protocolPointName: string | null;
}

/** Indexes the parts once per report; `point(row)` then assembles each result without further look-ups. */
export function pointAssembler(parts: PointParts, ctx: { inspectionDate: number; photos: Map<string, TReportPhoto[]>; history: Map<string, HistoryEntry[]> }) {
  const names = new Map(parts.translations.filter((t) => t.kind === 'Name').map((t) => [t.pointId, t.value]));
  const descriptions = new Map(parts.translations.filter((t) => t.kind === 'Description').map((t) => [t.pointId, t.value]));
  const limits = new Map<string, TReportLimits & { byModel: boolean }>();
  for (const l of parts.limits) {
    // A model's limits are more specific than its family's: they win.
    if (limits.get(l.pointId)?.byModel) continue;
    limits.set(l.pointId, { criticalLow: l.critical_low, low: l.low, high: l.high, criticalHigh: l.critical_high, byModel: !!l.modelId });
  }
  const options = groupBy(parts.options, (o) => o.groupId);
  const fields = groupBy(parts.fields, (f) => f.pointId);
  const rows = groupBy(parts.rows, (r) => r.pointId);
  const datasets = groupBy(parts.datasets, (d) => d.pointId);
  const rangeValues = groupBy(parts.rangeValues, (r) => r.pointId);
  const choices = groupBy(parts.choices, (c) => c.pointId);
  const dropdowns = groupBy(parts.dropdowns, (d) => d.pointId);

  function table(r: ResultRow, pid: string): TReportTable {
    const recorded = contentTable(r.content);
    const defFields = (fields.get(pid) ?? []).map((f) => ({ id: f.id, title: f.title, aggregation: oneOf<Aggregation>(Aggregations, f.aggregation, 'No') }));
    const defRows = (rows.get(pid) ?? []).map((x) => ({ id: x.id, title: x.title, aggregation: oneOf<Aggregation>(Aggregations, x.aggregation, 'No') }));
    return {
      fieldTitle: r.fieldTitle,
      aggregationDirection: oneOf<AggregationDirection>(AggregationDirections, r.aggregationDirection, 'No'),
      // The table as recorded wins; the library's definition fills in what the result does not carry.
      fields: recorded?.fields.length ? recorded.fields : defFields,
      rows: recorded?.rows.length ? recorded.rows : defRows,
      values: recorded?.values ?? [],
    };
  }

  return function point(r: ResultRow, fallbackName: string | null): TReportPoint {
    const pid = r.pointId ?? '';
    const type = oneOf<PointType>(PointTypes, r.type, 'Comment');
    const isTable = TABLE_TYPES.includes(type);
    const measured = !!r.pointId && MEASURED_TYPES.includes(type);
    const lim = limits.get(pid);
    const ranges = contentRangeValues(r.content);
    const picked = contentChoices(r.content);
    const droppedIn = contentDropdowns(r.content);
    const tbl = isTable ? table(r, pid) : null;
    const lifeEstimate = oneOf<LifeEstimateType>(LifeEstimateTypes, r.lifeEstimate, 'Off');
    return {
      resultId: r.id,
      type,
      name: r.nameOverride?.trim() || names.get(pid) || r.name || r.protocolPointName || fallbackName || '',
      description: descriptions.get(pid) ?? r.description ?? '',
      keyboardType: oneOf<KeyboardType>(KeyboardTypes, r.keyboardType, 'default'),
      ratingPresent: r.ratingPresent ?? true,
      rating: ratingName(r.rating),
      selection: r.selection,
      options: (r.optionGroupId ? options.get(r.optionGroupId) ?? [] : []).map((o) => o.name),
      comment: r.comment?.trim() ? r.comment : null,
      measurementTitle: r.measurementTitle,
      unit: r.unit,
      value: r.value,
      limits: measured && lim ? { criticalLow: lim.criticalLow, low: lim.low, high: lim.high, criticalHigh: lim.criticalHigh } : null,
      previous: measured ? previousOf(ctx.history.get(pid)) : null,
      table: tbl,
      rangeValueTitle: r.rangeValueTitle,
      rangeValues: (rangeValues.get(pid) ?? []).filter((x) => ranges.has(x.id)).map((x) => ({ id: x.id, title: x.title, value: ranges.get(x.id) ?? null })),
      multipleChoices: [...groupBy(choices.get(pid) ?? [], (c) => c.id).values()].map((opts) => ({
        id: opts[0].id,
        title: opts[0].title,
        radio: opts[0].radio,
        options: opts.filter((o) => o.optionId).map((o) => ({ id: o.optionId!, title: o.optionTitle ?? '', selected: !!picked.get(o.id)?.includes(o.optionId!) })),
      })).filter((c) => picked.has(c.id)),
      dropdowns: [...groupBy(dropdowns.get(pid) ?? [], (d) => d.id).values()]
        .filter((opts) => droppedIn.has(opts[0].id))
        .map((opts) => ({
          id: opts[0].id,
          title: opts[0].title,
          multiselect: opts[0].multiselect,
          hideImages: opts[0].hideImages,
          selected: (droppedIn.get(opts[0].id) ?? []).flatMap((id) => opts.filter((o) => o.optionId === id).map((o) => ({ id, title: o.optionTitle ?? '', imageId: o.imageId }))),
        })),
      photos: ctx.photos.get(r.id) ?? [],
      trend: measured && r.visualization === 'LineChart'
        ? trendOf({
            lifeEstimateType: lifeEstimate,
            seriesName: r.measurementTitle || r.name || '',
            datasets: isTable ? datasetsOf(pid, tbl!) : [],
            current: { date: ctx.inspectionDate, value: r.value, content: r.content },
            history: ctx.history.get(pid),
          })
        : null,
    };
  };

  function datasetsOf(pid: string, tbl: TReportTable) {
    const defined = (datasets.get(pid) ?? []).map((d) => ({ name: d.name, rowId: d.rowId, fieldId: d.fieldId }));
    if (defined.length) return defined;
    // No datasets configured: one line per plain row.
    return tbl.rows.filter((x) => x.aggregation === 'No').map((x) => ({ name: x.title, rowId: x.id, fieldId: null }));
  }
}
