import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { isTempId } from '@insp/contracts';
import { queryClient } from '../../../providers/queryClient';
import { fakeApi } from '../../../test/render';
import { family, renderEditor, uuid } from './editorHarness.test-helpers';
import { optionTypeEditors } from './index';

beforeEach(() => vi.stubGlobal('fetch', fakeApi({ 'productFamilies.all': () => ({ data: [family] }) }).fetch));
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const saved = { id: uuid(20), index: 0, title: 'Depth', keyboardType: 'numeric' as const, inputValidationRegexp: '^\\d+$', validationConsequence: 'NoAction' as const, metas: [] };
const input = (group: HTMLElement, name: string) => within(group).getByRole('textbox', { name }) as HTMLInputElement;

describe('range values editor', { timeout: 20_000 }, () => {
  it('a saved range value edits only its regexp and consequence, sent as rangeValueUpdates by id', () => {
    const ed = renderEditor(optionTypeEditors.RangeValues!, { type: 'RangeValues', rangeValueTitle: 'Values', rangeValues: [saved] }, 'edit');
    const row = screen.getByRole('group', { name: 'Range value 1' });
    expect(input(row, 'Title').disabled).toBe(true);
    expect(within(row).queryByRole('button', { name: 'Remove range value 1' })).toBeNull();
    fireEvent.change(input(row, 'Input validation regexp'), { target: { value: '^\\d{1,3}$' } });
    expect(ed.current().rangeValueUpdates).toEqual({ [uuid(20)]: { inputValidationRegexp: '^\\d{1,3}$', validationConsequence: 'NoAction' } });
    expect(ed.current().rangeValues![0]).toMatchObject({ title: 'Depth', inputValidationRegexp: '^\\d{1,3}$' });
  });

  it('a new range value is fully editable, gets the next index and a temporary id; a bad regexp is marked', () => {
    const ed = renderEditor(optionTypeEditors.RangeValues!, { type: 'RangeValues', rangeValues: [saved] }, 'edit');
    fireEvent.click(screen.getByRole('button', { name: 'Add range value' }));
    const row = screen.getByRole('group', { name: 'Range value 2' });
    fireEvent.change(input(row, 'Title'), { target: { value: 'Width' } });
    fireEvent.change(input(row, 'Input validation regexp'), { target: { value: '([' } });
    expect(within(row).getByText('Not a valid regular expression')).toBeTruthy();
    const added = ed.current().rangeValues![1]!;
    expect(added).toMatchObject({ index: 1, title: 'Width', validationConsequence: 'NoAction' });
    expect(isTempId(added.id)).toBe(true);
    expect(ed.current().rangeValueUpdates ?? {}).toEqual({});
  });
});

describe('multiple choices editor', { timeout: 20_000 }, () => {
  it('starts with one choice list for any product model, and new lists and choices take the next index', () => {
    const ed = renderEditor(optionTypeEditors.MultipleChoices!, { type: 'MultipleChoices' });
    expect(ed.current().multipleChoices).toHaveLength(1);
    expect(ed.current().multipleChoices![0]!.metas).toEqual([{ type: 'AnyProductModel', value: 'true' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add choice list' }));
    const second = screen.getByRole('group', { name: 'Choice list 2' });
    fireEvent.change(input(second, 'Choice list title'), { target: { value: 'Damage' } });
    fireEvent.click(within(second).getByRole('switch', { name: 'Only one (radio)' }));
    fireEvent.click(within(second).getByRole('button', { name: 'Add choice' }));
    const list = ed.current().multipleChoices![1]!;
    expect(list).toMatchObject({ index: 1, title: 'Damage', radio: true, metas: [{ type: 'AnyProductModel', value: 'true' }] });
    expect(list.options!.map((o) => o.index)).toEqual([0, 1]);
  });

  it('the range-values variant edits both parts', () => {
    const ed = renderEditor(optionTypeEditors.MultipleChoicesAndRangeValues!, { type: 'MultipleChoicesAndRangeValues' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Title for the values' }), { target: { value: 'Measured' } });
    fireEvent.change(input(screen.getByRole('group', { name: 'Choice 1' }), 'Choice'), { target: { value: 'Cracked' } });
    expect(ed.current()).toMatchObject({ rangeValueTitle: 'Measured', multipleChoices: [{ options: [{ title: 'Cracked' }] }] });
    expect(ed.current().rangeValues).toHaveLength(1);
  });
});
