import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TProtocol } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderInDataRouter } from '../../test/render';
import { ProtocolsPage } from './ProtocolsPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FAM = uuid(1);
const CAT = uuid(3);
const ID = uuid(101);
const V2 = uuid(102);
const OLD = uuid(100);

const protocol = (over: Partial<TProtocol> = {}): TProtocol => ({
  id: ID, protocolId: ID, name: 'Daily for jaws', type: 'Daily', typeName: 'Daily', date: Date.UTC(2026, 0, 1), summary: 'kept', index: 3, created: Date.UTC(2026, 0, 1),
  createdBy: 'Ada Admin', targets: [{ id: uuid(500), productFamilyId: FAM, productFamilyName: 'Jaw', productModelId: null, productModelName: null, equipmentId: null, equipmentSerial: null }],
  products: ['Jaw'], phasesOn: false, phases: [], categoryGroups: [], infoAppendix: false, ratingTableLocation: 'Start', showCurrentLoadedHours: true, automaticName: false,
  copyOfProtocolId: null, draft: false, updated: Date.UTC(2026, 0, 2), version: 1, rootProtocolId: ID, previousVersionId: null, supersededAt: null,
  versions: [{ id: ID, version: 1, created: Date.UTC(2026, 0, 1), supersededAt: null, deleted: false, inspectionCount: 2, changes: null }],
  categories: [{
    id: uuid(700), index: 0, title: { id: null, text: 'Engine' }, itemCount: 2, subcategoryTitles: [],
    inspectionPoints: [
      { id: uuid(801), protocolPointId: uuid(801), inspectionPointId: uuid(901), pointFound: true, index: 0, name: 'Engine hours', nameOverride: null, pointName: 'Engine hours',
        type: 'Measurement', phaseId: null, phaseName: null, measurementTitle: 'Hours', unit: 'h', prefill: null, sampleIdIndex: null, showValueInReportHeader: false,
        showInReport: true, optional: false, subcategoryTitleIndex: null, dependencies: [{ id: uuid(990), json: { dependsOn: 'equipment.productModelId' } }] },
      { id: uuid(802), protocolPointId: uuid(802), inspectionPointId: null, pointFound: false, index: 1, name: null, nameOverride: null, pointName: null, type: null, phaseId: null,
        phaseName: null, measurementTitle: null, unit: null, prefill: null, sampleIdIndex: null, showValueInReportHeader: false, showInReport: true, optional: false,
        subcategoryTitleIndex: null, dependencies: [] },
    ],
  }],
  ...over,
});

let api: ReturnType<typeof fakeApi>;
let updateReply: 'v2' | 'conflict';
beforeEach(() => {
  updateReply = 'v2';
  api = fakeApi({
    'protocols.types': () => ({ data: [{ type: 'Daily', name: 'Daily', showOnlyToSpecificGroups: false, note: null }] }),
    'protocols.list': () => ({ data: { result: [], count: 0 } }),
    'protocols.get': (input) => {
      const id = (input as { id: string }).id;
      if (id === OLD) return { data: protocol({ id: OLD, supersededAt: Date.UTC(2026, 0, 3) }) };
      if (id === V2) return { data: protocol({ id: V2, version: 2, name: 'Daily for jaws, v2', previousVersionId: ID }) };
      return { data: protocol() };
    },
    'protocols.update': () =>
      updateReply === 'v2'
        ? { data: protocol({ id: V2, version: 2, name: 'Daily for jaws, v2', previousVersionId: ID, updated: Date.UTC(2026, 0, 4) }) }
        : { error: { httpStatus: 409, code: 'CONFLICT', message: 'This protocol was changed by someone else since you opened it; open it again and make your changes there' } },
    'productFamilies.all': () => ({ data: [{ id: FAM, name: 'Jaw', familyName: 'Jaw', longFamilyName: '', productCategoryId: CAT, productCategoryName: 'Crushers', division: null, productModels: [] }] }),
    'inspectionPoints.list': () => ({ data: { result: [], count: 0 } }),
    'pointAuthoring.categoryTitles': () => ({ data: [] }),
    'pointAuthoring.inspectionPhases': () => ({ data: [] }),
    'equipment.byProductModels': () => ({ data: [] }),
    'pointAuthoring.languages': () => ({ data: [{ id: 'en', name: 'English' }] }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const render = (search: string) => renderInDataRouter(`/Protocols${search}`, [{ path: '/Protocols', element: <ProtocolsPage /> }]);
const updates = () => api.calls.filter((c) => c.path === 'protocols.update').map((c) => c.input as { id: string; protocol: Record<string, any> });
const nameBox = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;
const question = async () => (await screen.findByText('Discard unsaved changes?', {}, { timeout: 5000 })).closest<HTMLElement>('[role="dialog"]')!;
const answer = async (button: 'Stay' | 'Discard') => {
  fireEvent.click(within(await question()).getByRole('button', { name: button }));
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
};

describe('changing a protocol (issue 19)', { timeout: 60_000 }, () => {
  it("opens from the detail filled in, the type fixed; a point's settings are edited in a dialog; the save sends the whole protocol and opens the version it made", async () => {
    render(`?id=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit protocol' }));
    await waitFor(() => expect(location()).toBe(`/Protocols?id=${ID}&edit=1`));
    await waitFor(() => expect(nameBox().value).toBe('Daily for jaws'));
    expect(screen.getByRole('combobox', { name: /Inspection type/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('The type of a saved protocol cannot be changed.')).toBeTruthy();
    // the point whose inspection point is gone cannot be kept, and the form says so
    expect(screen.getByText(/1 point shown as 'Point not found!' is left out/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Settings of Engine hours (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engine hours: settings in this protocol' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name in this protocol' }), { target: { value: 'Hours here' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Show value in report header' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Prefill (JSON)' }), { target: { value: '{oops' } });
    expect(within(dialog).getByText('Not valid JSON.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Prefill (JSON)' }), { target: { value: '{"source": "equipment", "field": "loadedHours"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add dependency' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Dependency 2 (JSON)' }), { target: { value: '{"dependsOn": "point"}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('named Hours here here · value in report header · prefill · 2 dependencies')).toBeTruthy();

    fireEvent.change(nameBox(), { target: { value: 'Daily for jaws, v2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved as version 2: inspections started on version 1 keep it; new ones start on version 2.');
    await waitFor(() => expect(location()).toBe(`/Protocols?id=${V2}`));
    const [sent] = updates();
    expect(sent!.id).toBe(ID);
    expect(sent!.protocol).toMatchObject({ name: 'Daily for jaws, v2', type: 'Daily', summary: 'kept', index: 3, date: Date.UTC(2026, 0, 1), ifUnchangedSince: Date.UTC(2026, 0, 2) });
    expect(sent!.protocol.categories).toEqual([expect.objectContaining({
      index: 0, title: { id: null, text: 'Engine' },
      inspectionPoints: [expect.objectContaining({
        protocolPointId: uuid(801), inspectionPointId: uuid(901), name: 'Hours here', showValueInReportHeader: true, prefill: { source: 'equipment', field: 'loadedHours' },
        dependencies: [{ json: { dependsOn: 'equipment.productModelId' } }, { json: { dependsOn: 'point' } }],
      })],
    })]);
    // saved: leaving asked nothing
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('Cancel with unsaved changes asks (Stay keeps them); a refused save keeps ERROR WITH SAVE and the form; an old version offers no edit', async () => {
    updateReply = 'conflict';
    render(`?id=${ID}&edit=1`);
    await waitFor(() => expect(nameBox().value).toBe('Daily for jaws'));
    fireEvent.change(nameBox(), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer('Stay');
    expect(location()).toBe(`/Protocols?id=${ID}&edit=1`);
    expect(nameBox().value).toBe('Renamed');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = (await screen.findByText('ERROR WITH SAVE')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('409: This protocol was changed by someone else');
    expect(nameBox().value).toBe('Renamed');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer('Discard');
    await waitFor(() => expect(location()).toBe(`/Protocols?id=${ID}`));
    await screen.findByRole('button', { name: 'Edit protocol' });
    cleanup();

    render(`?id=${OLD}`);
    await screen.findByText(/An old version cannot be changed/);
    expect(screen.queryByRole('button', { name: 'Edit protocol' })).toBeNull();
  });
});
