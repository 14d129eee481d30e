import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isTempId } from '@insp/contracts';
import { queryClient } from '../../../providers/queryClient';
import { fakeApi } from '../../../test/render';
import { family, renderEditor, uuid } from './editorHarness.test-helpers';
import { optionTypeEditors } from './index';
import { customize, optionGroupValid } from './optionGroup';

const predefined = {
  id: uuid(10),
  name: 'OK / Not OK',
  custom: false,
  options: [
    { id: uuid(11), index: 0, name: 'OK', comment: null, followUpRangeValue: null },
    {
      id: uuid(12),
      index: 1,
      name: 'Not OK',
      comment: 'Describe the fault',
      followUpRangeValue: { id: uuid(13), index: 0, title: 'Wear mm', keyboardType: 'numeric' as const, inputValidationRegexp: null, validationConsequence: 'NoAction' as const, metas: [] },
    },
  ],
};

beforeEach(() => {
  const api = fakeApi({
    'pointAuthoring.optionGroups': () => ({ data: [predefined] }),
    'productFamilies.all': () => ({ data: [family] }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('option group rules', { timeout: 20_000 }, () => {
  it('Customize copies names, comments and follow-ups with none of the predefined ids', () => {
    const copy = customize(predefined);
    expect(copy.custom).toBe(true);
    expect(isTempId(copy.id)).toBe(true);
    expect(copy.options!.map((o) => o.name)).toEqual(['OK', 'Not OK']);
    expect(copy.options![1]!.comment).toBe('Describe the fault');
    expect(copy.options![1]!.followUpRangeValue!.title).toBe('Wear mm');
    const ids = [copy.id, ...copy.options!.flatMap((o) => [o.id, o.followUpRangeValue?.id]).filter(Boolean)];
    for (const id of ids) expect(id).toMatch(/^temp-id-/);
    expect(JSON.stringify(copy)).not.toContain(uuid(1).slice(0, 30));
  });

  it('is valid only with at least one option that has a name', () => {
    const v = (options: { name: string }[] | null) => optionGroupValid({ type: 'RadioButtonSelection', name: 'x', productCategoryId: uuid(1), optionGroup: options && { custom: true, options } });
    expect(v(null)).toBe(false);
    expect(v([])).toBe(false);
    expect(v([{ name: '  ' }])).toBe(false);
    expect(v([{ name: '' }, { name: 'Worn' }])).toBe(true);
  });
});

describe('option group editor', { timeout: 20_000 }, () => {
  it('chooses a predefined group, then Customize makes an editable custom copy', async () => {
    const ed = renderEditor(optionTypeEditors.RadioButtonSelection!, {});
    expect(ed.valid()).toBe(false);
    const select = await screen.findByRole('combobox', { name: 'Predefined option group' });
    await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'OK / Not OK' }));
    expect(ed.current().optionGroup).toMatchObject({ id: uuid(10), custom: false });
    expect(ed.valid()).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Options of the chosen group' })).getByText('Not OK')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const g = ed.current().optionGroup!;
    expect(g.custom).toBe(true);
    expect(g.options!.every((o) => isTempId(o.id))).toBe(true);
    expect((screen.getByRole('radio', { name: 'Custom' }) as HTMLInputElement).checked).toBe(true);

    // Emptying every option name makes the point unsaveable (001 §5).
    for (const box of screen.getAllByRole('textbox', { name: 'Option name' })) fireEvent.change(box, { target: { value: '' } });
    expect(ed.valid()).toBe(false);
    expect(screen.getByText('Give at least one option a name.')).toBeTruthy();
    fireEvent.change(screen.getAllByRole('textbox', { name: 'Option name' })[0]!, { target: { value: 'Fine' } });
    expect(ed.valid()).toBe(true);
  });

  it('a new follow-up value has index 0, an empty title, NoAction and no metas', async () => {
    const ed = renderEditor(optionTypeEditors.RadioButtonSelection!, {});
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const option = screen.getByRole('group', { name: 'Option 1' });
    fireEvent.click(within(option).getByRole('checkbox', { name: 'Follow-up value' }));
    expect(ed.current().optionGroup!.options![0]!.followUpRangeValue).toMatchObject({ index: 0, title: '', validationConsequence: 'NoAction', metas: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(ed.current().optionGroup!.options!.map((o) => o.index)).toEqual([0, 1]);
  });
});
