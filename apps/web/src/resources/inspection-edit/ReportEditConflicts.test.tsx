import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInspectionEdit } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { whenText } from '../../edit-conflicts';
import { rememberSaved } from '../../edit-conflicts/savedVersions';
import { inspection, INSPECTION_ID, measurementPoint, blankResult } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { ReportEdit } from './ReportEdit';
import { EDIT_TEXT } from './texts';

const RESULT = '00000000-0000-4000-8000-000000000777';
const AT = Date.UTC(2026, 10, 3, 8, 2);
const withCss = (value: string, version: number, by: string): TInspectionEdit => inspection({
  categories: [{ id: inspection().categories[0]!.id, title: 'Crusher', index: 0, inspectionPoints: [measurementPoint({ content: blankResult({ id: RESULT, value, version, updatedAt: AT, updatedBy: by }) })] }],
});
let served: TInspectionEdit;
beforeEach(() => {
  served = withCss('20', 3, 'Ilkka Inspector');
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
const css = async () => (await screen.findByRole('textbox', { name: 'CSS' })) as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;
async function save() {
  fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle })).getByRole('button', { name: EDIT_TEXT.saveButton }));
}

describe('report edit form: two people on one point (issue 23)', () => {
  it('a save that replaced someone else\'s answer stays open on the saved data and says so beside the point', async () => {
    const answer = { ...withCss('24', 5, 'Ilkka Inspector'), overwritten: [{ field: 'categories.0.inspectionPoints.0', resultId: RESULT, version: 4, updatedAt: AT, updatedBy: 'Manager' }] };
    const { writes } = open(fakeWrites(served, { saveInspection: async () => answer }));
    fireEvent.change(await css(), { target: { value: '24' } });
    await save();
    const notice = await screen.findByTestId('conflict-notice');
    expect(notice.textContent).toContain(`Crusher setting (CSS) was changed by Manager at ${whenText(AT)} while you were editing; your answer replaced it.`);
    expect(screen.getByTestId('saved-over')).toBeTruthy();
    expect(location()).toBe(`/Reports/${INSPECTION_ID}/edit`);
    expect(writes.saveInspection.mock.calls[0]![2].categories![0]!.inspectionPoints![0]!.content).toMatchObject({ value: '24', version: 3 });
    fireEvent.click(await within(notice).findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('conflict-notice')).toBeNull();
    // the next save starts from the answered version, and with no news the form closes
    writes.saveInspection.mockImplementation(async () => withCss('26', 6, 'Ilkka Inspector'));
    fireEvent.change(await css(), { target: { value: '26' } });
    await save();
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
    expect(writes.saveInspection.mock.calls[1]![2].categories![0]!.inspectionPoints![0]!.content).toMatchObject({ value: '26', version: 5 });
  });

  it('tells, on opening, that a point I saved last was changed by someone else since', async () => {
    rememberSaved([{ id: RESULT, version: 3 }]);
    served = withCss('31', 4, 'Manager');
    open();
    expect((await css()).value).toBe('31');
    expect((await screen.findByTestId('conflict-notice')).textContent).toContain(`Crusher setting (CSS) was changed by Manager at ${whenText(AT)}.`);
  });

  it('says nothing on opening when nothing changed since my save, or when I never saved the point here', async () => {
    rememberSaved([{ id: RESULT, version: 3 }]);
    open();
    await css();
    expect(screen.queryByTestId('conflict-notice')).toBeNull();
    cleanup();
    localStorage.clear();
    served = withCss('31', 4, 'Manager');
    open();
    await css();
    expect(screen.queryByTestId('conflict-notice')).toBeNull();
  });
});

describe('report edit form: two people on one text of the inspection (issue 23)', () => {
  const summary = async () => (await screen.findByRole('textbox', { name: EDIT_TEXT.summary })) as HTMLTextAreaElement;

  it('sends the base version of the texts changed only, and a save that replaced someone else\'s summary says so beside it', async () => {
    served = { ...withCss('20', 3, 'Ilkka Inspector'), summary: 'Old', comment: 'Kept', textVersions: { summary: { version: 2, updatedAt: AT, updatedBy: 'Ilkka Inspector' } } };
    const answer: TInspectionEdit = {
      ...served, summary: 'Mine', textVersions: { summary: { version: 4, updatedAt: AT + 60_000, updatedBy: 'Ilkka Inspector' } },
      overwritten: [{ field: 'summary', resultId: null, version: 3, updatedAt: AT, updatedBy: 'Max Manager' }],
    };
    const { writes } = open(fakeWrites(served, { saveInspection: async () => answer }));
    fireEvent.change(await summary(), { target: { value: 'Mine' } });
    await save();
    const notice = await screen.findByTestId('conflict-notice');
    expect(notice.textContent).toContain(`Summary was changed by Max Manager at ${whenText(AT)} while you were editing; your answer replaced it.`);
    // beside the summary field: in its section, after the field
    expect((await summary()).closest('section')!.contains(notice)).toBe(true);
    expect(screen.getByTestId('saved-over')).toBeTruthy();
    expect(location()).toBe(`/Reports/${INSPECTION_ID}/edit`);
    const sent = writes.saveInspection.mock.calls[0]![2];
    expect(sent.fieldVersions).toEqual({ summary: 2 });
    expect(sent.categories![0]!.inspectionPoints).toEqual([]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('conflict-notice')).toBeNull();
  });

  it('a text with no version yet is sent from version 0; a save with nothing overwritten closes the form', async () => {
    const { writes } = open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Customer contact' }), { target: { value: 'Carl' } });
    await save();
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
    expect(writes.saveInspection.mock.calls[0]![2].fieldVersions).toEqual({ contactName: 0 });
  });

  it('tells, on opening, that a text I saved last was changed by someone else since', async () => {
    rememberSaved([{ id: `${INSPECTION_ID}/comment`, version: 1 }]);
    served = { ...withCss('20', 3, 'Ilkka Inspector'), comment: 'Theirs', textVersions: { comment: { version: 2, updatedAt: AT, updatedBy: 'Max Manager' } } };
    open();
    expect((await screen.findByTestId('conflict-notice')).textContent).toContain(`${EDIT_TEXT.generalComment} was changed by Max Manager at ${whenText(AT)}.`);
  });
});
