import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInspectionPoint, TInspectionPointListItem } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderInDataRouter } from '../../test/render';
import { InspectionPointsPage } from './InspectionPointsPage';
import { manualXhr } from './type-editors-options/editorHarness.test-helpers';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CAT = uuid(1);
const FAM = uuid(2);
const listItem = (n: number, over: Partial<TInspectionPointListItem> = {}): TInspectionPointListItem => ({
  id: uuid(100 + n), name: `Point ${n}`, type: 'Comment', productCategoryId: CAT, familyNames: [], languages: [], ...over,
});
const point = (over: Partial<TInspectionPoint> = {}): TInspectionPoint => ({
  id: uuid(101), type: 'SummaryWithRows', name: 'Belt wear', description: '', productCategoryId: CAT, productCategoryName: 'Crushers', category: null,
  sourceSystem: 'UI', metas: [], documents: [], translations: [{ id: uuid(300), name: 'fi', value: 'Hihnan kuluma', updated: '2026-01-01', outdated: true }],
  descriptionTranslations: [], measurementTitle: 'Wear', measurementUnitId: null, unitValue: null, measurementLimits: [], fieldTitle: '',
  fields: [{ id: uuid(201), index: 0, title: 'Left', keyboardType: 'default', inspectionPointFieldAggregation: 'No' }, { id: uuid(202), index: 1, title: 'Right', keyboardType: 'default', inspectionPointFieldAggregation: 'No' }],
  rows: [{ id: uuid(211), index: 0, title: 'Top', inspectionPointRowAggregation: 'No' }], visualizationType: 'NoVisualization', lifeEstimateType: 'Off',
  visualizationDatasets: [], inspectionPointAggregationDirection: 'No', optionGroup: null, rangeValueTitle: null, rangeValues: [], multipleChoices: [], dropdowns: [],
  created: '2026-01-01', updated: '2026-01-02', usage: { inspections: 3, inspectionsCapped: false, protocols: 1 },
  contentRequired: false, keyboardType: 'default', inputValidationRegexp: null, validationConsequence: 'NoAction', commentField: { present: true },
  internalCommentField: { present: true }, ratingField: { present: true, required: true }, photoField: { present: true, required: false, onlyForFailure: true },
  voiceCommentField: { present: true }, nameOverridable: false, ...over,
});

let api: ReturnType<typeof fakeApi>;
let items: TInspectionPointListItem[];
let stored: TInspectionPoint;
beforeEach(() => {
  stored = point();
  items = [listItem(1, { name: 'Belt wear', type: 'SummaryWithRows', familyNames: ['Jaw'], languages: [{ languageId: 'fi', outdated: true }] }), listItem(2, { name: 'Oil level' })];
  api = fakeApi({
    'inspectionPoints.list': (input) => {
      const q = input as { search: string; offset: number; amount: number; pointTypes?: string; productCategoryId?: string };
      const hits = items.filter((i) => i.name.toLowerCase().includes(q.search.toLowerCase()) && (!q.pointTypes || q.pointTypes.split(',').includes(i.type))
        && (!q.productCategoryId || i.productCategoryId === q.productCategoryId));
      return { data: { result: hits.slice(q.offset, q.offset + q.amount), count: hits.length } };
    },
    'inspectionPoints.get': () => ({ data: stored }),
    'inspectionPoints.updateGeneralFields': (input) => {
      stored = { ...stored, ...(input as object), updated: '2026-01-03' };
      return { data: stored };
    },
    'inspectionPoints.create': (input) => ({ data: { ...point(), ...(input as object), id: uuid(999) } }),
    'inspectionPoints.update': (input) => {
      // the server keeps what was saved, its name trimmed as the contract does: a later get reads it back
      const body = input as TInspectionPoint;
      stored = { ...stored, ...body, name: body.name.trim(), updated: '2026-01-04' };
      return { data: stored };
    },
    'inspectionPoints.delete': () => ({ data: { ok: true } }),
    'inspectionPoints.protocols': () => ({ data: { inspectionPointId: uuid(101), protocols: [], protocolNames: ['Daily jaw check', 'Annual jaw'] } }),
    'productFamilies.categories': () => ({ data: [{ id: CAT, name: 'Crushers' }] }),
    'productFamilies.all': () => ({ data: [{ id: FAM, name: 'Jaw', familyName: 'Jaw', longFamilyName: '', productCategoryId: CAT, productCategoryName: 'Crushers', division: null, productModels: [] }] }),
    'pointAuthoring.units': () => ({ data: [{ id: uuid(3), name: 'millimetre', symbol: 'mm' }] }),
    'pointAuthoring.useCases': () => ({ data: ['Mining'] }),
    'pointAuthoring.languages': () => ({ data: [{ id: 'en', name: 'English' }, { id: 'fi', name: 'Finnish' }] }),
    // kept, as the server keeps them: the point read back after a save shows the saved text, current again
    'pointAuthoring.updateTranslations': (input) => {
      const { kind, items: sent } = input as { kind: 'Name' | 'Description'; items: { id: string | null; translationLanguage: string; translationText: string }[] };
      const key = kind === 'Name' ? 'translations' : 'descriptionTranslations';
      const kept = stored[key].filter((t) => !sent.some((x) => x.translationLanguage === t.name));
      const saved = sent.filter((x) => x.translationText).map((x, i) => ({ id: x.id ?? uuid(400 + i), name: x.translationLanguage, value: x.translationText, updated: '2026-01-03', outdated: false }));
      stored = { ...stored, [key]: [...kept, ...saved] };
      return { data: { ok: true } };
    },
    'pointAuthoring.pointTextTranslations': () => ({ data: [] }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const render = () => renderInDataRouter('/InspectionPoints', [{ path: '/InspectionPoints', element: <InspectionPointsPage /> }]);
const calls = (path: string) => api.calls.filter((c) => c.path === path).map((c) => c.input as Record<string, unknown>);
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/InspectionPoints', { timeout: 60_000 }, () => {
  it('opens on tab-1 with the list: names highlighted by the search, the type by its one name, families and an outdated language tag', async () => {
    render();
    expect(screen.getByRole('tab', { name: 'Inspection points' }).id).toBe('tab-1');
    expect(screen.getByRole('tab', { name: 'Inspection points' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Create inspection point' }).id).toBe('tab-2');
    const belt = await screen.findByRole('option', { name: /Belt wear/ });
    expect(within(belt).getByText('Summary with rows')).toBeTruthy(); // the name the create templates use, not a short one
    expect(within(belt).getByText('· Jaw')).toBeTruthy();
    expect(within(belt).getByLabelText('fi outdated')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter inspection points'), { target: { value: 'oil' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Belt wear/ })).toBeNull());
    expect((await screen.findByRole('option', { name: /Oil level/ })).querySelector('mark')?.textContent).toBe('Oil');
    expect(calls('inspectionPoints.list').at(-1)).toMatchObject({ search: 'oil', offset: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await screen.findByRole('option', { name: /Belt wear/ });
    // no product context on the authoring screen: the product filters are disabled
    for (const l of ['Product family', 'Product model', 'Serial number']) expect((screen.getByLabelText(l) as HTMLInputElement).disabled).toBe(true);
  });

  it('enables the product filters once a product family is chosen, and sends the ticked ones', async () => {
    render();
    await screen.findByRole('option', { name: /Belt wear/ });
    const family = () => screen.getByLabelText('Product family') as HTMLInputElement;
    expect(family().disabled).toBe(true);
    await choose('For family', 'Jaw');
    expect(family().disabled).toBe(false);
    expect((screen.getByLabelText('Product model') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(family());
    await waitFor(() => expect(calls('inspectionPoints.list').at(-1)).toMatchObject({ productFamilyIds: FAM }));
    await choose('For type', 'Daily');
    fireEvent.click(screen.getByLabelText('Inspection type'));
    await waitFor(() => expect(calls('inspectionPoints.list').at(-1)).toMatchObject({ productFamilyIds: FAM, type: 'Daily' }));
  });

  it('filters the list by point type and product category: sent with the list call from offset 0, removed by Clear filter', async () => {
    items = Array.from({ length: 500 }, (_, i) => listItem(i, { name: `P ${String(i).padStart(4, '0')}`, type: i % 2 ? 'Comment' : 'Measurement' }));
    render();
    await screen.findByRole('option', { name: /P 0000/ });
    fireEvent.scroll(screen.getByRole('listbox', { name: 'Inspection points' }), { target: { scrollTop: 64 * 190 } });
    await waitFor(() => expect(calls('inspectionPoints.list').some((c) => c.offset === 200)).toBe(true));
    await choose('Filter by point type', 'Measurement'); // by its one name
    await waitFor(() => expect(calls('inspectionPoints.list').at(-1)).toMatchObject({ pointTypes: 'Measurement', offset: 0 }));
    await choose('Filter by category', 'Crushers');
    await waitFor(() => expect(calls('inspectionPoints.list').at(-1)).toMatchObject({ pointTypes: 'Measurement', productCategoryId: CAT, offset: 0 }));
    expect(await screen.findByText('250 inspection points')).toBeTruthy();
    expect(screen.getByRole('option', { name: /P 0000/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /P 0001/ })).toBeNull();
    const before = calls('inspectionPoints.list').length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await screen.findByText('500 inspection points');
    // the unfiltered list comes back (from the cache when it is fresh); nothing after the click carries the filters
    expect(screen.getByRole('option', { name: /P 0001/ })).toBeTruthy();
    for (const c of calls('inspectionPoints.list').slice(before)) expect(Object.keys(c)).not.toContain('pointTypes');
    for (const c of calls('inspectionPoints.list').slice(before)) expect(Object.keys(c)).not.toContain('productCategoryId');
    expect(screen.getByRole('combobox', { name: 'Filter by point type' }).textContent).not.toContain('Measurement');
    expect(screen.getByRole('combobox', { name: 'Filter by category' }).textContent).not.toContain('Crushers');
    expect(screen.queryByRole('button', { name: 'Clear filter' })).toBeNull();
  });

  it('renders a window of rows, not 5,000, and pages on as the list scrolls', async () => {
    items = Array.from({ length: 5000 }, (_, i) => listItem(i, { name: `P ${String(i).padStart(4, '0')}` }));
    render();
    await screen.findByRole('option', { name: /P 0000/ });
    expect(screen.getAllByRole('option').length).toBeLessThan(40);
    expect(calls('inspectionPoints.list')[0]).toMatchObject({ offset: 0, amount: 200 });
    const box = screen.getByRole('listbox', { name: 'Inspection points' });
    fireEvent.scroll(box, { target: { scrollTop: 64 * 190 } });
    await waitFor(() => expect(calls('inspectionPoints.list').some((c) => c.offset === 200)).toBe(true));
    expect(screen.queryByRole('option', { name: /P 0000/ })).toBeNull();
    expect(screen.getByRole('option', { name: /P 0190/ })).toBeTruthy();
  });

  it('creates a measurement: save needs name and category; a limit that is not a number marks the input and blocks the save', async () => {
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
    for (const t of ['Simple comment', 'Measurement', 'Summary with rows', 'Measurement with picture', 'Radio button selection', 'Radio selection plus range values', 'Multiple choices', 'Multiple choices plus range values', 'Dropdown'])
      expect(screen.getByRole('button', { name: t })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Measurement' }));
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('tab', { name: 'Localization' }).hasAttribute('disabled') || screen.getByRole('tab', { name: 'Localization' }).getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Liner thickness' } });
    expect(saveButton().disabled).toBe(true);
    await choose('Product category', 'Crushers');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add limit row' }));
    expect(screen.getByText('Choose a product family or model for this row')).toBeTruthy();
    const low = screen.getByRole('textbox', { name: 'Low' });
    fireEvent.change(low, { target: { value: '12x' } });
    expect(low.getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(low, { target: { value: '12.5' } });
    expect(low.getAttribute('aria-invalid')).toBe('false');
    // Issue 19: thresholds out of order show the server's message under the field it names and block the save.
    fireEvent.change(screen.getByRole('textbox', { name: 'High' }), { target: { value: '10' } });
    expect(low.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must not be above high')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'High' }), { target: { value: '' } });
    expect(low.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('must not be above high')).toBeNull();
    await choose('Product family or model', 'Jaw');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Line chart' }));
    await choose('Life estimate', 'From the maximum'); // shown by label, sent as Max
    fireEvent.click(saveButton());
    await screen.findByText('Saved Liner thickness.', {}, { timeout: 5000 });
    const sent = calls('inspectionPoints.create')[0]!;
    expect(sent).toMatchObject({ type: 'Measurement', name: 'Liner thickness', productCategoryId: CAT, sourceSystem: 'UI', visualizationType: 'LineChart', lifeEstimateType: 'Max' });
    expect(sent.measurementLimits).toMatchObject([{ productFamilyId: FAM, low: 12.5, high: null, criticalLow: null }]);
    // 001 §4: a successful create resets the form
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it("disables 'Required' and 'Only for failure' while the photo is not present", async () => {
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simple comment' }));
    const req = screen.getByRole('checkbox', { name: 'Photo: Required' }) as HTMLInputElement;
    expect(req.disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Photo: Present' }));
    expect(req.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Photo: Only for failure' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Rating: Required' }) as HTMLInputElement).checked).toBe(true);
  });

  it('starts a table with 1 field and 1 row, a picture point with 4 required titles', async () => {
    render();
    fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
    fireEvent.click(screen.getByRole('button', { name: 'Summary with rows' }));
    expect(screen.getAllByRole('textbox', { name: /^Field \d title$/ })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: /^Row \d title$/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Measurement with picture' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Wear picture' } });
    await choose('Product category', 'Crushers');
    expect(screen.getAllByRole('textbox', { name: /^Field \d title$/ })).toHaveLength(4);
    expect(saveButton().disabled).toBe(true);
    screen.getAllByRole('textbox', { name: /^Field \d title$/ }).forEach((t, i) => fireEvent.change(t, { target: { value: `T${i}` } }));
    expect(saveButton().disabled).toBe(false);
  });

  it('edits a point: a save removing a field says how many inspections used it; delete names the point and its protocols', async () => {
    render();
    fireEvent.click(await screen.findByRole('option', { name: /Belt wear/ }));
    await screen.findByText(`Id: ${uuid(101)} · Summary with rows`);
    expect(screen.getByText('Main category: Crushers')).toBeTruthy();
    // aggregation clearing in the form: Column lets rows aggregate, fields not
    await choose('Aggregation direction', 'Column');
    expect(screen.getAllByRole('combobox', { name: 'Aggregation' })[0]!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove field 2' }));
    expect(screen.getByText(/This save removes 1 item\. 3 inspections used this point; their reports keep what was recorded\./)).toBeTruthy();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Remove 1 item from Belt wear?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved Belt wear.', {}, { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull()); // the dialog's exit transition
    expect(calls('inspectionPoints.update')[0]).toMatchObject({ id: uuid(101), fields: [{ id: uuid(201) }], inspectionPointAggregationDirection: 'Column' });
    // issue 19: the editor stays on the saved point, reloaded: the removed field is gone and nothing is left to warn about
    expect(screen.getAllByRole('textbox', { name: /^Field \d title$/ })).toHaveLength(1);
    expect(screen.queryByText(/This save removes/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete point' }));
    const del = await screen.findByRole('dialog', { name: 'Delete Belt wear?' });
    await within(del).findByText('Daily jaw check');
    expect(within(del).getByText('Annual jaw')).toBeTruthy();
    fireEvent.click(within(del).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted Belt wear.', {}, { timeout: 5000 });
    expect(calls('inspectionPoints.delete')[0]).toEqual({ id: uuid(101) });
  });

  it('stays on an existing point after saving it: the editor shows the saved values read back, the row stays selected', async () => {
    render();
    fireEvent.click(await screen.findByRole('option', { name: /Belt wear/ }));
    await screen.findByText(`Id: ${uuid(101)} · Summary with rows`);
    const gets = calls('inspectionPoints.get').length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Belt wear left  ' } });
    items[0] = { ...items[0]!, name: 'Belt wear left' }; // what the list reads after the save
    fireEvent.click(saveButton());
    await screen.findByText('Saved Belt wear left.', {}, { timeout: 5000 });
    expect(calls('inspectionPoints.update')[0]).toMatchObject({ id: uuid(101), name: 'Belt wear left  ' });
    expect(screen.queryByText('Select an inspection point in the list to edit it.')).toBeNull();
    // read back from the server: the header (from inspectionPoints.get) has the new name, the form field the trimmed one
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Belt wear left' })).toBeTruthy());
    expect(calls('inspectionPoints.get').length).toBeGreaterThan(gets);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Belt wear left');
    expect(screen.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByRole('option', { name: /Belt wear left/ }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('option', { name: /Oil level/ }).getAttribute('aria-selected')).toBe('false');
  });

  it('translates the name in the Localization tab (English excluded) and marks an outdated translation', async () => {
    render();
    fireEvent.click(await screen.findByRole('option', { name: /Belt wear/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Belt wear (edited)' } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Localization' }));
    const fi = await screen.findByRole('textbox', { name: 'Name (Finnish)' });
    expect(screen.queryByRole('textbox', { name: 'Name (English)' })).toBeNull();
    expect(screen.getByText('outdated')).toBeTruthy();
    fireEvent.change(fi, { target: { value: 'Hihnan kuluminen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save translations' }));
    await waitFor(() => expect(calls('pointAuthoring.updateTranslations')).toHaveLength(1));
    expect(calls('pointAuthoring.updateTranslations')[0]).toEqual({ id: uuid(101), kind: 'Name', items: [{ id: uuid(300), translationLanguage: 'fi', translationText: 'Hihnan kuluminen' }] });
    // saved, so leaving the tab asks nothing (sent is not yet saved: on a busy machine the answer came after the click)
    await screen.findByText('Translations saved.');
    // the content tab kept its unsaved edit behind the other tab
    fireEvent.click(screen.getByRole('tab', { name: 'Content' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Belt wear (edited)');
  });

  it('a general-fields save reaches the content form without losing its unsaved edits', async () => {
    render();
    fireEvent.click(await screen.findByRole('option', { name: /Belt wear/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Belt wear (edited)' } });
    fireEvent.click(screen.getByRole('tab', { name: 'General fields' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Name overridable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save general fields' }));
    await screen.findByText('General fields saved.');
    expect(calls('inspectionPoints.updateGeneralFields')[0]).toMatchObject({ id: uuid(101), nameOverridable: true });
    fireEvent.click(screen.getByRole('tab', { name: 'Content' }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Name overridable' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Belt wear (edited)');
    // a content save now sends the general field as saved, not the stale one
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls('inspectionPoints.update')).toHaveLength(1));
    expect(calls('inspectionPoints.update')[0]).toMatchObject({ name: 'Belt wear (edited)', nameOverridable: true });
    // the save reads the point back after it: let it finish here, not in the cache of the next test
    await screen.findByText('Saved Belt wear (edited).', {}, { timeout: 5000 });
  });

  describe('a save with files is one operation (issue 19)', () => {
    const fileOf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    const queue = (...names: string[]) => fireEvent.change(screen.getByLabelText('Files to upload'), { target: { files: names.map(fileOf) } });
    // the manual XHR of the option editors, also noting which files each upload carried
    const uploads = () => {
      const xhr = manualXhr();
      const names: string[] = [];
      const keys: string[] = [];
      class Recording extends xhr.FakeXhr {
        setRequestHeader(name: string, value: string) {
          if (name.toLowerCase() === 'idempotency-key') keys.push(value);
        }
        send(body?: FormData) {
          names.push(...(body?.getAll('uploadedFiles') ?? []).map((f) => (f as File).name));
          super.send();
        }
      }
      vi.stubGlobal('XMLHttpRequest', Recording);
      return { pending: xhr.pending, names, keys };
    };
    const startComment = async () => {
      render();
      fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
      fireEvent.click(screen.getByRole('button', { name: 'Simple comment' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Guard fixed' } });
      await choose('Product category', 'Crushers');
    };

    it('Save after a failed upload updates the created point and does not send the uploaded file again', async () => {
      const xhr = uploads();
      await startComment();
      queue('manual.pdf', 'drawing.pdf');
      fireEvent.click(saveButton());
      await waitFor(() => expect(xhr.pending).toHaveLength(1));
      expect(xhr.pending[0]!.url).toBe(`/api/v1/inspectionPoints/${uuid(999)}/files`);
      act(() => xhr.pending[0]!.answer(200, {}));
      await waitFor(() => expect(xhr.pending).toHaveLength(2));
      act(() => xhr.pending[1]!.answer(500, { message: 'disk full' }));
      expect(await screen.findByText(/drawing\.pdf .*Uploading failed/)).toBeTruthy();
      expect(screen.getByText(/manual\.pdf .*uploaded$/)).toBeTruthy();

      fireEvent.click(saveButton());
      await waitFor(() => expect(xhr.pending).toHaveLength(3));
      act(() => xhr.pending[2]!.answer(200, {}));
      await screen.findByText('Saved Guard fixed.', {}, { timeout: 5000 });
      expect(calls('inspectionPoints.create')).toHaveLength(1);
      expect(calls('inspectionPoints.update')).toHaveLength(1);
      expect(calls('inspectionPoints.update')[0]).toMatchObject({ id: uuid(999), name: 'Guard fixed' });
      // the retry sent only the file that had failed, to the same point, with the key of its first try
      expect(xhr.names).toEqual(['manual.pdf', 'drawing.pdf', 'drawing.pdf']);
      const [manualKey, drawingKey, retryKey] = xhr.keys;
      expect([xhr.keys.length, retryKey, manualKey === drawingKey]).toEqual([3, drawingKey, false]);
      expect(xhr.pending.map((x) => x.url)).toEqual(Array(3).fill(`/api/v1/inspectionPoints/${uuid(999)}/files`));
    });

    describe('the create is sent with an idempotency key (clientRequestId)', () => {
      const keyOf = (c: Record<string, unknown>) => c.clientRequestId as string;
      /**
       * The first `times` creates reach the server (and are recorded) but the page gets `outcome` instead of the
       * answer: 'lost' (no answer at all) or an HTTP error status.
       */
      const failCreates = (times: number, outcome: 'lost' | { httpStatus: number; code: string; message: string }) => {
        const answer = api.fetch.getMockImplementation()!;
        api.fetch.mockImplementation(async (url, init) => {
          if (!String(url).includes('inspectionPoints.create') || times-- <= 0) return answer(url, init);
          if (outcome === 'lost') {
            await answer(url, init);
            throw new TypeError('Failed to fetch');
          }
          api.calls.push({ path: 'inspectionPoints.create', input: JSON.parse(String(init?.body))[0] });
          const data = { code: outcome.code, httpStatus: outcome.httpStatus, path: 'inspectionPoints.create' };
          return Response.json([{ error: { message: outcome.message, code: -32603, data } }], { status: outcome.httpStatus });
        });
      };

      it('sends the same key and body again when the answer was lost, and a new key for the next point', async () => {
        failCreates(1, 'lost');
        await startComment();
        fireEvent.click(saveButton());
        expect(await screen.findByText('The server could not be reached. Please try again.')).toBeTruthy();
        fireEvent.click(saveButton());
        await screen.findByText('Saved Guard fixed.', {}, { timeout: 5000 });
        const [first, retry] = calls('inspectionPoints.create');
        expect(keyOf(first!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(retry).toEqual(first);
        expect(calls('inspectionPoints.update')).toHaveLength(0);

        fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Next point' } });
        await choose('Product category', 'Crushers');
        fireEvent.click(saveButton());
        await screen.findByText('Saved Next point.', {}, { timeout: 5000 });
        const next = calls('inspectionPoints.create')[2]!;
        expect([next.name, keyOf(next) === keyOf(first!)]).toEqual(['Next point', false]);
      });

      it('edited after a failed create (5xx), Save repeats that create as it was and then updates the point with the edits', async () => {
        failCreates(1, { httpStatus: 502, code: 'INTERNAL', message: 'Bad gateway' });
        await startComment();
        fireEvent.click(saveButton());
        expect(await screen.findByText('Bad gateway')).toBeTruthy();
        fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Guard fixed (edited)' } });
        fireEvent.click(saveButton());
        await screen.findByText('Saved Guard fixed (edited).', {}, { timeout: 5000 });
        const [first, retry] = calls('inspectionPoints.create');
        expect([retry, first!.name]).toEqual([first, 'Guard fixed']);
        expect(calls('inspectionPoints.update')).toEqual([expect.objectContaining({ id: uuid(999), name: 'Guard fixed (edited)' })]);
      });

      it('after a refusal (4xx) the next Save is a new attempt: a new key and the form as it is', async () => {
        failCreates(1, { httpStatus: 400, code: 'BAD_REQUEST', message: 'Refused for now' });
        await startComment();
        fireEvent.click(saveButton());
        expect(await screen.findByText('Refused for now')).toBeTruthy();
        fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Guard fixed (edited)' } });
        fireEvent.click(saveButton());
        await screen.findByText('Saved Guard fixed (edited).', {}, { timeout: 5000 });
        const [first, second] = calls('inspectionPoints.create');
        expect([second!.name, keyOf(second!) === keyOf(first!)]).toEqual(['Guard fixed (edited)', false]);
        expect(calls('inspectionPoints.update')).toHaveLength(0);
      });
    });

    it('a queued file, or one whose upload failed, can be removed and is then not uploaded', async () => {
      const xhr = uploads();
      await startComment();
      queue('manual.pdf', 'old.pdf');
      fireEvent.click(screen.getByRole('button', { name: 'Do not upload old.pdf' }));
      expect(screen.queryByText(/old\.pdf/)).toBeNull();
      fireEvent.click(saveButton());
      await waitFor(() => expect(xhr.pending).toHaveLength(1));
      act(() => xhr.pending[0]!.answer(500, {}));
      expect(await screen.findByText(/manual\.pdf .*Uploading failed/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Do not upload manual.pdf' }));
      fireEvent.click(saveButton());
      await screen.findByText('Saved Guard fixed.', {}, { timeout: 5000 });
      expect(xhr.names).toEqual(['manual.pdf']); // neither file went up again
      expect(calls('inspectionPoints.create')).toHaveLength(1);
      expect(calls('inspectionPoints.update')[0]).toMatchObject({ id: uuid(999) });
    });
  });

  describe('asks before unsaved work is dropped (issue 19)', () => {
    const nameBox = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    // found by its title, not by role: a role query over the whole editor is slow enough to outlast findBy's wait
    const question = async () => (await screen.findByText('Discard unsaved changes?', {}, { timeout: 5000 })).closest<HTMLElement>('[role="dialog"]')!;
    const answer = async (button: 'Stay' | 'Discard') => {
      fireEvent.click(within(await question()).getByRole('button', { name: button }));
      // until its exit transition ends the dialog hides the page from role queries
      await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    };
    const noQuestion = () => expect(document.querySelector('[role="dialog"]')).toBeNull();
    const openBelt = async () => {
      render();
      fireEvent.click(await screen.findByRole('option', { name: /Belt wear/ }));
      await screen.findByText(`Id: ${uuid(101)} · Summary with rows`);
    };

    it('picking another point with an edited name asks: Stay keeps the edit, Discard opens the other point', async () => {
      await openBelt();
      fireEvent.change(nameBox(), { target: { value: 'Belt wear (edited)' } });
      fireEvent.click(screen.getByRole('option', { name: /Oil level/ }));
      await answer('Stay');
      expect(nameBox().value).toBe('Belt wear (edited)');
      expect(screen.getByRole('option', { name: /Belt wear/ }).getAttribute('aria-selected')).toBe('true');

      stored = point({ id: uuid(102), type: 'Comment', name: 'Oil level' });
      fireEvent.click(screen.getByRole('option', { name: /Oil level/ }));
      await answer('Discard');
      await screen.findByText(`Id: ${uuid(102)} · Simple comment`);
      expect(nameBox().value).toBe('Oil level');
    });

    it('switching the main tab with an edit asks the same; an edit typed and undone does not ask', async () => {
      await openBelt();
      fireEvent.change(nameBox(), { target: { value: 'Belt' } });
      fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
      await answer('Stay');
      expect(screen.getByRole('tab', { name: 'Inspection points' }).getAttribute('aria-selected')).toBe('true');
      expect(nameBox().value).toBe('Belt');

      fireEvent.change(nameBox(), { target: { value: 'Belt wear' } }); // back to what was loaded
      fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
      expect(screen.getByRole('tab', { name: 'Create inspection point' }).getAttribute('aria-selected')).toBe('true');
      noQuestion();

      // a new point being written counts too, and Discard goes on
      fireEvent.click(screen.getByRole('button', { name: 'Simple comment' }));
      fireEvent.change(nameBox(), { target: { value: 'New one' } });
      fireEvent.click(screen.getByRole('button', { name: 'Measurement' }));
      await answer('Discard');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Measurement' }).getAttribute('aria-pressed')).toBe('true'));
      expect(nameBox().value).toBe('');
    });

    it('after a save, switching does not ask', async () => {
      await openBelt();
      fireEvent.change(nameBox(), { target: { value: 'Belt wear left' } });
      fireEvent.click(saveButton());
      await screen.findByText('Saved Belt wear left.', {}, { timeout: 5000 });
      await waitFor(() => expect(nameBox().value).toBe('Belt wear left'));
      fireEvent.click(screen.getByRole('tab', { name: 'Create inspection point' }));
      expect(screen.getByRole('tab', { name: 'Create inspection point' }).getAttribute('aria-selected')).toBe('true');
      noQuestion();
    });

    it('leaving a translation typed but not saved asks; the content form keeps its edits across the tabs without asking', async () => {
      await openBelt();
      fireEvent.change(nameBox(), { target: { value: 'Belt wear (edited)' } });
      fireEvent.click(screen.getByRole('tab', { name: 'Localization' }));
      noQuestion();
      fireEvent.change(await screen.findByRole('textbox', { name: 'Name (Finnish)' }), { target: { value: 'Hihna' } });
      fireEvent.click(screen.getByRole('tab', { name: 'Content' }));
      await answer('Stay');
      expect((screen.getByRole('textbox', { name: 'Name (Finnish)' }) as HTMLInputElement).value).toBe('Hihna');
      fireEvent.click(screen.getByRole('button', { name: 'Save translations' }));
      await waitFor(() => expect(calls('pointAuthoring.updateTranslations')).toHaveLength(1));
      await screen.findByText('Translations saved.');
      fireEvent.click(screen.getByRole('tab', { name: 'Content' }));
      noQuestion();
      expect(nameBox().value).toBe('Belt wear (edited)');
    });

    it("leaving the screen through the app's navigation asks, and the browser's unload prompt fires only while unsaved", async () => {
      const { router } = render();
      fireEvent.click(await screen.findByRole('option', { name: /Belt wear/ }));
      await screen.findByText(`Id: ${uuid(101)} · Summary with rows`);
      const unload = () => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      };
      expect(unload()).toBe(false);
      fireEvent.change(nameBox(), { target: { value: 'Belt wear (edited)' } });
      expect(unload()).toBe(true);
      void router.navigate('/Protocols');
      await answer('Stay');
      expect(screen.getByTestId('location').textContent).toBe('/InspectionPoints');
      void router.navigate('/Protocols');
      await answer('Discard');
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Protocols'));
    });
  });
});
