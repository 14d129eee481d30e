import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { AggregationDirections, Aggregations, KeyboardTypes, ValidationConsequences } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { theme } from '../../theme';
import { renderEditor, uuid } from './type-editors-options/editorHarness.test-helpers';
import { ownTypeEditors } from './type-editors/registry';
import { PointOptions } from './PointOptions';
import { AGGREGATION_DIRECTION_LABELS, AGGREGATION_LABELS, CONSEQUENCE_LABELS, KEYBOARD_LABELS } from './option-labels';
import type { PointForm } from './rules';

beforeEach(() => vi.stubGlobal('fetch', fakeApi({ 'measurementUnits.list': () => ({ data: [] }) }).fetch));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The texts a select offers once opened (MUI opens on mouse down), then closed again. */
function offered(select: HTMLElement): string[] {
  fireEvent.mouseDown(select);
  const list = screen.getByRole('listbox');
  const texts = within(list).getAllByRole('option').map((o) => o.textContent ?? '');
  fireEvent.keyDown(list, { key: 'Escape' });
  return texts;
}

// Enum names that are no English a user should read (Sum, Row, Date and the like read as words and may stay).
const ENUM_NAMES = ['default', 'number-pad', 'decimal-pad', 'numeric', 'email-address', 'phone-pad', 'date-time', 'NoAction', 'PreventMovingNextPoint', 'PreventReport', 'No', 'Min', 'Max', 'Diff'];

describe('settings of a point are shown by label, never by enum name (issue 19)', () => {
  it('the point options offer keyboard types and consequences by label', () => {
    const form = { type: 'Comment', name: 'P', keyboardType: 'decimal-pad', validationConsequence: 'PreventReport' } as unknown as PointForm;
    render(
      <ThemeProvider theme={theme}>
        <PointOptions value={form} onChange={() => {}} />
      </ThemeProvider>,
    );
    const keyboard = screen.getByRole('combobox', { name: 'Keyboard type' });
    expect(keyboard.textContent).toBe('Decimal number');
    expect(offered(keyboard)).toEqual(KeyboardTypes.map((k) => KEYBOARD_LABELS[k]));
    const consequence = screen.getByRole('combobox', { name: 'Validation consequence' });
    expect(consequence.textContent).toBe('Prevent the report');
    expect(offered(consequence)).toEqual(ValidationConsequences.map((c) => CONSEQUENCE_LABELS[c]));
    expect(document.body.textContent).not.toMatch(/decimal-pad|PreventReport/);
  });

  it('the table editor offers aggregation direction, keyboard types and aggregations by label', () => {
    renderEditor(ownTypeEditors.SummaryWithRows!, {
      type: 'SummaryWithRows',
      inspectionPointAggregationDirection: 'Both',
      fields: [{ id: uuid(1), index: 0, title: 'Depth', keyboardType: 'default', inspectionPointFieldAggregation: 'Max' }],
      rows: [{ id: uuid(2), index: 0, title: 'Left', inspectionPointRowAggregation: 'No' }],
    });
    const direction = screen.getByRole('combobox', { name: 'Aggregation direction' });
    expect(offered(direction)).toEqual(AggregationDirections.map((d) => AGGREGATION_DIRECTION_LABELS[d]));
    const keyboard = screen.getByRole('combobox', { name: 'Keyboard type' });
    expect(keyboard.textContent).toBe('Text');
    expect(offered(keyboard)).toEqual(KeyboardTypes.map((k) => KEYBOARD_LABELS[k]));
    const [fieldAgg, rowAgg] = screen.getAllByRole('combobox', { name: 'Aggregation' });
    expect([fieldAgg!.textContent, rowAgg!.textContent]).toEqual(['Maximum', 'None']);
    expect(offered(fieldAgg!)).toEqual(Aggregations.map((a) => AGGREGATION_LABELS[a]));
    const shown = [direction, keyboard, fieldAgg!, rowAgg!].flatMap((s) => [s.textContent ?? '', ...offered(s)]);
    for (const name of ENUM_NAMES) expect(shown, name).not.toContain(name);
  });
});
