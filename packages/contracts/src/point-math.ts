import type { Aggregation } from './domain-enums.js';

/**
 * Arithmetic of inspection point values, shared by the report renderer and the web edit form so both
 * compute the same numbers: the numeric-string rule (spec 000 §5), table aggregates (000 §2.6: Average, Sum,
 * Min, Max, Diff, to 2 decimals, computed from the other numeric cells) and measurement-limit checks (001 §3).
 */

// spec 000 §5: optional sign, digits with an optional decimal point or comma, optional exponent.
const NUMERIC = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** True for text the spec calls numeric ('12', '-3,5', '1.2e3', '+.5'); surrounding blanks are ignored. */
export const isNumericString = (text: string | null | undefined): boolean => text != null && NUMERIC.test(text.trim());

/** The number a numeric string means (a comma is a decimal point), or null for anything else (blank included). */
export function parseNumeric(text: string | null | undefined): number | null {
  if (!isNumericString(text)) return null;
  const n = Number(text!.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** Rounded to 2 decimals, halves away from zero (1.005 → 1.01, -2.345 → -2.35), without binary-fraction surprises. */
export function round2(n: number): number {
  const r = Math.round(Math.abs(n) * 100 + 1e-9 * Math.max(1, Math.abs(n))) / 100;
  return n < 0 && r !== 0 ? -r : r;
}

/**
 * One aggregate over numbers, to 2 decimals; null when there is nothing to aggregate.
 * Diff is the spread (largest minus smallest): it does not depend on the order cells were typed in.
 */
export function aggregate(kind: Aggregation, values: readonly number[]): number | null {
  if (kind === 'No' || values.length === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const raw = { Average: sum / values.length, Sum: sum, Min: min, Max: max, Diff: max - min }[kind];
  return round2(raw);
}

export interface TableShape {
  fields: readonly { id: string; aggregation: Aggregation }[];
  rows: readonly { id: string; aggregation: Aggregation }[];
  values: readonly { rowId: string; fieldId: string; value: string | null }[];
}

/** A table cell's key in the map `computeTable` answers. */
export const cellKey = (rowId: string, fieldId: string) => `${rowId}\u0000${fieldId}`;

/**
 * Every cell of a table as a number or null: typed cells parsed, aggregated cells computed.
 * An aggregated field (column) takes each row's numeric cells in the plain fields; an aggregated row takes
 * each column's numeric cells in the plain rows (aggregated columns included, so the corner where an
 * aggregated row meets an aggregated field aggregates the column's computed values). Stored values of
 * aggregated cells are ignored: they are always recomputed.
 */
export function computeTable(table: TableShape): Map<string, number | null> {
  const typed = new Map(table.values.map((v) => [cellKey(v.rowId, v.fieldId), parseNumeric(v.value)]));
  const out = new Map<string, number | null>();
  const plainFields = table.fields.filter((f) => f.aggregation === 'No');
  const plainRows = table.rows.filter((r) => r.aggregation === 'No');
  for (const r of plainRows) {
    for (const f of plainFields) out.set(cellKey(r.id, f.id), typed.get(cellKey(r.id, f.id)) ?? null);
    const nums = plainFields.map((f) => out.get(cellKey(r.id, f.id))).filter((n): n is number => n != null);
    for (const f of table.fields) if (f.aggregation !== 'No') out.set(cellKey(r.id, f.id), aggregate(f.aggregation, nums));
  }
  for (const r of table.rows) {
    if (r.aggregation === 'No') continue;
    for (const f of table.fields) {
      const nums = plainRows.map((p) => out.get(cellKey(p.id, f.id))).filter((n): n is number => n != null);
      out.set(cellKey(r.id, f.id), aggregate(r.aggregation, nums));
    }
  }
  return out;
}

export interface LimitSet {
  criticalLow: number | null;
  low: number | null;
  high: number | null;
  criticalHigh: number | null;
}

/** Where a value lies against a point's limits; critical limits win over plain ones. Empty limits never mark. */
export type LimitState = 'ok' | 'low' | 'high' | 'criticalLow' | 'criticalHigh';

/** The mark a value past a limit carries, in the report and in the edit form alike. */
export const LIMIT_MARKS: Record<Exclude<LimitState, 'ok'>, string> = { criticalLow: '▼▼', low: '▼', high: '▲', criticalHigh: '▲▲' };

export function limitState(value: number | null, limits: LimitSet | null): LimitState | null {
  if (value == null || !limits) return null;
  if (limits.criticalLow != null && value < limits.criticalLow) return 'criticalLow';
  if (limits.criticalHigh != null && value > limits.criticalHigh) return 'criticalHigh';
  if (limits.low != null && value < limits.low) return 'low';
  if (limits.high != null && value > limits.high) return 'high';
  return 'ok';
}
