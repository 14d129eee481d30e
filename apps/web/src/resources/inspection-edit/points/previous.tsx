import { createContext, useContext, useMemo, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { TPreviousValue } from '@insp/contracts';
import { formatDate } from '../../../lib/dates';

/**
 * Issue 23: what each measured point recorded last time on the same machine (tRPC inspectionEdit.previousValues,
 * the report's previous value), by library point id. The report edit form provides it for its inspection, the audit
 * editor for each run (audits.previousValues, audit-editor/previous.tsx); without a provider none is shown.
 */
const PreviousValues = createContext<ReadonlyMap<string, TPreviousValue>>(new Map());

export function PreviousValuesProvider({ values, children }: { values: readonly TPreviousValue[] | undefined; children: ReactNode }) {
  // one map per answer, not per render: every measured point below reads it
  const byPoint = useMemo(() => new Map((values ?? []).map((p) => [p.inspectionPointId, p])), [values]);
  return <PreviousValues.Provider value={byPoint}>{children}</PreviousValues.Provider>;
}

export const usePreviousValue = (inspectionPointId: string | null): TPreviousValue | undefined => {
  const all = useContext(PreviousValues);
  return inspectionPointId ? all.get(inspectionPointId) : undefined;
};

export const PREVIOUS_TEXT = {
  /** 'Previous: 12.3 mm on 05.10.2026' */
  measurement: (value: string | null, unit: string | null, date: number) =>
    value?.trim() ? `Previous: ${value.trim()}${unit ? ` ${unit}` : ''} on ${formatDate(date)}` : `Previous: no value on ${formatDate(date)}`,
  /** Under a table: the day its cells' previous values come from. */
  table: (date: number) => `Previous values (under each cell) from the inspection of ${formatDate(date)}`,
  /** Under a table none of whose cells has one (its own rows not added yet, or named otherwise): the rows listed. */
  tableRows: (date: number) => `Previous values from the inspection of ${formatDate(date)}:`,
  tableNone: (date: number) => `Previous: no values on ${formatDate(date)}`,
  cell: (value: string) => `Previous: ${value}`,
};

/** The line beside a Measurement's input. */
export function PreviousMeasurement({ previous, unit }: { previous: TPreviousValue | undefined; unit: string | null }) {
  if (!previous) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="previous-value">
      {PREVIOUS_TEXT.measurement(previous.value, unit, previous.date)}
    </Typography>
  );
}

/**
 * The earlier inspection's rows in its order, each with its title or, untitled, its position ('1', '2': the titles
 * Add row gives), so a table whose rows the inspector adds can match them by title.
 */
function previousRows(previous: TPreviousValue | undefined): { id: string; title: string; cells: TPreviousValue['cells'] }[] {
  const rows = new Map<string, TPreviousValue['cells']>();
  for (const c of previous?.cells ?? []) rows.set(c.rowId, [...(rows.get(c.rowId) ?? []), c]);
  return [...rows].map(([id, cells], i) => ({ id, title: cells[0]!.rowTitle.trim() || String(i + 1), cells }));
}

/**
 * A table cell's previous value: the same row and field; in a table whose rows the inspector adds
 * (MeasurementsWithPicture), rows are matched by their title, since each inspection names its own rows.
 */
export function previousCells(previous: TPreviousValue | undefined, byTitle: boolean): (row: { id: string; title: string }, fieldId: string) => string | null {
  const cells = new Map<string, string>();
  for (const row of previousRows(previous)) {
    for (const c of row.cells) if (c.value?.trim()) cells.set(`${byTitle ? row.title : row.id}\u0000${c.fieldId}`, c.value.trim());
  }
  return (row, fieldId) => cells.get(`${byTitle ? row.title.trim() : row.id}\u0000${fieldId}`) ?? null;
}

/**
 * Under a table: the day its previous values come from, when some cell shows one; else (a table whose rows the
 * inspector adds, none added yet or named otherwise) each earlier row with its values, 'Tooth 1: Top 12, Bottom 9'.
 */
export function PreviousTable({ previous, fields, shownInCells }: { previous: TPreviousValue | undefined; fields: { id: string; title: string }[]; shownInCells: boolean }) {
  if (!previous) return null;
  const line = (text: string) => <Typography variant="body2" color="text.secondary" data-testid="previous-table" sx={{ mt: 0.5 }}>{text}</Typography>;
  if (shownInCells) return line(PREVIOUS_TEXT.table(previous.date));
  const titles = new Map(fields.map((f) => [f.id, f.title]));
  const rows = previousRows(previous)
    .map((r) => [r.title, r.cells.filter((c) => titles.has(c.fieldId) && c.value?.trim()).map((c) => `${titles.get(c.fieldId)} ${c.value!.trim()}`)] as const)
    .filter(([, values]) => values.length > 0);
  if (!rows.length) return line(PREVIOUS_TEXT.tableNone(previous.date));
  return (
    <>
      {line(PREVIOUS_TEXT.tableRows(previous.date))}
      <Typography component="ul" variant="body2" color="text.secondary" data-testid="previous-rows" sx={{ m: 0, pl: 2.5 }}>
        {rows.map(([row, values], i) => <li key={i}>{`${row}: ${values.join(', ')}`}</li>)}
      </Typography>
    </>
  );
}
