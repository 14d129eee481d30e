import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { blankResult, measurementPoint, radioPoint, tablePoint, uuid } from '../edit.fixtures.test-helpers';
import { EDIT_TEXT } from '../texts';
import { commentOnPick } from './defaultComment';
import { renderPoint } from './points.test-helpers';

afterEach(cleanup);

const comment = () => screen.getByRole('textbox', { name: `Comment: Jaw dies wear` }) as HTMLTextAreaElement;
const pick = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));

describe('radio selection with default comments (000 §2.6)', () => {
  it('fills an empty comment with the picked option’s default comment, and swaps one default comment for another without asking', () => {
    const { last } = renderPoint(radioPoint());
    pick('Worn');
    expect(last()).toMatchObject({ selection: 'Worn', comment: 'Turn or replace the jaw dies at the next service.' });
    pick('Replace now');
    expect(comment().value).toBe('Jaw dies must be replaced before further operation.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before replacing a comment somebody wrote, and keeps it when told to', async () => {
    const { last } = renderPoint(radioPoint({ content: blankResult({ comment: 'Left die cracked at the top.' }) }));
    pick('Worn');
    const dialog = screen.getByRole('dialog', { name: EDIT_TEXT.replaceTitle });
    expect(dialog.textContent).toContain(EDIT_TEXT.replaceQuestion('Worn'));
    fireEvent.click(within(dialog).getByRole('button', { name: EDIT_TEXT.keep }));
    expect(last()).toMatchObject({ selection: 'Worn', comment: 'Left die cracked at the top.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    pick('Replace now');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: EDIT_TEXT.replace }));
    expect(last()).toMatchObject({ selection: 'Replace now', comment: 'Jaw dies must be replaced before further operation.' });
  });

  it('leaves the comment alone for an option without a default comment', () => {
    expect(commentOnPick([{ name: 'Good', comment: null }], { name: 'Good', comment: null }, 'Mine')).toBe('keep');
    expect(commentOnPick([{ name: 'A', comment: 'x' }], { name: 'A', comment: 'x' }, '  x ')).toEqual({ set: 'x' });
  });
});

describe('not applicable (000 §2.6)', () => {
  it('sets rating NotApplicable and disables the options; unticking clears the rating', () => {
    const { last } = renderPoint(radioPoint());
    const tick = screen.getByRole('checkbox', { name: `${EDIT_TEXT.notApplicable}: Jaw dies wear` });
    fireEvent.click(tick);
    expect(last().rating).toBe('NotApplicable');
    for (const r of screen.getAllByRole('radio')) expect((r as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(tick);
    expect(last().rating).toBe('NotSet');
    for (const r of screen.getAllByRole('radio')) expect((r as HTMLInputElement).disabled).toBe(false);
  });
});

describe('measurement (000 §5 numeric rule)', () => {
  const input = () => screen.getByRole('textbox', { name: 'CSS' });
  it('shows the unit and the limits, takes a comma as the decimal point and marks a value past a limit', () => {
    const { last } = renderPoint(measurementPoint());
    expect(screen.getByText('mm')).toBeTruthy();
    expect(screen.getByText('Limits: critical low 10, low 16, high 30, critical high 40 mm')).toBeTruthy();
    fireEvent.change(input(), { target: { value: '31,5' } });
    expect(last().value).toBe('31,5');
    expect(input().getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByTestId('limit-state').textContent).toBe('Above the high limit');
    fireEvent.change(input(), { target: { value: '-1.2e1' } });
    expect(screen.getByTestId('limit-state').textContent).toBe('Below the critical low limit');
  });

  it('marks text that is not a number', () => {
    renderPoint(measurementPoint());
    fireEvent.change(input(), { target: { value: '12 mm' } });
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(EDIT_TEXT.notNumeric)).toBeTruthy();
    fireEvent.change(input(), { target: { value: '1,2,3' } });
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });
});

describe('tables (000 §2.6 aggregates)', () => {
  it('computes Average and Sum cells live to 2 decimals from the typed cells, read-only', () => {
    const { last } = renderPoint(tablePoint());
    const cell = (row: string, field: string) => screen.getByRole('textbox', { name: `${row} ${field}` });
    fireEvent.change(cell('Main conveyor', 'Left'), { target: { value: '10' } });
    fireEvent.change(cell('Main conveyor', 'Right'), { target: { value: '11,333' } });
    fireEvent.change(cell('Side conveyor', 'Left'), { target: { value: '5.005' } });
    const aggregates = screen.getAllByTestId('aggregate').map((c) => c.textContent);
    // Average column of Main, Side; then the Sum row: Left, Right, Average
    expect(aggregates).toEqual(['10.67', '5.01', '15.01', '11.33', '15.68']);
    expect(screen.queryByRole('textbox', { name: 'Sum Left' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Main conveyor Average' })).toBeNull();
    expect(last().rows[0]!.values.map((v) => v.value)).toEqual(['10', '11,333', '']);
  });

  it('marks a typed cell that is not a number beside the cell, and keeps what was typed', () => {
    const { last } = renderPoint(tablePoint());
    fireEvent.change(screen.getByRole('textbox', { name: 'Main conveyor Left' }), { target: { value: 'abc' } });
    const cell = screen.getByRole('textbox', { name: 'Main conveyor Left' }) as HTMLInputElement;
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(cell.value).toBe('abc');
    expect(last().rows[0]!.values[0]!.value).toBe('abc');
    expect(within(cell.closest('td')!).getByText(EDIT_TEXT.notNumericShort)).toBeTruthy();
    expect(screen.getByText(EDIT_TEXT.notNumeric)).toBeTruthy();
  });

  it('shows the limits with the table and marks each cell past one while it is typed, the computed ones too (issue 20)', () => {
    renderPoint(tablePoint({ limits: { criticalLow: 10, low: 16, high: 30, criticalHigh: 40 } }));
    expect(screen.getByTestId('table-limits').textContent).toBe('Limits: critical low 10, low 16, high 30, critical high 40 mm');
    const typeIn = (row: string, field: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: `${row} ${field}` }), { target: { value } });
    typeIn('Main conveyor', 'Left', '20');
    expect(screen.queryAllByTestId('cell-mark')).toHaveLength(0);
    typeIn('Main conveyor', 'Right', '12,5');
    typeIn('Side conveyor', 'Left', '45');
    const marks = () => screen.getAllByTestId('cell-mark').map((m) => `${m.closest('td')!.getAttribute('data-limit')} ${m.textContent} ${m.getAttribute('aria-label')}`);
    // Right 12.5 (low); Side Left 45 (critical high); the Sum row's Left 65 and Right 12.5; the averages 16.25 (ok) and 45
    expect(marks()).toEqual([
      'low ▼ Below the low limit', 'criticalHigh ▲▲ Above the critical high limit', 'criticalHigh ▲▲ Above the critical high limit',
      'criticalHigh ▲▲ Above the critical high limit', 'low ▼ Below the low limit', 'criticalHigh ▲▲ Above the critical high limit',
    ]);
    expect(screen.getAllByTestId('limit-state').map((e) => e.textContent)).toEqual(['▼ Below the low limit', '▲▲ Above the critical high limit']);
    typeIn('Side conveyor', 'Left', 'x');
    expect(screen.getAllByTestId('cell-mark').map((m) => m.closest('td')!.getAttribute('data-limit'))).toEqual(['low', 'low']);
  });

  it('lets a table without library rows (MeasurementsWithPicture) add and remove its own rows', () => {
    const { last } = renderPoint(tablePoint({ type: 'MeasurementsWithPicture', rows: [], fields: [{ id: uuid(401), index: 0, title: 'Top', keyboardType: 'default', inspectionPointFieldAggregation: 'No' }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.change(screen.getAllByRole('textbox', { name: /^1 Top$/ })[0]!, { target: { value: '42' } });
    expect(last().rows.map((r) => r.id)).toEqual(['row-0', 'row-1']);
    expect(last().rows[0]!.values).toEqual([{ rowId: 'row-0', fieldId: uuid(401), value: '42' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(last().rows.map((r) => r.id)).toEqual(['row-0']);
  });
});
