import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { TPreviousValue } from '@insp/contracts';
import { blankResult, measurementPoint, tablePoint, uuid } from '../edit.fixtures.test-helpers';
import { renderPoint } from './points.test-helpers';

afterEach(cleanup);

/** Noon UTC: the same calendar day in any zone a test runs in. */
const OCT_5 = Date.UTC(2026, 9, 5, 12);
const measured = (value: string | null): TPreviousValue => ({ inspectionPointId: measurementPoint().inspectionPointId!, date: OCT_5, value, cells: [] });
const described = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('previous value beside a measured point (issue 23)', () => {
  it("shows what the machine measured last time with the point's unit and the day, while a new value is typed", () => {
    renderPoint(measurementPoint(), [measured('12.3')]);
    expect(screen.getByTestId('previous-value').textContent).toBe('Previous: 12.3 mm on 05.10.2026');
    fireEvent.change(screen.getByRole('textbox', { name: 'CSS' }), { target: { value: '14' } });
    expect(screen.getByTestId('previous-value').textContent).toBe('Previous: 12.3 mm on 05.10.2026');
  });

  it('says so when the last inspection recorded no value, and shows nothing for a point without one', () => {
    renderPoint(measurementPoint(), [measured(null)]);
    expect(screen.getByTestId('previous-value').textContent).toBe('Previous: no value on 05.10.2026');
    cleanup();
    renderPoint(measurementPoint(), [{ ...measured('9'), inspectionPointId: uuid(999) }]);
    expect(screen.queryByTestId('previous-value')).toBeNull();
  });

  it('shows nothing where no previous values are given (the audit editor shares the point entries)', () => {
    renderPoint(measurementPoint({ content: blankResult({ value: '20' }) }));
    expect(screen.queryByTestId('previous-value')).toBeNull();
  });
});

describe('previous values of a table (issue 23)', () => {
  const table = tablePoint();
  const [left, right] = table.fields;
  const [main, side] = table.rows;
  const cells = (rows: [string, string, string, string][]): TPreviousValue => ({
    inspectionPointId: table.inspectionPointId!, date: OCT_5, value: null,
    cells: rows.map(([rowId, rowTitle, fieldId, value]) => ({ rowId, rowTitle, fieldId, value })),
  });
  const cell = (row: string, field: string) => screen.getByRole('textbox', { name: `${row} ${field}` });

  it('says under each typed cell what the same row and field recorded, and the day under the table; aggregates not repeated', () => {
    renderPoint(table, [cells([[main!.id, 'Main conveyor', left!.id, '28,5'], [main!.id, 'Main conveyor', right!.id, '29'], [side!.id, 'Side conveyor', left!.id, '']])]);
    expect(described(cell('Main conveyor', 'Left'))).toBe('Previous: 28,5');
    expect(described(cell('Main conveyor', 'Right'))).toBe('Previous: 29');
    expect(described(cell('Side conveyor', 'Left'))).toBe('');
    expect(screen.getAllByTestId('aggregate').every((c) => !c.textContent?.includes('Previous'))).toBe(true);
    expect(screen.getByTestId('previous-table').textContent).toBe('Previous values (under each cell) from the inspection of 05.10.2026');
    // a value that is not a number says so instead, beside the cell
    fireEvent.change(cell('Main conveyor', 'Left'), { target: { value: 'abc' } });
    expect(within(cell('Main conveyor', 'Left').closest('td')!).queryByText('Previous: 28,5')).toBeNull();
  });

  it("matches a table's own rows (MeasurementsWithPicture) by their title, as each inspection names its rows", () => {
    const own = tablePoint({
      type: 'MeasurementsWithPicture', rows: [], fields: [{ id: uuid(401), index: 0, title: 'Top', keyboardType: 'decimal-pad', inspectionPointFieldAggregation: 'No' }],
      content: blankResult({ rows: [{ id: 'row-0', title: 'Tooth 2', inspectionPointRowAggregation: 'No', values: [{ rowId: 'row-0', fieldId: uuid(401), value: '' }] }] }),
    });
    renderPoint(own, [{ ...cells([['row-0', 'Tooth 1', uuid(401), '7'], ['row-1', 'Tooth 2', uuid(401), '8']]), inspectionPointId: own.inspectionPointId! }]);
    expect(described(screen.getByRole('textbox', { name: 'Tooth 2 Top' }))).toBe('Previous: 8');
    expect(screen.queryByTestId('previous-rows')).toBeNull();
  });

  it('lists the earlier rows with their values while no cell shows one (own rows not added yet), then moves them under the cells', () => {
    const fields = [
      { id: uuid(401), index: 0, title: 'Top', keyboardType: 'decimal-pad' as const, inspectionPointFieldAggregation: 'No' as const },
      { id: uuid(402), index: 1, title: 'Bottom', keyboardType: 'decimal-pad' as const, inspectionPointFieldAggregation: 'No' as const },
    ];
    const own = tablePoint({ type: 'MeasurementsWithPicture', rows: [], fields });
    // untitled rows are named by their position, as Add row names them
    renderPoint(own, [{ ...cells([['row-0', '', uuid(401), '7'], ['row-0', '', uuid(402), '6,5'], ['row-1', '2', uuid(401), '8'], ['row-1', '2', uuid(402), '']]), inspectionPointId: own.inspectionPointId! }]);
    expect(screen.getByTestId('previous-table').textContent).toBe('Previous values from the inspection of 05.10.2026:');
    expect(within(screen.getByTestId('previous-rows')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1: Top 7, Bottom 6,5', '2: Top 8']);
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(described(screen.getByRole('textbox', { name: '1 Bottom' }))).toBe('Previous: 6,5');
    expect(screen.getByTestId('previous-table').textContent).toBe('Previous values (under each cell) from the inspection of 05.10.2026');
    expect(screen.queryByTestId('previous-rows')).toBeNull();
  });
});
