import {
  AggregationDirections, Aggregations, KeyboardTypes, LifeEstimateTypes, PointTypes,
  type Aggregation, type AggregationDirection, type KeyboardType, type LifeEstimateType, type PointType,
  readRecordedJudgement, readRecordedPicks, readTextTranslations, translatedText,
  type TReportLimits, type TextTranslations, type TReportPhoto, type TReportPoint, type TReportTable,
} from '@insp/contracts';
import { contentTable, ratingName } from './report-data-content.js';
import { previousOf, trendOf, type HistoryEntry } from './report-data-history.js';
import { groupBy, type PointParts } from './report-data-points.js';

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => ((list as readonly unknown[]).includes(v) ? (v as T) : fallback);

/** Points whose value is measured: they show limits and the previous inspection's value. */

/** A protocol's own name for a point, when it differs from the point's name (else null: the point's name, translated, is shown). */
const protocolName = (r: { name: string | null; protocolPointName: string | null }) => {
  const own = r.protocolPointName?.trim();
  return own && own !== r.name?.trim() ? own : null;
};

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
  /** The point's own titles' translations (`{ measurementTitle, fieldTitle, rangeValueTitle }`). */
  titleTranslations: unknown;
}

/** Indexes the parts once per report; `point(row)` then assembles each result without further look-ups. */
export function pointAssembler(parts: PointParts, ctx: { lang: string; inspectionDate: number; photos: Map<string, TReportPhoto[]>; history: Map<string, HistoryEntry[]> }) {
  /**
   * Issue 19: every text in the report's language, per text: the translations recorded with it, else (recorded
   * before there were any) the library's of today; either only when written for this very English text.
   */
  const liveTr = new Map<string, TextTranslations>();
  const keep = (id: string | null, v: unknown) => { const t = id ? readTextTranslations(v) : undefined; if (id && t) liveTr.set(id, t); };
  for (const x of [...parts.fields, ...parts.rows, ...parts.rangeValues]) keep(x.id, x.translations);
  for (const x of [...parts.choices, ...parts.dropdowns]) { keep(x.id, x.translations); keep(x.optionId, x.optionTranslations); }
  const libraryTitles = new Map([...parts.fields, ...parts.rows].map((x) => [x.id, x.title]));
  const tr = (english: string, recorded: TextTranslations | undefined, id?: string | null) =>
    translatedText(english, recorded ?? (id ? liveTr.get(id) : undefined), ctx.lang);
  const own = (r: ResultRow, key: string) => readTextTranslations((r.titleTranslations as Record<string, unknown> | null)?.[key]);
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

  const recordedFieldTitle = (r: ResultRow) => {
    const judged = readRecordedJudgement(r.content);
    const english = judged.fieldTitle !== undefined ? judged.fieldTitle : r.fieldTitle;
    const recorded = judged.fieldTitle !== undefined ? judged.fieldTitleTranslations : undefined;
    return english == null ? null : tr(english, recorded ?? own(r, 'fieldTitle'));
  };
  const translateAll = <T extends { id: string; title: string; translations?: TextTranslations }>(list: T[]) =>
    list.map(({ translations, ...x }) => ({ ...x, title: tr(x.title, translations, x.id) }));

  function table(r: ResultRow, pid: string): TReportTable {
    const recorded = contentTable(r.content);
    const defFields = (fields.get(pid) ?? []).map((f) => ({ id: f.id, title: f.title, aggregation: oneOf<Aggregation>(Aggregations, f.aggregation, 'No') }));
    const defRows = (rows.get(pid) ?? []).map((x) => ({ id: x.id, title: x.title, aggregation: oneOf<Aggregation>(Aggregations, x.aggregation, 'No') }));
    return {
      fieldTitle: recordedFieldTitle(r),
      aggregationDirection: oneOf<AggregationDirection>(AggregationDirections, r.aggregationDirection, 'No'),
      // The table as recorded wins; the library's definition fills in what the result does not carry.
      fields: translateAll(recorded?.fields.length ? recorded.fields : defFields),
      rows: translateAll(recorded?.rows.length ? recorded.rows : defRows),
      values: recorded?.values ?? [],
    };
  }

  return function point(r: ResultRow, fallbackName: string | null): TReportPoint {
    const pid = r.pointId ?? '';
    const type = oneOf<PointType>(PointTypes, r.type, 'Comment');
    const isTable = TABLE_TYPES.includes(type);
    const measured = !!r.pointId && MEASURED_TYPES.includes(type);
    // Issue 9: the option list and limits the result recorded (results written before have none: the library's).
    const judged = readRecordedJudgement(r.content);
    const lim = judged.limits !== undefined ? judged.limits : limits.get(pid);
    const englishTitle = judged.measurementTitle !== undefined ? judged.measurementTitle : r.measurementTitle;
    const measurementTitle = englishTitle == null ? null
      : tr(englishTitle, judged.measurementTitleTranslations ?? own(r, 'measurementTitle'));
    const liveOptions = r.optionGroupId ? options.get(r.optionGroupId) ?? [] : [];
    const optionNames = judged.optionNames ?? liveOptions.map((o) => o.name);
    // A name without recorded translations reads the library option of that name (its source must match anyway).
    const optionText = (name: string, i: number) =>
      tr(name, (judged.optionNames ? judged.optionTranslations?.[i] : undefined) ?? readTextTranslations(liveOptions.find((o) => o.name === name)?.translations));
    const picks = picksOf(r, pid);
    const tbl = isTable ? table(r, pid) : null;
    const lifeEstimate = oneOf<LifeEstimateType>(LifeEstimateTypes, r.lifeEstimate, 'Off');
    return {
      resultId: r.id,
      type,
      // The report's own name for the point, then the protocol's (issue 19: an author's name for it in this
      // protocol; one equal to the point's name, as imports wrote them, is no override and keeps the translation).
      name: r.nameOverride?.trim() || protocolName(r) || names.get(pid) || r.name || r.protocolPointName || fallbackName || '',
      description: descriptions.get(pid) ?? r.description ?? '',
      keyboardType: oneOf<KeyboardType>(KeyboardTypes, r.keyboardType, 'default'),
      ratingPresent: r.ratingPresent ?? true,
      rating: ratingName(r.rating),
      selection: r.selection == null ? null : optionNames.includes(r.selection) ? optionText(r.selection, optionNames.indexOf(r.selection)) : r.selection,
      options: optionNames.map(optionText),
      comment: r.comment?.trim() ? r.comment : null,
      measurementTitle,
      unit: judged.unit !== undefined ? judged.unit : r.unit,
      value: r.value,
      limits: measured && lim ? { criticalLow: lim.criticalLow, low: lim.low, high: lim.high, criticalHigh: lim.criticalHigh } : null,
      previous: measured ? previousOf(ctx.history.get(pid)) : null,
      table: tbl,
      rangeValueTitle: r.rangeValueTitle == null ? null : tr(r.rangeValueTitle, own(r, 'rangeValueTitle')),
      ...picks,
      photos: ctx.photos.get(r.id) ?? [],
      trend: measured && r.visualization === 'LineChart'
        ? trendOf({
            lifeEstimateType: lifeEstimate,
            seriesName: measurementTitle || r.name || '',
            datasets: isTable ? datasetsOf(pid, tbl!) : [],
            current: { date: ctx.inspectionDate, value: r.value, content: r.content },
            history: ctx.history.get(pid),
          })
        : null,
    };
  };

  /**
   * Range values, multiple choices and dropdowns as recorded (issue 9: the texts the inspector picked, whatever the
   * library became since); the library's live texts only fill in what a result written before migration 0014 lacks.
   * In the library's order, then what the library no longer has in recorded order. A pick with neither a recorded
   * text nor a library row has nothing to print and is left out (docs/decisions.md, 'Recorded results').
   */
  function picksOf(r: ResultRow, pid: string): Pick<TReportPoint, 'rangeValues' | 'multipleChoices' | 'dropdowns'> {
    const rec = readRecordedPicks(r.content);
    const liveRanges = rangeValues.get(pid) ?? [];
    const liveChoices = [...groupBy(choices.get(pid) ?? [], (c) => c.id).values()];
    const liveDropdowns = [...groupBy(dropdowns.get(pid) ?? [], (d) => d.id).values()];
    const rank = (ids: string[]) => (id: string) => { const i = ids.indexOf(id); return i < 0 ? ids.length : i; };
    const inOrder = <T,>(list: T[], id: (x: T) => string, ids: string[]) => { const at = rank(ids); return [...list].sort((a, b) => at(id(a)) - at(id(b))); };
    // Issue 20: an option's follow-up value ('Remaining die thickness 35') prints while its option is picked; one of
    // an option picked before and unpicked since stays unprinted. The result records which option asks for it
    // (`ownerOption…`), so a report keeps it after the library changes; a result written before that reads the
    // library's link of today, and prints nothing when the library lost the option (none printed before issue 20).
    const chosenIds = new Set([...rec.multipleChoices, ...rec.dropdowns].flatMap((x) => x.selectedOptionIds));
    const ownerPicked = (x: (typeof rec.rangeValues)[number]) =>
      x.ownerOptionName !== undefined ? x.ownerOptionName === r.selection : x.ownerOptionId !== undefined ? chosenIds.has(x.ownerOptionId) : undefined;
    const picked = new Set<string>();
    const consider = (followUpId: string | null, isPicked: boolean) => {
      if (followUpId && isPicked) picked.add(followUpId);
    };
    for (const o of r.optionGroupId ? options.get(r.optionGroupId) ?? [] : []) consider(o.followUpId, o.name === r.selection);
    for (const c of liveChoices) {
      const chosen = rec.multipleChoices.find((x) => x.multipleChoiceId === c[0].id)?.selectedOptionIds ?? [];
      for (const o of c) consider(o.followUpId, !!o.optionId && chosen.includes(o.optionId));
    }
    for (const d of liveDropdowns) {
      const chosen = rec.dropdowns.find((x) => x.dropdownId === d[0].id)?.selectedOptionIds ?? [];
      for (const o of d) consider(o.followUpId, !!o.optionId && chosen.includes(o.optionId));
    }
    const rangeValuesOut = inOrder(rec.rangeValues, (x) => x.rangeValueId, liveRanges.map((x) => x.id)).flatMap((x) => {
      if (x.followUp && (!x.value?.trim() || x.title === undefined || !(ownerPicked(x) ?? picked.has(x.rangeValueId)))) return [];
      const title = x.title ?? liveRanges.find((l) => l.id === x.rangeValueId)?.title;
      return title === undefined ? [] : [{ id: x.rangeValueId, title: tr(title, x.translations, x.rangeValueId), value: x.value }];
    });
    const multipleChoices = inOrder(rec.multipleChoices, (x) => x.multipleChoiceId, liveChoices.map((c) => c[0].id)).flatMap((x) => {
      const live = liveChoices.find((c) => c[0].id === x.multipleChoiceId);
      const title = x.title ?? live?.[0].title;
      const opts = x.options ?? live?.filter((o) => o.optionId).map((o) => ({ id: o.optionId!, title: o.optionTitle ?? '', translations: undefined }));
      if (title === undefined || !opts) return [];
      return [{
        id: x.multipleChoiceId, title: tr(title, x.translations, x.multipleChoiceId), radio: x.radio ?? live?.[0].radio ?? false,
        options: opts.map((o) => ({ id: o.id, title: tr(o.title, o.translations, o.id), selected: x.selectedOptionIds.includes(o.id) })),
      }];
    });
    const dropdownsOut = inOrder(rec.dropdowns, (x) => x.dropdownId, liveDropdowns.map((d) => d[0].id)).flatMap((x) => {
      const live = liveDropdowns.find((d) => d[0].id === x.dropdownId);
      const title = x.title ?? live?.[0].title;
      if (title === undefined) return [];
      const recorded = new Map((x.selectedOptions ?? []).map((o) => [o.id, o]));
      return [{
        id: x.dropdownId,
        title: tr(title, x.translations, x.dropdownId),
        multiselect: x.multiselect ?? live?.[0].multiselect ?? false,
        hideImages: x.hideImages ?? live?.[0].hideImages ?? false,
        selected: x.selectedOptionIds.flatMap((id) => {
          const kept = recorded.get(id);
          if (kept) return [{ id, title: tr(kept.title, kept.translations, id), imageId: kept.imageId }];
          const o = live?.find((l) => l.optionId === id);
          return o ? [{ id, title: tr(o.optionTitle ?? '', undefined, id), imageId: o.imageId }] : [];
        }),
      }];
    });
    return { rangeValues: rangeValuesOut, multipleChoices, dropdowns: dropdownsOut };
  }

  function datasetsOf(pid: string, tbl: TReportTable) {
    // A line named after its row or column (as the demo's are) reads that title's translation; other names are the author's.
    const named = (d: { name: string; rowId: string | null; fieldId: string | null }) => {
      const id = d.rowId && !d.fieldId ? d.rowId : d.fieldId && !d.rowId ? d.fieldId : null;
      return id && libraryTitles.get(id) === d.name ? tr(d.name, undefined, id) : d.name;
    };
    const defined = (datasets.get(pid) ?? []).map((d) => ({ name: named(d), rowId: d.rowId, fieldId: d.fieldId }));
    if (defined.length) return defined;
    // No datasets configured: one line per plain row.
    return tbl.rows.filter((x) => x.aggregation === 'No').map((x) => ({ name: x.title, rowId: x.id, fieldId: null }));
  }
}
