import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInspectionEdit } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { whenText } from '../../edit-conflicts';
import { rememberSaved } from '../../edit-conflicts/savedVersions';
import { inspection, INSPECTION_ID, uuid } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { ReportEdit } from './ReportEdit';
import { EDIT_TEXT } from './texts';

const AT = Date.UTC(2026, 10, 3, 8, 2);
const [FINDING, OTHER_FINDING, ACTION] = [uuid(901), uuid(902), uuid(903)];
const stamp = (version: number, updatedBy = 'Ilkka Inspector') => ({ version, updatedAt: AT, updatedBy });
const finding = (id: string, title: string, version: number, by?: string) =>
  ({ id, title, description: '', consequence: '', corrective: '', preventive: '', photos: [], show: true, ...stamp(version, by) });
const withItems = (over: Partial<TInspectionEdit> = {}): TInspectionEdit => inspection({
  findings: [finding(FINDING, 'Cracked jaw', 2), finding(OTHER_FINDING, 'Loose bolt', 1)],
  priorityActions: [{ id: ACTION, title: 'Replace jaw', description: '', priority: 'High', ...stamp(1) }],
  ...over,
});
let served: TInspectionEdit;
beforeEach(() => {
  served = withItems();
  vi.stubGlobal('fetch', fakeApi({ 'inspectionEdit.editDetails': () => ({ data: served }) }).fetch);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});
const open = (writes = fakeWrites(served)) => ({ writes, ...renderWithWrites(`/Reports/${INSPECTION_ID}/edit`, '/Reports/:id/edit', <ReportEdit />, writes) });
const location = () => screen.getByTestId('location').textContent;
async function save() {
  fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle })).getByRole('button', { name: EDIT_TEXT.saveButton }));
}

// a whole form with three notices: slow on a busy machine
describe('report edit form: two people on findings, priority actions and signatures (issue 23)', { timeout: 120_000 }, () => {
  it('sends the bases of the items changed or removed only; the notes show beside the finding, the action kept and the signature', async () => {
    const answer: TInspectionEdit = withItems({
      findings: [finding(FINDING, 'Cracked jaw, left', 4), finding(OTHER_FINDING, 'Loose bolt', 1)],
      overwritten: [
        { field: 'customerSignature', resultId: null, version: 1, updatedAt: AT, updatedBy: 'Max Manager' },
        { field: 'findings.0', resultId: null, itemId: FINDING, version: 3, updatedAt: AT, updatedBy: 'Max Manager' },
        { field: 'priorityActions.0', resultId: null, itemId: ACTION, version: 2, updatedAt: AT, updatedBy: 'Max Manager', kept: true },
      ],
    });
    const { writes } = open(fakeWrites(served, { saveInspection: async () => answer }));
    const first = (await screen.findAllByTestId('finding'))[0]!;
    fireEvent.change(within(first).getByRole('textbox', { name: 'Title' }), { target: { value: 'Cracked jaw, left' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove priority action Replace jaw' }));
    await save();

    const sent = writes.saveInspection.mock.calls[0]![2];
    // the other finding was not touched: no base, so the server keeps what it holds of it
    expect(sent.partVersions).toEqual({ findings: { [FINDING]: 2 }, priorityActions: { [ACTION]: 1 } });
    expect(sent.fieldVersions).toEqual({});

    const notes = await screen.findAllByTestId('conflict-notice');
    expect(notes).toHaveLength(3);
    const findingNote = within((await screen.findAllByTestId('finding'))[0]!).getByTestId('conflict-notice');
    expect(findingNote.textContent).toContain(`Finding “Cracked jaw, left” was changed by Max Manager at ${whenText(AT)} while you were editing; your answer replaced it.`);
    const actionNote = within(screen.getByTestId('priority-action')).getByTestId('conflict-notice');
    expect(actionNote.textContent).toContain(`Priority action “Replace jaw” was changed by Max Manager at ${whenText(AT)} while you were editing, so your removal was not applied.`);
    const signatureNote = within(await screen.findByRole('group', { name: EDIT_TEXT.customerSignature })).getByTestId('conflict-notice');
    expect(signatureNote.textContent).toContain(`${EDIT_TEXT.customerSignature} was changed by Max Manager`);
    expect(within(screen.getAllByTestId('finding')[1]!).queryByTestId('conflict-notice')).toBeNull();
    expect(screen.getByTestId('saved-over')).toBeTruthy();
    expect(location()).toBe(`/Reports/${INSPECTION_ID}/edit`);
    fireEvent.click(within(findingNote).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getAllByTestId('conflict-notice')).toHaveLength(2);
  });

  it('a finding and an action someone else removed while I changed them: the notes say my change brought them back', async () => {
    const answer: TInspectionEdit = withItems({
      findings: [finding(FINDING, 'Cracked jaw, left', 4), finding(OTHER_FINDING, 'Loose bolt', 1)],
      priorityActions: [{ id: ACTION, title: 'Replace jaw', description: '', priority: 'Urgent', ...stamp(3) }],
      overwritten: [
        { field: 'findings.0', resultId: null, itemId: FINDING, version: 3, updatedAt: AT, updatedBy: 'Max Manager', removed: true },
        { field: 'priorityActions.0', resultId: null, itemId: ACTION, version: 2, updatedAt: AT, updatedBy: 'Max Manager', removed: true },
      ],
    });
    open(fakeWrites(served, { saveInspection: async () => answer }));
    const first = (await screen.findAllByTestId('finding'))[0]!;
    fireEvent.change(within(first).getByRole('textbox', { name: 'Title' }), { target: { value: 'Cracked jaw, left' } });
    await save();

    const findingNote = await within((await screen.findAllByTestId('finding'))[0]!).findByTestId('conflict-notice');
    expect(findingNote.textContent).toContain(`Finding “Cracked jaw, left” was removed by Max Manager at ${whenText(AT)} while you were editing; your change brought it back.`);
    expect(findingNote.dataset.kind).toBe('removed');
    const actionNote = within(screen.getByTestId('priority-action')).getByTestId('conflict-notice');
    expect(actionNote.textContent).toContain(`Priority action “Replace jaw” was removed by Max Manager at ${whenText(AT)} while you were editing; your change brought it back.`);
    expect(within(screen.getAllByTestId('finding')[1]!).queryByTestId('conflict-notice')).toBeNull();
    expect(screen.getByTestId('saved-over')).toBeTruthy();
    expect(location()).toBe(`/Reports/${INSPECTION_ID}/edit`);
  });

  it('a save with nothing of anyone overwritten closes the form; an added finding needs no base', async () => {
    const { writes } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add finding' }));
    await save();
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
    const sent = writes.saveInspection.mock.calls[0]![2];
    expect(sent.partVersions).toEqual({ findings: {}, priorityActions: {} });
    expect(sent.findings).toHaveLength(3);
  });

  it('tells, on opening, that a finding I saved last was changed by someone else since', async () => {
    rememberSaved([{ id: FINDING, version: 2 }]);
    served = withItems({ findings: [finding(FINDING, 'Cracked jaw', 3, 'Max Manager')] });
    open();
    const note = await within((await screen.findAllByTestId('finding'))[0]!).findByTestId('conflict-notice');
    expect(note.textContent).toContain(`Finding “Cracked jaw” was changed by Max Manager at ${whenText(AT)}.`);
  });
});
