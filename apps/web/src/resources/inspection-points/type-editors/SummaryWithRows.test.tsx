import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { PointType } from '@insp/contracts';
import { queryClient } from '../../../providers/queryClient';
import { fakeApi } from '../../../test/render';
import { family, renderEditor } from '../type-editors-options/editorHarness.test-helpers';
import { ownTypeEditors } from './registry';

beforeEach(() => {
  const api = fakeApi({
    'productFamilies.all': () => ({ data: [family] }),
    'pointAuthoring.units': () => ({ data: [] }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// Issue 19: the Summary-type points carry measurement limits (001 §4); the table editors edit them as Measurement does.
describe.each<PointType>(['SummaryWithRows', 'Summary'])('%s editor: measurement limits', { timeout: 20_000 }, (type) => {
  it('shows the limits editor; a limit added for a family is part of the value sent', async () => {
    const ed = renderEditor(ownTypeEditors[type]!, { type });
    expect(screen.getByText('Measurement limits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add limit row' }));
    expect(screen.getByText('Choose a product family or model for this row')).toBeTruthy();
    await choose('Product family or model', 'LT106');
    fireEvent.change(screen.getByRole('textbox', { name: 'Low' }), { target: { value: '2,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Critical high' }), { target: { value: '9' } });
    expect(ed.current().measurementLimits).toMatchObject([{ productFamilyId: family.id, productModelId: null, criticalLow: null, low: 2.5, high: null, criticalHigh: 9 }]);
    // the table content is still there beside the limits
    expect(ed.current().fields).toHaveLength(1);
    expect(ed.current().rows).toHaveLength(1);
    expect(ed.valid()).toBe(true);
  });

  it('limits out of order show the message under the field and make the editor invalid until put right', async () => {
    const ed = renderEditor(ownTypeEditors[type]!, { type });
    fireEvent.click(screen.getByRole('button', { name: 'Add limit row' }));
    await choose('Product family or model', 'LT106 LT106 Mk2');
    const low = screen.getByRole('textbox', { name: 'Low' });
    fireEvent.change(low, { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'High' }), { target: { value: '10' } });
    expect(low.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must not be above high')).toBeTruthy();
    expect(ed.valid()).toBe(false);
    fireEvent.change(low, { target: { value: '8' } });
    expect(low.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('must not be above high')).toBeNull();
    expect(ed.valid()).toBe(true);
    expect(ed.current().measurementLimits).toMatchObject([{ productModelId: family.productModels[0]!.id, productFamilyId: null, low: 8, high: 10 }]);
  });

  it('a limit that is not a number marks the input and makes the editor invalid', () => {
    const ed = renderEditor(ownTypeEditors[type]!, { type });
    fireEvent.click(screen.getByRole('button', { name: 'Add limit row' }));
    const high = screen.getByRole('textbox', { name: 'High' });
    fireEvent.change(high, { target: { value: '1x' } });
    expect(high.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not a number')).toBeTruthy();
    expect(ed.valid()).toBe(false);
  });
});
