import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TSimilarOption } from '@insp/contracts';
import { queryClient } from '../../../providers/queryClient';
import { fakeApi } from '../../../test/render';
import { BatchUpdateDialog } from './BatchUpdateDialog';
import { uuid } from './editorHarness.test-helpers';

const similar = (n: number, point: string, locked = false): TSimilarOption => ({
  dropdownId: uuid(100 + n),
  dropdownName: `Condition ${n}`,
  inspectionPointId: uuid(200 + n),
  inspectionPointName: point,
  option: { id: uuid(300 + n), title: 'worn', imageId: null, batchUpdateDetails: locked ? { batchUpdateId: uuid(400), status: 'pending' } : null },
});
const LOCKED = "This option can't be edited because it is already being updated with another batch update.";
const WARNING = 'Are you sure you want to close? You have selected options, you can save them from the bottom of the dialog.';

let api: ReturnType<typeof fakeApi>;
let onClose: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  api = fakeApi({
    'pointAuthoring.similarOptions': () => ({ data: [similar(1, 'Jaw check'), similar(2, 'Belt check'), similar(3, 'Screen check', true)] }),
    'pointAuthoring.createBatchUpdate': (input) => {
      const { selections } = input as { selections: { optionId: string }[] };
      return { data: { batchUpdateId: uuid(401), status: 'pending', optionIds: selections.map((s) => s.optionId), skipped: [], title: 'Worn', created: '', completedAt: null } };
    },
    'pointAuthoring.batchUpdate': () => ({ data: { batchUpdateId: uuid(401), status: 'done', optionIds: [uuid(302)], skipped: [], title: 'Worn', created: '', completedAt: '' } }),
  });
  vi.stubGlobal('fetch', api.fetch);
  onClose = vi.fn<() => void>();
  render(
    <QueryClientProvider client={queryClient}>
      <BatchUpdateDialog dropdownId={uuid(1)} dropdownTitle="Condition" optionId={uuid(2)} optionTitle="Worn" onClose={onClose} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const box = (point: string) => within(screen.getByText(point).closest('[role="listitem"]') as HTMLElement).getByRole('checkbox') as HTMLInputElement;

describe('batch update dialog', { timeout: 20_000 }, () => {
  it('lists similar options by point, dropdown and option name, says images are not updated, and asks for the similar options of this option', async () => {
    await screen.findByText('Jaw check');
    expect(screen.getByRole('dialog', { name: 'Batch update' })).toBeTruthy();
    expect(screen.getByText('Jaw check').closest('[role="listitem"]')!.textContent).toBe('Jaw check · Condition 1 · worn');
    expect(screen.getByText(/images are not batch-updated/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'pointAuthoring.similarOptions')!.input).toEqual({ currentDropdownId: uuid(1), currentOptionId: uuid(2) });
  });

  it('a locked option cannot be chosen, Toggle all skips it, and its tooltip shows after 500 ms', async () => {
    await screen.findByText('Screen check');
    expect(box('Screen check').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle all' }));
    expect([box('Jaw check').checked, box('Belt check').checked, box('Screen check').checked]).toEqual([true, true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle all' }));
    expect([box('Jaw check').checked, box('Belt check').checked]).toEqual([false, false]);

    fireEvent.mouseOver(screen.getByText('Screen check').closest('[data-locked]')!);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect((await screen.findByRole('tooltip')).textContent).toBe(LOCKED);
  });

  it('closing with a selection pending asks first; Save sends exactly the selected options', async () => {
    await screen.findByText('Jaw check');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(box('Belt check'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText(WARNING)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep selecting' }));
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Batch update done: 1 option updated/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'pointAuthoring.createBatchUpdate')!.input).toEqual({
      sourceDropdownId: uuid(1),
      sourceOptionId: uuid(2),
      selections: [{ dropdownId: uuid(102), optionId: uuid(302) }],
    });
    // nothing selected any more: closing does not ask
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(onClose).toHaveBeenCalled();
  });
});
