import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TProtocol, TProtocolListItem, TProtocolTarget } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderInDataRouter } from '../../test/render';
import { ProtocolsPage } from './ProtocolsPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FAM = uuid(1);
const MODEL = uuid(2);
const CAT = uuid(3);
const PHASE = uuid(4);
const COPY = uuid(150);
const target = (n: number): TProtocolTarget => ({
  id: uuid(500 + n), productFamilyId: FAM, productFamilyName: `Family ${n}`, productModelId: null, productModelName: null, equipmentId: null, equipmentSerial: null,
});
const row = (n: number, over: Partial<TProtocolListItem> = {}): TProtocolListItem => ({
  id: uuid(100 + n), name: `Protocol ${n}`, type: 'Daily', created: Date.UTC(2026, 0, n), createdBy: 'Ada Admin', version: 1, draft: false, targets: [target(1)], targetCount: 1, ...over,
});
const protocol = (over: Partial<TProtocol> = {}): TProtocol => ({
  id: uuid(101), protocolId: uuid(101), name: 'Protocol 1', type: 'Daily', typeName: 'Daily', date: null, summary: null, index: 0, created: Date.UTC(2026, 0, 1),
  createdBy: 'Ada Admin', targets: [target(1)], products: ['Jaw'], phasesOn: false, phases: [], categoryGroups: [], infoAppendix: false, ratingTableLocation: 'Start',
  showCurrentLoadedHours: true, automaticName: false, copyOfProtocolId: null, draft: false, updated: Date.UTC(2026, 0, 2), version: 1, rootProtocolId: uuid(101), previousVersionId: null, supersededAt: null,
  versions: [{ id: uuid(101), version: 1, created: Date.UTC(2026, 0, 1), supersededAt: null, deleted: false, inspectionCount: 2, changes: null }],
  categories: [{
    id: uuid(700), index: 0, title: { id: null, text: 'Engine' }, itemCount: 2, subcategoryTitles: [],
    inspectionPoints: [
      { id: uuid(801), protocolPointId: uuid(801), inspectionPointId: uuid(901), pointFound: true, index: 0, name: 'Engine hours', nameOverride: null, pointName: 'Engine hours', type: 'Measurement', phaseId: null, phaseName: null,
        measurementTitle: 'Hours', unit: 'h', prefill: null, sampleIdIndex: 2, showValueInReportHeader: false, showInReport: false, optional: false, subcategoryTitleIndex: null,
        dependencies: [{ id: uuid(990), json: { dependsOn: 'equipment.productModelId' } }] },
      { id: uuid(802), protocolPointId: uuid(802), inspectionPointId: null, pointFound: false, index: 1, name: null, nameOverride: null, pointName: null, type: null, phaseId: null, phaseName: null,
        measurementTitle: null, unit: null, prefill: null, sampleIdIndex: null, showValueInReportHeader: false, showInReport: true, optional: false, subcategoryTitleIndex: null, dependencies: [] },
    ],
  }],
  ...over,
});

const TYPES = ['Daily', 'Commission', 'Audit_Site', 'Closed', 'Equipment_Configurator'].map((type) => ({
  type, name: type.replace('_', ' '), showOnlyToSpecificGroups: type !== 'Daily' && type !== 'Closed', note: type !== 'Daily' && type !== 'Closed' ? 'This inspection type is only shown to specific groups' : null,
}));

let api: ReturnType<typeof fakeApi>;
const exported: string[] = [];
let rows: TProtocolListItem[];
const ENGINE_HOURS = { id: uuid(901), name: 'Engine hours', type: 'Measurement', productCategoryId: CAT, familyNames: [], languages: [] } as const;
const REMARKS = { id: uuid(902), name: 'Walk-around remarks', type: 'Comment', productCategoryId: CAT, familyNames: [], languages: [] } as const;
let points: (typeof ENGINE_HOURS | typeof REMARKS)[];
let saveStatus: number;
const posted: unknown[] = [];
beforeEach(() => {
  rows = [row(1, { targets: [target(1), target(2), target(3)], targetCount: 5 }), row(2)];
  saveStatus = 201;
  points = [ENGINE_HOURS];
  posted.length = 0;
  exported.length = 0;
  api = fakeApi({
    'protocols.types': () => ({ data: TYPES }),
    'protocols.list': (input) => {
      const q = input as { search: string; offset: number };
      const hits = rows.filter((r) => r.name.toLowerCase().includes(q.search.toLowerCase()));
      return { data: { result: hits, count: hits.length } };
    },
    'protocols.get': (input) => {
      const id = (input as { id: string }).id;
      return { data: protocol({ id, ...(id === COPY ? { name: 'Protocol 1 (copy)', copyOfProtocolId: uuid(101) } : {}) }) };
    },
    'protocols.copy': () => ({ data: protocol({ id: COPY, name: 'Protocol 1 (copy)', copyOfProtocolId: uuid(101) }) }),
    'protocols.softDelete': (input) => ({ data: input }),
    'protocols.updateDependencyJson': () => ({ data: { id: uuid(991), json: { a: 1 }, protocolPointId: uuid(881), protocolId: uuid(102), version: 2, newVersion: true } }),
    'productFamilies.all': () => ({ data: [{ id: FAM, name: 'Jaw', familyName: 'Jaw', longFamilyName: '', productCategoryId: CAT, productCategoryName: 'Crushers', division: null, productModels: [{ id: MODEL, name: 'JC80', productFamilyId: FAM }] }] }),
    // filters by pointTypes as the API does (inspection-points-read.service.ts)
    'inspectionPoints.list': (input) => {
      const types = (input as { pointTypes?: string }).pointTypes?.split(',');
      const hits = points.filter((p) => !types || types.includes(p.type));
      return { data: { result: hits, count: hits.length } };
    },
    'pointAuthoring.categoryTitles': () => ({ data: [] }),
    'pointAuthoring.inspectionPhases': () => ({ data: [{ id: PHASE, name: 'Running' }] }),
    'pointAuthoring.createInspectionPhase': (input) => ({ data: { id: uuid(5), name: (input as { Name: string }).Name } }),
    'equipment.byProductModels': () => ({ data: [] }),
    'pointAuthoring.languages': () => ({ data: [{ id: 'en', name: 'English' }, { id: 'fi', name: 'Finnish' }] }),
    'protocols.exportStatus': () => ({ data: { status: 'ready' } }),
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (/^\/api\/v1\/InspectionProtocols\/[^/]+\/export/.test(String(url))) {
      exported.push(String(url));
      return new Response('xlsx', { status: 200, headers: { 'content-disposition': 'attachment; filename="Protocol 1.xlsx"' } });
    }
    if (String(url).startsWith('/api/v1/inspectionProtocols')) {
      posted.push(JSON.parse(String(init?.body)));
      return saveStatus === 201
        ? Response.json({}, { status: 201 })
        : Response.json({ statusCode: saveStatus, error: 'BAD_REQUEST', message: 'categories.0.title: is required', field: 'categories.0.title' }, { status: saveStatus });
    }
    return api.fetch(url, init);
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const render = () => renderInDataRouter('/Protocols', [{ path: '/Protocols', element: <ProtocolsPage /> }]);
const calls = (path: string) => api.calls.filter((c) => c.path === path).map((c) => c.input as Record<string, unknown>);
const saveButton = () => screen.getByRole('button', { name: 'Save protocol' }) as HTMLButtonElement;
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
function insertCategory(title: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Insert category title' }), { target: { value: title } });
  fireEvent.click(screen.getByRole('button', { name: 'Insert category title: insert' }));
}
async function openCreate() {
  const view = render();
  fireEvent.click(screen.getByRole('tab', { name: 'Create protocol' }));
  await screen.findByRole('option', { name: /Engine hours/ });
  return view;
}
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('/Protocols', { timeout: 60_000 }, () => {
  it('lists protocols (tab-1) with three targets then "and N others"; a search is debounced and starts at offset 0', async () => {
    render();
    expect(screen.getByRole('tab', { name: 'Protocols' }).id).toBe('tab-1');
    expect(screen.getByRole('tab', { name: 'Create protocol' }).id).toBe('tab-2');
    expect(await screen.findByText('Family 1, Family 2, Family 3 and 2 others')).toBeTruthy();
    expect(calls('protocols.list')[0]).toMatchObject({ offset: 0, amount: 50, orderKey: 'created', orderDirection: 'desc' });
    fireEvent.change(screen.getByLabelText('Search protocols'), { target: { value: 'Protocol 2' } });
    await waitFor(() => expect(screen.queryByText('Protocol 1')).toBeNull());
    expect(calls('protocols.list').at(-1)).toMatchObject({ search: 'Protocol 2', offset: 0 });
    expect(calls('protocols.list').filter((c) => String(c.search).startsWith('Protocol ')).length).toBe(1);
  });

  it('opens the detail: products, points with "Show in report", "Point not found!", and a dependency saved into a new version', async () => {
    render();
    fireEvent.click(await screen.findByText('Protocol 1'));
    await screen.findByRole('heading', { name: 'Protocol 1' });
    expect(screen.getByText('Jaw')).toBeTruthy();
    expect(screen.getByText('Point not found!')).toBeTruthy();
    const fact = (text: string) => screen.queryAllByText((_, el) => el?.tagName === 'P' && el.textContent === text);
    expect(fact('Show in report: No')).toHaveLength(1);
    expect(fact('Show in report: Yes')).toHaveLength(1);
    expect(fact('Sample id index: 2')).toHaveLength(1);
    expect(screen.getByText(/used by 2 inspections/)).toBeTruthy();
    // the facts read as label and value: the type by its display name
    const terms = screen.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(terms).toContainEqual(['Type', 'Daily']);
    expect(terms).toContainEqual(['Version', '1']);
    expect(screen.getByText('Equipment model (equipment.productModelId)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit JSON' }));
    const field = screen.getByLabelText('Dependency JSON of Engine hours');
    fireEvent.change(field, { target: { value: '{oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    expect(screen.getByText('Not valid JSON.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '{"a": 1}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save JSON' }));
    await screen.findByText('Saved in a new version (2): inspections use the previous one.');
    expect(calls('protocols.updateDependencyJson')[0]).toMatchObject({ id: uuid(101), pointId: uuid(801), dependencyId: uuid(990), json: { a: 1 } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Protocols?id=${uuid(102)}`));
  });

  it('exports to Excel in the language chosen beside the button (point names come out in it), English by default', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render();
    fireEvent.click(await screen.findByText('Protocol 1'));
    await screen.findByRole('heading', { name: 'Protocol 1' });
    expect(screen.getByRole('combobox', { name: 'Export language' }).textContent).toBe('English');
    await choose('Export language', 'Finnish');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await screen.findByText('Saved Protocol 1.xlsx');
    expect(calls('protocols.exportStatus')).toEqual([{ id: uuid(101), lang: 'fi' }]);
    expect(exported).toEqual([`/api/v1/InspectionProtocols/${uuid(101)}/export?lang=fi`]);
    click.mockRestore();
  });

  it('deletes after a confirmation naming the protocol, its targets and type; the list count goes one lower', async () => {
    render();
    await screen.findByText('1–2 of 2 protocols');
    fireEvent.click(screen.getByText('Protocol 1'));
    await screen.findByRole('heading', { name: 'Protocol 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete protocol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete protocol Protocol 1?' });
    expect(within(dialog).getByText(/Type: Daily\. Targets: Jaw\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('1–1 of 1 protocols');
    expect(calls('protocols.softDelete')).toEqual([{ id: uuid(101) }]);
    await waitFor(() => expect(screen.queryByText('Protocol 1')).toBeNull());
    expect(screen.getByText('Protocol 2')).toBeTruthy();
  });

  it('"Create copy" asks first: Cancel makes nothing; Create copy makes one copy and opens its page', async () => {
    render();
    fireEvent.click(await screen.findByText('Protocol 1'));
    await screen.findByRole('heading', { name: 'Protocol 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Create copy' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create a copy of Protocol 1?' });
    expect(within(dialog).getByText(/A new protocol named 'Protocol 1 \(copy\)' is made .* The copy opens when it is made; inspectors are not offered it until you save it under a name of its own\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('protocols.copy')).toEqual([]);
    expect(screen.getByTestId('location').textContent).toBe(`/Protocols?id=${uuid(101)}`);

    fireEvent.click(screen.getByRole('button', { name: 'Create copy' }));
    dialog = await screen.findByRole('dialog', { name: 'Create a copy of Protocol 1?' });
    const confirm = within(dialog).getByRole('button', { name: 'Create copy' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByRole('heading', { name: 'Protocol 1 (copy)' });
    expect(screen.getByTestId('location').textContent).toBe(`/Protocols?id=${COPY}`);
    expect(screen.getByText('Copy created: Protocol 1 (copy).')).toBeTruthy();
    expect(calls('protocols.copy')).toEqual([{ id: uuid(101) }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('enables Save only per §5; an ignoring type clears the targets and Closed turns the info appendix off', async () => {
    await openCreate();
    expect(saveButton().disabled).toBe(true);
    await choose('Inspection type', 'Daily');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'My daily' } });
    insertCategory('Engine');
    expect(saveButton().disabled).toBe(true); // Daily needs a family target
    fireEvent.click(screen.getByRole('button', { name: 'Add target' }));
    expect(saveButton().disabled).toBe(true); // a target without its family
    await choose('Product family 1', 'Jaw');
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Category 1 title' }), { target: { value: ' ' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Category 1 title' }), { target: { value: 'Engine' } });

    fireEvent.click(checkbox('Info appendix'));
    expect(checkbox('Info appendix').checked).toBe(true);
    await choose('Inspection type', 'Commission');
    expect(screen.getByText('This inspection type is only shown to specific groups')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Product family 1' })).toBeTruthy();
    expect(checkbox('Info appendix').checked).toBe(true);
    await choose('Inspection type', 'Closed');
    expect(checkbox('Info appendix').checked).toBe(false);
    await choose('Inspection type', 'Audit Site');
    expect(screen.queryByRole('combobox', { name: 'Product family 1' })).toBeNull();
    expect(screen.getByText('This type has no targets.')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it('refuses to delete the first category or one with points; moving a category swaps its index inside groups; automatic name', async () => {
    await openCreate();
    await choose('Inspection type', 'Daily');
    fireEvent.click(screen.getByRole('button', { name: 'Add target' }));
    await choose('Product family 1', 'Jaw');
    await choose('Product model 1', 'JC80');
    fireEvent.click(checkbox('Automatic name'));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Daily for JC80');
    insertCategory('A');
    insertCategory('B');
    insertCategory('C');
    expect((screen.getByRole('button', { name: 'Delete category 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete category 3' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Selected' })[1]!);
    fireEvent.doubleClick(screen.getByRole('option', { name: /Engine hours/ }));
    expect(within(screen.getByRole('region', { name: 'Category 2' })).getByText('Engine hours')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete category 2' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: 'New group name' }), { target: { value: 'Walk-around' } });
    expect((screen.getByRole('button', { name: 'Add group' }) as HTMLButtonElement).disabled).toBe(true); // no category chosen yet
    await choose('Group category', 'C');
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move category 3 up' }));
    fireEvent.click(saveButton());
    await screen.findByText('New Protocol saved!');
    expect(posted[0]).toMatchObject({
      name: 'Daily for JC80', automaticName: true, type: 'Daily', targets: [{ productFamilyId: FAM, productModelId: MODEL }],
      categories: [{ index: 0, title: { text: 'A' } }, { index: 1, title: { text: 'C' } }, { index: 2, title: { text: 'B' }, inspectionPoints: [{ inspectionPointId: uuid(901), showInReport: true }] }],
      categoryGroups: [{ name: 'Walk-around', categoryIndices: [1] }],
      ratingTableLocation: 'Start', showCurrentLoadedHours: true,
    });
    // 001 §4: a successful save resets the form
    expect(screen.queryByRole('region', { name: 'Category 1' })).toBeNull();
  });

  it('keeps Save disabled while a target repeats an earlier one, naming it; another model or removing it lets it save', async () => {
    await openCreate();
    await choose('Inspection type', 'Daily');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'My daily' } });
    insertCategory('Engine');
    fireEvent.click(screen.getByRole('button', { name: 'Add target' }));
    await choose('Product family 1', 'Jaw');
    await choose('Product model 1', 'JC80');
    fireEvent.click(screen.getByRole('button', { name: 'Add target' }));
    await choose('Product family 2', 'Jaw');
    expect(saveButton().disabled).toBe(false); // the whole family is another target than its model JC80
    await choose('Product model 2', 'JC80');
    const repeated = 'Target 2 repeats target 1 (JC80): choose another model or equipment, or remove it.';
    expect(screen.getByText(repeated)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await choose('Product model 2', 'Any model');
    expect(screen.queryByText(repeated)).toBeNull();
    expect(saveButton().disabled).toBe(false);
    await choose('Product model 2', 'JC80');
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove target 2' }));
    expect(screen.queryByText(repeated)).toBeNull();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await screen.findByText('New Protocol saved!');
    expect(posted[0]).toMatchObject({ targets: [{ productFamilyId: FAM, productModelId: MODEL, equipmentId: null }] });
  });

  it('adds the point selected in the list with a button naming it (a tap selects; a double click also adds)', async () => {
    await openCreate();
    await choose('Inspection type', 'Commission');
    expect((screen.getByRole('button', { name: 'Select a point to add' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('option', { name: /Engine hours/ }));
    expect(screen.getByRole('option', { name: /Engine hours/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Add Engine hours' }));
    expect(screen.getByText('Insert a category title first: points are added to the selected category.')).toBeTruthy();
    insertCategory('A');
    insertCategory('B');
    fireEvent.click(screen.getByRole('button', { name: 'Add Engine hours' }));
    const second = within(screen.getByRole('region', { name: 'Category 2' }));
    expect(second.getByText('Engine hours')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Category 1' })).queryByText('Engine hours')).toBeNull();
    fireEvent.doubleClick(screen.getByRole('option', { name: /Engine hours/ }));
    expect(second.getAllByText('Engine hours')).toHaveLength(2);
  });

  it('with phases on asks for a phase on every point; phases get the next order', async () => {
    await openCreate();
    await choose('Inspection type', 'Commission');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'C' } });
    insertCategory('A');
    fireEvent.doubleClick(screen.getByRole('option', { name: /Engine hours/ }));
    fireEvent.click(screen.getByLabelText('Phases on'));
    expect(await screen.findByText('you need to choose phase for every point before you can create a protocol')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await choose('Add existing phase', 'Running');
    fireEvent.change(screen.getByRole('textbox', { name: 'New phase name' }), { target: { value: 'Cooling' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create phase' }));
    await screen.findByText('2. Cooling');
    expect(screen.getByText('1. Running')).toBeTruthy();
    await choose('Phase', 'Cooling');
    expect(screen.queryByText('you need to choose phase for every point before you can create a protocol')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('keeps "ERROR WITH SAVE" with the status and the field message until cleared; clearing keeps the form, and a second save sends it', async () => {
    saveStatus = 400;
    await openCreate();
    await choose('Inspection type', 'Commission');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'C' } });
    insertCategory('A');
    insertCategory('B');
    fireEvent.doubleClick(screen.getByRole('option', { name: /Engine hours/ }));
    fireEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('ERROR WITH SAVE')).toBeTruthy();
    expect(alert.textContent).toContain('400: categories.0.title: is required');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(saveButton().disabled).toBe(true); // until cleared
    fireEvent.click(within(alert).getByRole('button', { name: /close|clear/i }));
    expect(screen.queryByText('ERROR WITH SAVE')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('C');
    expect((screen.getByRole('textbox', { name: 'Category 1 title' }) as HTMLInputElement).value).toBe('A');
    expect((screen.getByRole('textbox', { name: 'Category 2 title' }) as HTMLInputElement).value).toBe('B');
    expect(within(screen.getByRole('region', { name: 'Category 2' })).getByText('Engine hours')).toBeTruthy();

    saveStatus = 201;
    fireEvent.click(saveButton());
    await screen.findByText('New Protocol saved!');
    expect(posted).toHaveLength(2);
    const { date: _first, ...refused } = posted[0] as Record<string, unknown>;
    const { date: _second, ...saved } = posted[1] as Record<string, unknown>;
    expect(saved).toEqual(refused);
    expect(saved).toMatchObject({
      name: 'C', type: 'Commission',
      categories: [{ title: { text: 'A' }, inspectionPoints: [] }, { title: { text: 'B' }, inspectionPoints: [{ inspectionPointId: uuid(901) }] }],
    });
  });

  it('offers only Measurement points for an Equipment configurator, and names the points of other types to remove instead of dropping them', async () => {
    points = [ENGINE_HOURS, REMARKS];
    await openCreate();
    await choose('Inspection type', 'Daily');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Configurator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add target' }));
    await choose('Product family 1', 'Jaw');
    insertCategory('Setup');
    fireEvent.doubleClick(await screen.findByRole('option', { name: /Walk-around remarks/ }));
    fireEvent.doubleClick(screen.getByRole('option', { name: /Engine hours/ }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('option', { name: /Walk-around remarks/ }));
    expect(screen.getByRole('button', { name: 'Add Walk-around remarks' })).toBeTruthy();

    await choose('Inspection type', 'Equipment Configurator');
    // the Comment picked before is no longer offered by the add button
    expect((screen.getByRole('button', { name: 'Select a point to add' }) as HTMLButtonElement).disabled).toBe(true);
    // the picker asks the API for Measurement points only and lists no other
    await waitFor(() => expect(screen.queryByRole('option', { name: /Walk-around remarks/ })).toBeNull());
    expect(screen.getByRole('option', { name: /Engine hours/ })).toBeTruthy();
    expect(calls('inspectionPoints.list').at(-1)).toMatchObject({ pointTypes: 'Measurement' });
    expect(screen.getByText('Showing only Measurement points, the ones this protocol type takes.')).toBeTruthy();
    // the Comment chosen before is kept, named, and blocks the save until removed
    const remove = 'An Equipment configurator protocol takes only Measurement points: remove Walk-around remarks.';
    expect(screen.getByText(remove)).toBeTruthy();
    const category = within(screen.getByRole('region', { name: 'Category 1' }));
    expect(category.getByText('Walk-around remarks')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(category.getByRole('button', { name: 'Remove Walk-around remarks (1)' }));
    expect(screen.queryByText(remove)).toBeNull();
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await screen.findByText('New Protocol saved!');
    expect(posted[0]).toMatchObject({ type: 'Equipment_Configurator', categories: [{ inspectionPoints: [{ inspectionPointId: uuid(901) }] }] });
    expect((posted[0] as { categories: { inspectionPoints: unknown[] }[] }).categories[0]!.inspectionPoints).toHaveLength(1);
  });

  describe('asks before unsaved work is dropped (issue 19)', () => {
    // found by its title, not by role: a role query over the whole form is slow enough to outlast findBy's wait
    const question = async () => (await screen.findByText('Discard unsaved changes?', {}, { timeout: 5000 })).closest<HTMLElement>('[role="dialog"]')!;
    const answer = async (button: 'Stay' | 'Discard') => {
      fireEvent.click(within(await question()).getByRole('button', { name: button }));
      // until its exit transition ends the dialog hides the page from role queries
      await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    };
    const nameBox = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;

    it("a typed name then leaving through the app's navigation asks: Stay keeps the form, Discard leaves", async () => {
      const { router } = await openCreate();
      void router.navigate('/Customers');
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Customers')); // nothing typed: no question
      await act(() => router.navigate('/Protocols'));
      fireEvent.click(screen.getByRole('tab', { name: 'Create protocol' }));
      fireEvent.change(nameBox(), { target: { value: 'My daily' } });
      void router.navigate('/Customers');
      await answer('Stay');
      expect(screen.getByTestId('location').textContent).toBe('/Protocols');
      expect(nameBox().value).toBe('My daily');
      void router.navigate('/Customers');
      await answer('Discard');
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Customers'));
    });

    it('switching to the list tab with unsaved work asks; after a save it does not', async () => {
      await openCreate();
      await choose('Inspection type', 'Audit Site');
      fireEvent.change(nameBox(), { target: { value: 'Site audit' } });
      insertCategory('Safety');
      fireEvent.click(screen.getByRole('tab', { name: 'Protocols' }));
      await answer('Stay');
      expect(screen.getByRole('tab', { name: 'Create protocol' }).getAttribute('aria-selected')).toBe('true');
      expect(nameBox().value).toBe('Site audit');
      const unload = () => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      };
      expect(unload()).toBe(true);
      fireEvent.click(saveButton());
      await screen.findByText('New Protocol saved!');
      expect(unload()).toBe(false);
      fireEvent.click(screen.getByRole('tab', { name: 'Protocols' }));
      expect(screen.getByRole('tab', { name: 'Protocols' }).getAttribute('aria-selected')).toBe('true');
      expect(document.querySelector('[role="dialog"]')).toBeNull();
    });
  });
});
