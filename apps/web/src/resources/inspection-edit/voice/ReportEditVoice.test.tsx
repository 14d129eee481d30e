import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../providers/queryClient';
import { fakeApi } from '../../../test/render';
import { inspection, INSPECTION_ID, measurementPoint, blankResult } from '../edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from '../editForm.test-helpers';
import { ReportEdit } from '../ReportEdit';
import { EDIT_TEXT } from '../texts';
import { fakeMedia } from './fakeMedia.test-helpers';

const point = measurementPoint({ voiceCommentField: { present: true }, content: blankResult({ id: '00000000-0000-4000-8000-000000000777', value: '20' }) });
const data = inspection({ categories: [{ id: inspection().categories[0]!.id, title: 'Crusher', index: 0, inspectionPoints: [point] }] });

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({ 'inspectionEdit.editDetails': () => ({ data }) }).fetch);
  // Every write must go through the write module: a direct upload would need XMLHttpRequest.
  vi.stubGlobal('XMLHttpRequest', vi.fn(() => { throw new Error('XMLHttpRequest used outside the write module'); }));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('report edit form: a voice comment recorded on the tablet (issue 23)', () => {
  it('is uploaded as a voice comment before the save, which names its new id', async () => {
    fakeMedia();
    const writes = fakeWrites(data);
    renderWithWrites(`/Reports/${INSPECTION_ID}/edit`, '/Reports/:id/edit', <ReportEdit />, writes);
    const region = await screen.findByRole('region', { name: point.name });
    await act(async () => fireEvent.click(within(region).getByRole('button', { name: /^Record voice comment/ })));
    await act(async () => fireEvent.click(within(region).getByRole('button', { name: /^Stop recording/ })));
    expect(within(region).getByLabelText(`Voice comment: ${point.name}`).getAttribute('src')).toBe('blob:recording');
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    const dialog = await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: EDIT_TEXT.saveButton }));
    await waitFor(() => expect(writes.saveInspection).toHaveBeenCalled());
    expect(writes.uploadVoiceComment).toHaveBeenCalledTimes(1);
    expect(writes.uploadPhoto).not.toHaveBeenCalled();
    const body = writes.saveInspection.mock.calls[0]![2];
    expect(body.categories![0]!.inspectionPoints![0]!.content).toMatchObject({ voiceCommentId: '00000000-0000-4000-9100-000000000001' });
  });
});
