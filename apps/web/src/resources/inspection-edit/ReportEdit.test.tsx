import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { inspection, INSPECTION_ID, measurementPoint, blankResult } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { ReportEdit } from './ReportEdit';
import { EDIT_TEXT } from './texts';

const data = inspection({
  categories: [{ id: inspection().categories[0]!.id, title: 'Crusher', index: 0, inspectionPoints: [measurementPoint({ content: blankResult({ id: '00000000-0000-4000-8000-000000000777', value: '20' }) })] }],
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'inspectionEdit.editDetails': () => ({ data }) });
  vi.stubGlobal('fetch', api.fetch);
  // Every write must go through the write module: a direct upload would need XMLHttpRequest.
  vi.stubGlobal('XMLHttpRequest', vi.fn(() => { throw new Error('XMLHttpRequest used outside the write module'); }));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const open = (writes = fakeWrites(data)) => ({ writes, ...renderWithWrites(`/Reports/${INSPECTION_ID}/edit`, '/Reports/:id/edit', <ReportEdit />, writes) });
const css = () => screen.findByRole('textbox', { name: 'CSS' });
const location = () => screen.getByTestId('location').textContent;

describe('report edit page', () => {
  it('writes only through the write module: the photo uploaded first, then the inspection with the photo’s new id', async () => {
    const { writes } = open();
    fireEvent.change(await css(), { target: { value: '24,5' } });
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'belt.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [png] } });
    fireEvent.change(screen.getByRole('textbox', { name: EDIT_TEXT.caption }), { target: { value: 'Lead ball' } });
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    const dialog = await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: EDIT_TEXT.saveButton }));

    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
    expect(writes.uploadPhoto).toHaveBeenCalledTimes(1);
    expect(writes.uploadPhoto.mock.calls[0]![0]).toBe(png);
    const [id, lang, body] = writes.saveInspection.mock.calls[0]!;
    expect([id, lang]).toEqual([INSPECTION_ID, 'en']);
    expect(body.categories![0]!.inspectionPoints![0]!.content).toMatchObject({
      id: '00000000-0000-4000-8000-000000000777',
      value: '24,5',
      photos: [{ imageId: '00000000-0000-4000-9000-000000000001', caption: 'Lead ball', layout: 'Default' }],
    });
    // the only calls the page made itself read the edit data (once to open the form, again after the save)
    expect(new Set(api.calls.map((c) => c.path))).toEqual(new Set(['inspectionEdit.editDetails']));
    expect(writes.saveResults).not.toHaveBeenCalled();
  });

  it('asks "You have unsaved data, do you want to leave the page?" before leaving with edits; STAY stays, LEAVE leaves', async () => {
    open();
    fireEvent.change(await css(), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    const ask = await screen.findByRole('dialog', { name: EDIT_TEXT.unsavedTitle });
    expect(within(ask).getByText(EDIT_TEXT.unsaved)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: EDIT_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe(`/Reports/${INSPECTION_ID}/edit`);
    expect(((await css()) as HTMLInputElement).value).toBe('21');

    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: EDIT_TEXT.unsavedTitle })).getByRole('button', { name: EDIT_TEXT.leave }));
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
  });

  it('leaves without asking when nothing was changed (an edit undone counts as nothing)', async () => {
    open();
    fireEvent.change(await css(), { target: { value: '21' } });
    fireEvent.change(await css(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
  });

  it('makes the browser’s unload prompt fire only while there are unsaved edits', async () => {
    open();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      act(() => void window.dispatchEvent(e));
      return e.defaultPrevented;
    };
    await css();
    expect(unload()).toBe(false);
    fireEvent.change(await css(), { target: { value: '21' } });
    expect(unload()).toBe(true);
  });
});
