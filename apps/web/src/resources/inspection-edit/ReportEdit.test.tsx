import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { inspection, INSPECTION_ID, measurementPoint, blankResult, radioPoint, uuid } from './edit.fixtures.test-helpers';
import { fakeWrites, renderWithWrites } from './editForm.test-helpers';
import { ReportEdit } from './ReportEdit';
import { EDIT_TEXT } from './texts';

const data = inspection({
  categories: [{ id: inspection().categories[0]!.id, title: 'Crusher', index: 0, inspectionPoints: [measurementPoint({ content: blankResult({ id: '00000000-0000-4000-8000-000000000777', value: '20' }) })] }],
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'inspectionEdit.editDetails': () => ({ data }),
    // issue 23: what the machine measured last time (noon UTC: the same day in any zone)
    'inspectionEdit.previousValues': () => ({ data: { points: [{ inspectionPointId: measurementPoint().inspectionPointId, date: Date.UTC(2026, 9, 5, 12), value: '18,4', cells: [] }] } }),
  });
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
    // the only calls the page made itself are reads: the edit data (once to open the form, again after the save),
    // the customer's language and contacts for the e-mail (issue 20), the machine's open actions (issue 24) and its
    // previous values (issue 23)
    expect(new Set(api.calls.map((c) => c.path))).toEqual(new Set(['inspectionEdit.editDetails', 'inspectionEdit.emailChoices', 'actions.ofInspection', 'inspectionEdit.previousValues']));
    expect(writes.saveResults).not.toHaveBeenCalled();
  });

  it("shows beside the measured point what the machine measured last time (issue 23, inspectionEdit.previousValues)", async () => {
    open();
    await css();
    const line = await screen.findByTestId('previous-value');
    expect(line.textContent).toBe('Previous: 18,4 mm on 05.10.2026');
    expect(within(screen.getByRole('region', { name: 'Crusher setting (CSS)' })).getByTestId('previous-value')).toBe(line);
    expect(api.calls.filter((c) => c.path === 'inspectionEdit.previousValues').map((c) => c.input)).toEqual([{ id: INSPECTION_ID }]);
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

describe('report edit page: what the server allows (issue 20)', () => {
  const render = (d: typeof data, writes = fakeWrites(d)) => {
    api = fakeApi({ 'inspectionEdit.editDetails': () => ({ data: d }) });
    vi.stubGlobal('fetch', api.fetch);
    return open(writes);
  };
  const can = { edit: true, editRefusal: null, statusTo: [], reopen: false, delete: false, discard: false, rate: false, download: false };

  it('offers no Save when the server would refuse it, and says why', async () => {
    render({ ...data, status: 'Finished', can: { ...can, edit: false, editRefusal: 'status: a finished inspection can only be changed by an Admin' } });
    expect((await screen.findByTestId('cannot-save')).textContent).toBe('You can read this inspection but not save it: A finished inspection can only be changed by an Admin');
    expect(screen.queryByRole('button', { name: EDIT_TEXT.save })).toBeNull();
    expect(((await css()) as HTMLInputElement).matches(':disabled')).toBe(true);
  });

  it('edits the equipment configurator of Commission and Equipment_Configurator inspections only (issue 20)', async () => {
    for (const [type, shown] of [['Equipment_Configurator', true], ['Commission', true], ['Daily', false]] as const) {
      render({ ...data, type, equipmentConfigurator: { 'Feed opening': '1200 mm' }, can });
      await css();
      expect(!!screen.queryByRole('heading', { name: EDIT_TEXT.configurator }), type).toBe(shown);
      if (shown) expect((screen.getByDisplayValue('Feed opening') as HTMLInputElement).value).toBe('Feed opening');
      cleanup();
    }
  });

  it('offers no add, remove, photo or signing button on a report the user may only read, and shows what it holds', async () => {
    const finding = { id: 'f1', title: 'Cracked guard', description: 'Left side', consequence: '', corrective: '', preventive: '', show: true, photos: [] };
    const action = { id: 'a1', title: 'Replace guard', description: '', priority: 'High' };
    const readOnly = { ...data, status: 'Finished' as const, findings: [finding], priorityActions: [action], can: { ...can, edit: false, editRefusal: 'status: a finished inspection can only be changed by an Admin' } };
    render(readOnly);
    await screen.findByTestId('cannot-save');
    await screen.findByDisplayValue('Cracked guard');
    expect(screen.getByDisplayValue('Replace guard')).toBeTruthy();
    const offered = screen.queryAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
    expect(offered.filter((n) => /add|remove|sign|clear|photo|row|item/i.test(n))).toEqual([]);
    expect(screen.getAllByText('Not signed.')).toHaveLength(2);
    // the same form, editable: every one of those buttons is there
    cleanup();
    render({ ...readOnly, status: 'In_Use', can });
    await screen.findByDisplayValue('Cracked guard');
    for (const name of ['Add finding', 'Add priority action', 'Remove finding Cracked guard', 'Remove priority action Replace guard']) {
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { name: /^Add photo/ }).length).toBeGreaterThan(0);
  });

  it("shows a refused save's reason beside the Save button, not at the top of the page", async () => {
    const { TRPCClientError } = await import('@trpc/client');
    const refused = new TRPCClientError('status: a finished inspection can only be changed by an Admin', { result: { error: { data: { httpStatus: 403, field: 'status' } } } as never });
    Object.assign(refused, { data: { httpStatus: 403, field: 'status' } });
    const { writes } = render({ ...data, can }, fakeWrites(data, { saveInspection: async () => { throw refused; } }));
    fireEvent.change(await css(), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle })).getByRole('button', { name: EDIT_TEXT.saveButton }));
    const shown = await screen.findByTestId('save-error');
    expect(shown.textContent).toContain('a finished inspection can only be changed by an Admin');
    expect(writes.saveInspection).toHaveBeenCalledTimes(1);
    // the same bar as the Save button (stuck to the bottom of the screen)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shown.parentElement!.contains(screen.getByRole('button', { name: EDIT_TEXT.save }))).toBe(true);
  });

  it('offline (issue 23): a save kept on the device says so, stays on the form, and leaving does not ask about unsaved data', async () => {
    const { KeptForLaterError } = await import('../../offline-queue');
    open(fakeWrites(data, { saveInspection: async () => { throw new KeptForLaterError(); } }));
    fireEvent.change(await css(), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.save }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: EDIT_TEXT.confirmTitle })).getByRole('button', { name: EDIT_TEXT.saveButton }));
    expect((await screen.findByTestId('saved-on-device')).textContent).toBe(EDIT_TEXT.savedOnDevice);
    expect(screen.queryByTestId('save-error')).toBeNull();
    expect(location()).toBe(`/Reports/${INSPECTION_ID}/edit`);
    expect(((await css()) as HTMLInputElement).value).toBe('21');
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
  });

  it("asks the starter of an empty In use start to keep or discard it when leaving; KEEP leaves it as it is", async () => {
    const { writes } = render({ ...data, can: { ...can, delete: true, discard: true } });
    await css();
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    const ask = await screen.findByRole('dialog', { name: EDIT_TEXT.discardTitle });
    expect(within(ask).getByText(EDIT_TEXT.discardText)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: EDIT_TEXT.keepButton }));
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
    expect(writes.discardInspection).not.toHaveBeenCalled();
  });

  it('discards it through the write module with DISCARD and goes to the reports list (its own pages are gone)', async () => {
    const { writes } = render({ ...data, can: { ...can, delete: true, discard: true } });
    await css();
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: EDIT_TEXT.discardTitle })).getByRole('button', { name: EDIT_TEXT.discardButton }));
    await waitFor(() => expect(location()).toBe('/Reports'));
    expect(writes.discardInspection).toHaveBeenCalledWith(INSPECTION_ID);
  });

  it('does not ask about discarding when the server does not offer it (someone else’s start, or one with answers)', async () => {
    render({ ...data, can: { ...can, delete: true, discard: false } });
    await css();
    fireEvent.click(screen.getByRole('button', { name: EDIT_TEXT.back }));
    await waitFor(() => expect(location()).toBe(`/Reports/${INSPECTION_ID}/details`));
  });

  it("plays a point's voice comment beside its comments, fetched with the token", async () => {
    const voiceId = '00000000-0000-4000-8000-0000000000aa';
    const withVoice = inspection({
      categories: [{ id: inspection().categories[0]!.id, title: 'Crusher', index: 0, inspectionPoints: [measurementPoint({ content: blankResult({ id: '00000000-0000-4000-8000-000000000777', value: '20', voiceCommentId: voiceId }) })] }],
    });
    render(withVoice);
    const fetchApi = api.fetch;
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL, init?: RequestInit) =>
      String(url) === `/api/v1/voicecomment/${voiceId}/file` ? new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'audio/webm' } }) : fetchApi(url, init)));
    const player = await screen.findByLabelText(/^Voice comment: /);
    expect(player.tagName).toBe('AUDIO');
    expect(player.hasAttribute('controls')).toBe(true);
  });
  it('shows the open actions earlier inspections of the machine left beside their point, overdue in words, with the report that found them (issue 24)', async () => {
    const twoPoints = inspection({ categories: [{ id: inspection().categories[0]!.id, title: 'Crusher', index: 0, inspectionPoints: [radioPoint(), measurementPoint()] }] });
    const action = (n: number, over: object) => ({
      id: uuid(900 + n), reason: 'Repair', inspectionPointId: uuid(102), pointName: 'Crusher setting (CSS)', value: null, text: '', assigneeName: null,
      dueOn: null, overdue: false, inspectionId: uuid(950 + n), inspectionName: `Weekly check ${n}`, inspectionDate: Date.UTC(2026, 9, 1), ...over,
    });
    api = fakeApi({
      'inspectionEdit.editDetails': () => ({ data: twoPoints }),
      'actions.ofInspection': () => ({ data: [
        action(1, { text: 'Adjust the setting to 25 mm', assigneeName: 'Ida', dueOn: '2026-11-20', overdue: true }),
        action(2, { reason: 'OutOfLimits', value: '42', dueOn: '2026-12-01' }),
        action(3, { inspectionPointId: uuid(199), text: 'Not a point of this form' }),
      ] }),
    });
    vi.stubGlobal('fetch', api.fetch);
    open(fakeWrites(twoPoints));
    const css = await screen.findByRole('region', { name: 'Crusher setting (CSS)' });
    await waitFor(() => expect(within(css).getAllByTestId('open-action')).toHaveLength(2));
    const notes = within(css).getAllByTestId('open-action').map((n) => n.textContent);
    expect(notes).toEqual([
      'Open action: Adjust the setting to 25 mm (overdue since 20.11.2026, assigned to Ida) Found in: Weekly check 1',
      'Open action: Out of limits: 42 (due 01.12.2026) Found in: Weekly check 2',
    ]);
    expect(within(css).getByRole('link', { name: 'Found in: Weekly check 1' }).getAttribute('href')).toBe(`/Reports/${uuid(951)}`);
    const radio = screen.getByRole('region', { name: 'Jaw dies wear' });
    expect(within(radio).queryByTestId('open-action')).toBeNull();
    expect(screen.queryByText(/Not a point of this form/)).toBeNull();
    expect(api.calls.find((c) => c.path === 'actions.ofInspection')?.input).toEqual({ inspectionId: INSPECTION_ID });
  });
});
