import {
  Aggregations, PointRating, PointRatingNames, cellKey, computeTable, isNumericString,
  judgementLibraryOf, pickLibraryOf, readRecordedPicks, readTextTranslations, recordJudgement, recordPickTexts,
  type KeyboardType, type TextTranslations, type PointRatingName, type TEditPointConfig, type TPhoto, type TPointResult, type TPointResultInput,
} from '@insp/contracts';
import { AppError } from '../../errors.js';

/**
 * A point result's `content` jsonb (docs/data-model.md) both ways: read leniently (a malformed part is skipped)
 * and written strictly, checked against the point's configuration (001 §3) with the numeric-string rule
 * (000 §5) and aggregated table cells recomputed by point-math (000 §2.6). Stored shape:
 * { fields, rows: [{ values }], rangeValues: [{rangeValueId, value}], multipleChoices / dropdowns: [{..., selectedOptionIds}] },
 * the picks with the texts they were made with (recorded-picks.ts in contracts: recorded results never change).
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s): s is string => !!s) : []);
const agg = (v: unknown) => ((Aggregations as readonly unknown[]).includes(v) ? (v as (typeof Aggregations)[number]) : 'No');

export const ratingName = (n: number): PointRatingName => PointRatingNames.find((k) => PointRating[k] === n) ?? 'NotSet';

/** Keyboards whose text must be a number (000 §5); a Measurement's value is numeric unless it asks for a date, e-mail or phone. */
const NUMERIC_KEYBOARDS: readonly KeyboardType[] = ['number-pad', 'decimal-pad', 'numeric'];
const TEXT_MEASUREMENT_KEYBOARDS: readonly KeyboardType[] = ['date', 'date-time', 'email-address', 'phone-pad'];
const TABLE_TYPES = ['Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];
const RADIO_TYPES = ['RadioButtonSelection', 'RadioButtonSelectionAndRangeValues'];

export interface StoredResult {
  id: string;
  selection: string | null;
  value: string | null;
  comment: string | null;
  internal_comment: string | null;
  rating: number;
  voice_comment_id: string | null;
  name_override: string | null;
  content: unknown;
  /** Issue 23: the version stamp, when the read selected it. */
  version?: number;
  updated_at?: Date | string;
  updated_by?: string | null;
}

export function readResult(r: StoredResult | undefined, photos: TPhoto[], internal: boolean): TPointResult {
  const c = isObj(r?.content) ? r.content : {};
  return {
    ...(r ? { id: r.id } : {}),
    selection: r?.selection ?? null,
    value: r?.value ?? null,
    comment: r?.comment ?? null,
    ...(internal ? { internalComment: r?.internal_comment ?? null } : {}),
    rating: r ? ratingName(r.rating) : 'NotSet',
    photos,
    voiceCommentId: r?.voice_comment_id ?? null,
    nameOverride: r?.name_override ?? null,
    fields: arr(c.fields).filter((f) => str(f.id)).map((f) => ({ id: str(f.id)!, title: str(f.title) ?? '', value: str(f.value), inspectionPointFieldAggregation: agg(f.inspectionPointFieldAggregation) })),
    rows: arr(c.rows).filter((x) => str(x.id)).map((x) => ({
      id: str(x.id)!, title: str(x.title) ?? '', inspectionPointRowAggregation: agg(x.inspectionPointRowAggregation),
      values: arr(x.values).filter((v) => str(v.fieldId)).map((v) => ({ rowId: str(v.rowId) ?? str(x.id)!, fieldId: str(v.fieldId)!, value: str(v.value) })),
    })),
    rangeValues: arr(c.rangeValues).filter((v) => str(v.rangeValueId)).map((v) => ({ rangeValueId: str(v.rangeValueId)!, value: str(v.value) })),
    multipleChoices: arr(c.multipleChoices).filter((v) => str(v.multipleChoiceId)).map((v) => ({ multipleChoiceId: str(v.multipleChoiceId)!, selectedOptionIds: strs(v.selectedOptionIds) })),
    dropdowns: arr(c.dropdowns).filter((v) => str(v.dropdownId)).map((v) => ({ dropdownId: str(v.dropdownId)!, selectedOptionIds: strs(v.selectedOptionIds) })),
    ...(r?.version !== undefined ? { version: r.version, updatedAt: new Date(r.updated_at!).getTime(), updatedBy: r.updated_by ?? null } : {}),
  };
}

const bad = (path: string, message: string) => new AppError('BAD_REQUEST', `${path}: ${message}`, path);
const blank = (v: string | null) => (v == null || v.trim() === '' ? null : v);
const NOT_NUMERIC = 'must be a number (digits with an optional decimal point or comma, 000 §5)';

function numeric(path: string, value: string | null, keyboardType: KeyboardType, always = false) {
  if (value != null && (always || NUMERIC_KEYBOARDS.includes(keyboardType)) && !isNumericString(value)) throw bad(path, NOT_NUMERIC);
}

function uniqueIds(path: string, ids: string[]) {
  const seen = new Set<string>();
  for (const [i, id] of ids.entries()) {
    if (seen.has(id)) throw bad(`${path}.${i}`, 'is given twice');
    seen.add(id);
  }
}

/**
 * Nothing answered: no selection, value, comment, photo, voice, rename, cell, range value or pick, rating NotSet.
 * Such a content without id is not stored: the form sends every point, and an unanswered point has no result.
 */
export function isBlankInput(c: TPointResultInput): boolean {
  const any = (v: string | null) => blank(v) != null;
  return (
    c.rating === 'NotSet' && !any(c.selection) && !any(c.value) && !any(c.comment) && !any(c.internalComment) && !any(c.nameOverride) &&
    !c.voiceCommentId && !c.photos.length && !c.fields.some((f) => any(f.value)) && !c.rows.some((r) => r.values.some((v) => any(v.value))) &&
    !c.rangeValues.some((r) => any(r.value)) && !c.multipleChoices.some((m) => m.selectedOptionIds.length) && !c.dropdowns.some((d) => d.selectedOptionIds.length)
  );
}

/** The row columns of a result to write, checked against its point; `config` null means the library point is gone. */
export interface NormalizedResult {
  selection: string | null;
  value: string | null;
  comment: string | null;
  internal_comment: string | null;
  rating: number;
  name_override: string | null;
  voice_comment_id: string | null;
  /** null: keep the stored content (no configuration to check a new one against). */
  content: Obj | null;
}

/**
 * `previous`: the result's stored content, if any. Its recorded picks stay valid even when the library has since
 * renamed or removed their choice, dropdown, option or range value (issue 9: a re-saved form keeps them, not a 400).
 */
export function normalizeResult(config: TEditPointConfig | null, input: TPointResultInput, path: string, previous?: unknown): NormalizedResult {
  const p = `${path}.content`;
  const selection = blank(input.selection);
  const value = blank(input.value);
  const base = {
    selection, value, comment: input.comment, internal_comment: input.internalComment, rating: PointRating[input.rating],
    name_override: blank(input.nameOverride), voice_comment_id: input.voiceCommentId,
  };
  if (!config?.inspectionPointId) return { ...base, content: null };
  if (base.name_override && !config.nameOverridable) throw bad(`${p}.nameOverride`, 'this point does not allow renaming');
  // Issue 9: the option list, limits, title and unit the result was first written with stay with it (recorded-picks.ts).
  const content: Obj = { ...recordJudgement(judgementLibraryOf(config), selection, previous) };
  if (RADIO_TYPES.includes(config.type)) {
    if (selection && !(content.optionNames as string[]).includes(selection)) throw bad(`${p}.selection`, 'is not an option of this point');
  } else if (selection) throw bad(`${p}.selection`, 'this point has no options to select');
  if (config.type === 'Measurement') numeric(`${p}.value`, value, config.keyboardType, !TEXT_MEASUREMENT_KEYBOARDS.includes(config.keyboardType));
  if (TABLE_TYPES.includes(config.type)) Object.assign(content, table(config, input, p, previous));
  else if (input.fields.length) throw bad(`${p}.fields`, 'this point is not a table');
  else if (input.rows.length) throw bad(`${p}.rows`, 'this point is not a table');

  const followUps = new Map(
    [...(config.optionGroup?.options ?? []), ...config.multipleChoices.flatMap((c) => c.options), ...config.dropdowns.flatMap((d) => d.options)]
      .flatMap((o) => (o.followUpRangeValue ? [[o.followUpRangeValue.id, o.followUpRangeValue] as const] : [])),
  );
  const recorded = readRecordedPicks(previous);
  const ranges = new Map<string, { keyboardType: KeyboardType }>([
    // Recorded first, so the library's definition (and its keyboard) wins where it still exists.
    ...recorded.rangeValues.filter((r) => r.title !== undefined).map((r) => [r.rangeValueId, { keyboardType: 'default' as KeyboardType }] as const),
    ...config.rangeValues.map((r) => [r.id, r] as const), ...followUps,
  ]);
  uniqueIds(`${p}.rangeValues`, input.rangeValues.map((r) => r.rangeValueId));
  content.rangeValues = input.rangeValues.map((r, i) => {
    const def = ranges.get(r.rangeValueId);
    if (!def) throw bad(`${p}.rangeValues.${i}.rangeValueId`, 'is not a range value of this point');
    const v = blank(r.value);
    numeric(`${p}.rangeValues.${i}.value`, v, def.keyboardType);
    return { rangeValueId: r.rangeValueId, value: v };
  });
  const choiceDefs = withRecorded(
    new Map(config.multipleChoices.map((c) => [c.id, { single: c.radio, options: c.options.map((o) => o.id) }])),
    recorded.multipleChoices.map((c) => ({ id: c.multipleChoiceId, recorded: c.title !== undefined, single: c.radio ?? false, options: (c.options ?? []).map((o) => o.id) })),
  );
  const dropdownDefs = withRecorded(
    new Map(config.dropdowns.map((d) => [d.id, { single: !d.multiselect, options: d.options.map((o) => o.id) }])),
    recorded.dropdowns.map((d) => ({ id: d.dropdownId, recorded: d.title !== undefined, single: !(d.multiselect ?? true), options: (d.selectedOptions ?? []).map((o) => o.id) })),
  );
  const multipleChoices = picks(`${p}.multipleChoices`, input.multipleChoices.map((c) => ({ id: c.multipleChoiceId, selected: c.selectedOptionIds })), choiceDefs, 'multipleChoiceId', 'multiple choice')
    .map((c) => ({ multipleChoiceId: c.id, selectedOptionIds: c.selected }));
  const dropdowns = picks(`${p}.dropdowns`, input.dropdowns.map((d) => ({ id: d.dropdownId, selected: d.selectedOptionIds })), dropdownDefs, 'dropdownId', 'dropdown')
    .map((d) => ({ dropdownId: d.id, selectedOptionIds: d.selected }));
  // Issue 9: the texts picked now are stored with the picks, so later library edits never change this result.
  Object.assign(content, recordPickTexts({ rangeValues: content.rangeValues as { rangeValueId: string; value: string | null }[], multipleChoices, dropdowns }, pickLibraryOf(config), previous));
  return { ...base, content };
}

/** The library's choices (or dropdowns) plus what the stored result recorded: its recorded options stay pickable. */
function withRecorded(live: Map<string, { single: boolean; options: string[] }>, recorded: { id: string; recorded: boolean; single: boolean; options: string[] }[]) {
  for (const r of recorded) {
    if (!r.recorded) continue;
    const def = live.get(r.id);
    if (def) live.set(r.id, { single: def.single, options: [...def.options, ...r.options.filter((o) => !def.options.includes(o))] });
    else live.set(r.id, { single: r.single, options: r.options });
  }
  return live;
}

function picks(path: string, sent: { id: string; selected: string[] }[], defs: Map<string, { single: boolean; options: string[] }>, key: string, what: string) {
  uniqueIds(path, sent.map((s) => s.id));
  return sent.map((s, i) => {
    const def = defs.get(s.id);
    if (!def) throw bad(`${path}.${i}.${key}`, `is not a ${what} of this point`);
    uniqueIds(`${path}.${i}.selectedOptionIds`, s.selected);
    s.selected.forEach((o, j) => {
      if (!def.options.includes(o)) throw bad(`${path}.${i}.selectedOptionIds.${j}`, `is not an option of this ${what}`);
    });
    if (def.single && s.selected.length > 1) throw bad(`${path}.${i}.selectedOptionIds`, 'allows one option only');
    return s;
  });
}

/**
 * Issue 9: a table keeps the fields and rows (titles, aggregations) it was recorded with; the library's keyboard
 * types apply where it still has them, and what the library added since comes after, in its order.
 */
function recordedFirst<T extends { id: string; keyboardType?: KeyboardType }>(recorded: T[], library: T[]): T[] {
  const lib = new Map(library.map((x) => [x.id, x]));
  const rec = new Set(recorded.map((x) => x.id));
  return [...recorded.map((x) => (x.keyboardType && lib.get(x.id)?.keyboardType ? { ...x, keyboardType: lib.get(x.id)!.keyboardType } : x)), ...library.filter((x) => !rec.has(x.id))];
}

/**
 * Table types: the structure is the library's (fields and rows with their aggregations), so nobody turns an
 * aggregated cell into a typed one; only where the library has no rows (MeasurementsWithPicture) are the rows
 * the client's. Typed cells must name a known row and field; aggregated cells are computed here.
 */
function table(config: TEditPointConfig, input: TPointResultInput, p: string, previous: unknown): Obj {
  const prev = readResult({ content: previous } as StoredResult, [], false);
  // Issue 19: a recorded field or row keeps the translations it was recorded with (none recorded: none kept, the
  // report reads the library's); one the library adds records the library's.
  const prevTr = new Map<string, TextTranslations | undefined>(
    [...arr(isObj(previous) ? previous.fields : []), ...arr(isObj(previous) ? previous.rows : [])].flatMap((x) => (str(x.id) ? [[str(x.id)!, readTextTranslations(x.translations)] as const] : [])),
  );
  const libTr = (id: string) => (config.textTranslations ? config.textTranslations[id] ?? {} : undefined);
  const libFields = config.fields.map((f) => ({ id: f.id, title: f.title, aggregation: f.inspectionPointFieldAggregation, keyboardType: f.keyboardType, translations: libTr(f.id) }));
  const libRows = config.rows.map((r) => ({ id: r.id, title: r.title, aggregation: r.inspectionPointRowAggregation, translations: libTr(r.id) }));
  const fields = config.fields.length
    ? recordedFirst(prev.fields.map((f) => ({ id: f.id, title: f.title, aggregation: f.inspectionPointFieldAggregation, keyboardType: 'default' as KeyboardType, translations: prevTr.get(f.id) })), libFields)
    : input.fields.map((f) => ({ id: f.id, title: f.title, aggregation: 'No' as const, keyboardType: 'default' as KeyboardType, translations: undefined }));
  const rows = config.rows.length
    ? recordedFirst(prev.rows.map((r) => ({ id: r.id, title: r.title, aggregation: r.inspectionPointRowAggregation, translations: prevTr.get(r.id) })), libRows)
    : input.rows.map((r) => ({ id: r.id, title: r.title, aggregation: 'No' as const, translations: undefined }));
  uniqueIds(`${p}.rows`, input.rows.map((r) => r.id));
  const fieldById = new Map(fields.map((f) => [f.id, f]));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  const fieldValues = new Map<string, string | null>();
  input.fields.forEach((f, i) => {
    const def = fieldById.get(f.id);
    if (!def) throw bad(`${p}.fields.${i}.id`, 'is not a field of this table');
    const v = blank(f.value);
    numeric(`${p}.fields.${i}.value`, v, def.keyboardType);
    fieldValues.set(f.id, v);
  });
  const typed: { rowId: string; fieldId: string; value: string | null }[] = [];
  const seen = new Set<string>();
  input.rows.forEach((r, i) => {
    if (!rowById.has(r.id)) throw bad(`${p}.rows.${i}.id`, 'is not a row of this table');
    r.values.forEach((c, j) => {
      const at = `${p}.rows.${i}.values.${j}`;
      const field = fieldById.get(c.fieldId);
      if (!field) throw bad(`${at}.fieldId`, 'is not a field of this table');
      if (c.rowId !== r.id) throw bad(`${at}.rowId`, 'must be the id of the row it is in');
      if (seen.has(cellKey(r.id, c.fieldId))) throw bad(`${at}.fieldId`, 'is given twice in this row');
      seen.add(cellKey(r.id, c.fieldId));
      const aggregated = field.aggregation !== 'No' || rowById.get(r.id)!.aggregation !== 'No';
      if (aggregated) return; // computed below, whatever was sent
      const v = blank(c.value);
      numeric(`${at}.value`, v, field.keyboardType);
      typed.push({ rowId: r.id, fieldId: c.fieldId, value: v });
    });
  });
  // Cells of rows and fields the library has since removed cannot be shown by the form: they keep what was recorded.
  const libIds = new Set([...libFields, ...libRows].map((x) => x.id));
  for (const f of prev.fields) if (!libIds.has(f.id) && fieldById.has(f.id) && !fieldValues.has(f.id)) fieldValues.set(f.id, f.value);
  for (const r of prev.rows) {
    for (const c of r.values) {
      const kept = rowById.get(c.rowId)?.aggregation === 'No' && fieldById.get(c.fieldId)?.aggregation === 'No';
      if (kept && (!libIds.has(c.rowId) || !libIds.has(c.fieldId)) && !seen.has(cellKey(c.rowId, c.fieldId))) typed.push(c);
    }
  }
  const computed = computeTable({ fields, rows, values: typed });
  const typedBy = new Map(typed.map((c) => [cellKey(c.rowId, c.fieldId), c.value]));
  return {
    fields: fields.map((f) => ({
      id: f.id, title: f.title, value: fieldValues.get(f.id) ?? null, inspectionPointFieldAggregation: f.aggregation, ...(f.translations ? { translations: f.translations } : {}),
    })),
    rows: rows.map((r) => ({
      id: r.id, title: r.title, inspectionPointRowAggregation: r.aggregation, ...(r.translations ? { translations: r.translations } : {}),
      values: fields.flatMap((f) => {
        const key = cellKey(r.id, f.id);
        if (f.aggregation === 'No' && r.aggregation === 'No') return typedBy.has(key) ? [{ rowId: r.id, fieldId: f.id, value: typedBy.get(key) ?? null }] : [];
        const n = computed.get(key);
        return [{ rowId: r.id, fieldId: f.id, value: n == null ? null : String(n) }];
      }),
    })),
  };
}
