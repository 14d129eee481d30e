import {
  Aggregations, PointRating, PointRatingNames, readTextTranslations,
  type Aggregation, type PointRatingName, type TReportCell, type TextTranslations,
} from '@insp/contracts';

/**
 * Reading a point result's `content` jsonb (docs/data-model.md): table fields/rows/values, range values,
 * multiple-choice and dropdown answers, as the apps write them. Leniently: a malformed part is skipped,
 * never a reason to fail the whole report.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const agg = (v: unknown): Aggregation => ((Aggregations as readonly unknown[]).includes(v) ? (v as Aggregation) : 'No');

export interface ContentTable {
  fields: { id: string; title: string; aggregation: Aggregation; translations?: TextTranslations }[];
  rows: { id: string; title: string; aggregation: Aggregation; translations?: TextTranslations }[];
  values: TReportCell[];
}

/** The table as recorded, or null when the result holds none. */
export function contentTable(content: unknown): ContentTable | null {
  if (!isObj(content)) return null;
  const fields = arr(content.fields)
    .filter((f) => str(f.id))
    .map((f) => ({ id: str(f.id)!, title: str(f.title) ?? '', aggregation: agg(f.inspectionPointFieldAggregation), translations: readTextTranslations(f.translations) }));
  const rowObjs = arr(content.rows).filter((r) => str(r.id));
  if (!fields.length && !rowObjs.length) return null;
  const rows = rowObjs.map((r) => ({ id: str(r.id)!, title: str(r.title) ?? '', aggregation: agg(r.inspectionPointRowAggregation), translations: readTextTranslations(r.translations) }));
  const values = rowObjs.flatMap((r) =>
    arr(r.values)
      .filter((v) => str(v.fieldId))
      .map((v) => ({ rowId: str(v.rowId) ?? str(r.id)!, fieldId: str(v.fieldId)!, value: str(v.value) })),
  );
  return { fields, rows, values };
}

// Range value, multiple-choice and dropdown answers: readRecordedPicks (contracts), shared with the writer.

/** The stored smallint as its name (000 §3); an unknown number reads as NotSet. */
export const ratingName = (n: number): PointRatingName =>
  PointRatingNames.find((k) => PointRating[k] === n) ?? 'NotSet';

const words = (key: string) => {
  const spaced = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};
const show = (v: unknown): string => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * The equipment configurator (jsonb, written as a whole) as label/value pairs: an object's keys become
 * words ('engineHours' → 'Engine hours'); a list of {name|key|title, value} keeps its labels.
 */
export function configuratorEntries(value: unknown): { key: string; value: string }[] {
  if (Array.isArray(value)) {
    return arr(value).map((e) => ({ key: str(e.name) ?? str(e.key) ?? str(e.title) ?? '', value: show(e.value) }));
  }
  if (isObj(value)) return Object.entries(value).map(([k, v]) => ({ key: words(k), value: show(v) }));
  return [];
}
