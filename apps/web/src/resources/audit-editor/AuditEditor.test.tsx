import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { TAudit, TAuditRun } from '@insp/contracts';
import { fakeAuditWrites } from '../../inspection-writes/auditWrites.test-helpers';
import type { InspectionWrites } from '../../inspection-writes';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { blankResult, measurementPoint, radioPoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { renderWithWrites } from '../inspection-edit/editForm.test-helpers';
import { AuditEditor } from './AuditEditor';
import { AUDIT_TEXT } from './texts';

const AUDIT_ID = uuid(900);
const run = (over: Partial<TAuditRun> = {}): TAuditRun => ({
  id: uuid(901), protocolType: 'Audit_Machine', protocolRunType: 'Audit_Machine:stage_1', stage: 'stage_1', runIndex: 1,
  inspectionProtocolId: uuid(902), inspectionProtocolName: 'Jaw crusher audit',
  equipment: { id: uuid(903), productFamilyId: uuid(904), productModelId: uuid(905), serialNumber: 'SN-77', nickName: null, customerSiteId: null, productFamilyName: 'Jaw', productModelName: 'C120' },
  includedInReport: true, configuratorRunId: null, machineRunId: null,
  categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [radioPoint(), measurementPoint({ content: blankResult({ id: uuid(907), value: '20' }) })] }],
  extraPoints: [], equipmentConfigurator: null, ...over,
});
const audit = (over: Partial<TAudit> = {}): TAudit => ({
  id: AUDIT_ID, name: 'Audit Quarry 2026', customer: { id: uuid(910), name: 'Quarry Oy' }, customerSite: { id: uuid(911), name: 'North pit' },
  inspectionDate: Date.UTC(2026, 10, 3, 9), inspector: 'Ann Auditor', inspectorContact: 'ann@company.example', contactName: 'Pete Plant',
  contactPhoneNumber: '+358 40 1', contactEmail: 'pete@quarry.example', finished: false, comment: '', internalComment: '', summary: 'Old summary',
  suggestions: [{ id: uuid(920), type: 'LongTerm', text: 'Plan a second screen' }],
  proposals: [{ resultId: uuid(921), runId: uuid(901), rating: 'Repair', type: 'ShortTerm', text: 'SN-77 · Jaw dies wear: worn' }],
  inspectionProtocolRuns: [run()], ...over,
});

let writes: InspectionWrites & ReturnType<typeof fakeAuditWrites>;
const FAMILIES = [{ id: uuid(930), name: 'Jaw', productModels: [{ id: uuid(931), name: 'C120' }] }];
const MACHINES = [{ id: uuid(903), serialNumber: 'SN-77', nickName: null, productFamilyId: uuid(930), productFamilyName: 'Jaw', productModelId: uuid(931), productModelName: 'C120' }];
const FITS = [{ id: uuid(902), name: 'Jaw crusher audit', type: 'Audit_Machine', fit: 'Family' }, { id: uuid(940), name: 'Machine audit, short', type: 'Audit_Machine', fit: 'Any' }];
function open(data: TAudit) {
  vi.stubGlobal('fetch', fakeApi({
    'audits.get': () => ({ data }), 'productFamilies.all': () => ({ data: FAMILIES }), 'inspectionStart.equipment': () => ({ data: MACHINES }),
    'protocolFit.sortedByFit': () => ({ data: FITS }),
  }).fetch);
  const w = {
    uploadPhoto: vi.fn(async () => ({ id: uuid(999) })), saveResults: vi.fn(), saveInspection: vi.fn(), finish: vi.fn(), createInspection: vi.fn(),
    ...fakeAuditWrites({
      setAuditText: async () => ({}),
      createAuditResult: async () => ({ ...blankResult(), id: uuid(950) }),
      updateAuditResult: async () => ({ ...blankResult(), id: uuid(907) }),
      addSuggestion: async (_a, d) => ({ id: uuid(951), type: d.type, text: d.text }),
    }),
  };
  writes = w as unknown as typeof writes;
  return renderWithWrites(`/Audits/${AUDIT_ID}`, '/Audits/:id', <AuditEditor />, writes);
}
async function pick(scope: HTMLElement, label: string, option: string) {
  const select = () => within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) });
  await vi.waitFor(() => expect(select().getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(select());
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
const button = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name }) as HTMLButtonElement;
const marker = (name: string) => screen.getByText(name, { selector: 'label' }).querySelector('[data-testid="save-marker"]');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('audit editor', () => {
  it('shows the info box with the change-inspector link', async () => {
    open(audit());
    expect(await screen.findByText('03.11.2026')).toBeTruthy();
    expect(screen.getByText('Pete Plant')).toBeTruthy();
    expect(screen.getByRole('link', { name: /view report/i }).getAttribute('href')).toBe(`/Audits/${AUDIT_ID}/report`);
    fireEvent.click(screen.getByRole('button', { name: 'change inspector' }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.inspectorTitle });
    fireEvent.change(within(dialog).getByLabelText(AUDIT_TEXT.inspectorEmail), { target: { value: 'not-mail' } });
    expect((within(dialog).getByRole('button', { name: 'SAVE' }) as HTMLButtonElement).disabled).toBe(true);
    writes.setAuditInspector.mockResolvedValue({});
    fireEvent.change(within(dialog).getByLabelText(AUDIT_TEXT.inspectorEmail), { target: { value: 'bo@company.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Inspector name/), { target: { value: 'Bo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await vi.waitFor(() => expect(writes.setAuditInspector).toHaveBeenCalledWith(AUDIT_ID, { inspector: 'Bo', inspectorContact: 'bo@company.example' }));
  });

  it('autosaves the summary 1 s after the last keystroke, the (*) grey while pending and black while the save is due', async () => {
    open(audit());
    const summary = await screen.findByRole('textbox', { name: AUDIT_TEXT.summary });
    vi.useFakeTimers();
    let finish!: () => void;
    writes.setAuditText.mockImplementation(() => new Promise((r) => (finish = () => r({}))));
    fireEvent.change(summary, { target: { value: 'New' } });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(summary, { target: { value: 'New summary' } });
    expect(marker(AUDIT_TEXT.summary)?.getAttribute('data-state')).toBe('pending');
    act(() => vi.advanceTimersByTime(900));
    expect(writes.setAuditText).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(100));
    expect(writes.setAuditText).toHaveBeenCalledTimes(1);
    expect(writes.setAuditText).toHaveBeenCalledWith(AUDIT_ID, 'summary', 'New summary');
    expect(marker(AUDIT_TEXT.summary)?.getAttribute('data-state')).toBe('due');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(true); // closing the tab now asks first
    await act(async () => finish());
    expect(marker(AUDIT_TEXT.summary)).toBeNull();
    expect(unload()).toBe(false);
  });

  it('keeps the (*) black with the reason when the save fails', async () => {
    open(audit());
    const comment = await screen.findByRole('textbox', { name: AUDIT_TEXT.comment });
    vi.useFakeTimers();
    writes.setAuditText.mockRejectedValue(new Error('Server down'));
    fireEvent.change(comment, { target: { value: 'Dusty' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(marker(AUDIT_TEXT.comment)?.getAttribute('data-state')).toBe('due');
    expect(screen.getByRole('alert').textContent).toMatch(/^Not saved: /);
  });

  it('creates a point result without id and updates one with an id, 1 s after the change', async () => {
    open(audit());
    const jaw = await screen.findByRole('region', { name: 'Jaw dies wear' });
    vi.useFakeTimers();
    fireEvent.click(within(jaw).getByRole('radio', { name: 'Worn' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.createAuditResult).toHaveBeenCalledWith(AUDIT_ID, uuid(901), radioPoint().protocolPointId,
      expect.objectContaining({ selection: 'Worn', comment: 'Turn or replace the jaw dies at the next service.' }));
    fireEvent.click(within(jaw).getByRole('radio', { name: 'Good' }));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.updateAuditResult).toHaveBeenCalledWith(AUDIT_ID, uuid(950), expect.objectContaining({ id: uuid(950), selection: 'Good' }));
    const css = screen.getByRole('region', { name: measurementPoint().name });
    fireEvent.change(within(css).getAllByRole('textbox')[0]!, { target: { value: '24,5' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.updateAuditResult).toHaveBeenLastCalledWith(AUDIT_ID, uuid(907), expect.objectContaining({ value: '24,5' }));
  });

  it('accepts a proposal as a short-term action point from its point result', async () => {
    open(audit());
    fireEvent.click(await screen.findByRole('button', { name: /^Accept: SN-77/ }));
    await vi.waitFor(() => expect(writes.addSuggestion).toHaveBeenCalledWith(AUDIT_ID, { type: 'ShortTerm', text: 'SN-77 · Jaw dies wear: worn', sourceResultId: uuid(921) }));
  });

  it('asks before deleting a run, naming the protocol and the equipment', async () => {
    open(audit());
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(await screen.findByRole('button', { name: /^Delete: Primary — Jaw crusher audit/ }));
    expect(confirm).toHaveBeenCalledWith('Do you really want to delete the run of protocol Jaw crusher audit on SN-77 · C120?');
    expect(writes.deleteRun).not.toHaveBeenCalled();
  });

  it('is read-only while finished: no edit controls, texts and points disabled, nothing written', async () => {
    open(audit({ finished: true }));
    expect(await screen.findByText(AUDIT_TEXT.finished)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'change inspector' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add: / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(screen.queryByText(AUDIT_TEXT.proposals)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect((screen.getByRole('textbox', { name: AUDIT_TEXT.summary }) as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByTestId('audit-body') as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'Worn' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: AUDIT_TEXT.refresh })).toBeTruthy();
  });

  it('adds, edits and deletes action points, edits a proposal before accepting it and dismisses another', async () => {
    open(audit({ proposals: [
      { resultId: uuid(921), runId: uuid(901), rating: 'Repair', type: 'ShortTerm', text: 'SN-77 · Jaw dies wear: worn' },
      { resultId: uuid(922), runId: uuid(901), rating: 'ImmediateAction', type: 'ShortTerm', text: 'SN-77 · CSS: out of range' },
    ] }));
    writes.editSuggestion.mockResolvedValue({ id: uuid(920), type: 'LongTerm', text: 'x' });
    writes.deleteSuggestion.mockResolvedValue({});
    writes.dismissProposal.mockResolvedValue({});
    fireEvent.click(await screen.findByRole('button', { name: 'Add: Optimization targets' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New action point: Optimization targets' }), { target: { value: 'Feed the crusher evenly' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    await vi.waitFor(() => expect(writes.addSuggestion).toHaveBeenCalledWith(AUDIT_ID, { type: 'OptimizationTarget', text: 'Feed the crusher evenly' }));
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: 'New action point: Optimization targets' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit: Plan a second screen' }));
    fireEvent.change(screen.getByRole('textbox', { name: AUDIT_TEXT.edit }), { target: { value: 'Plan a second screen in 2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    await vi.waitFor(() => expect(writes.editSuggestion).toHaveBeenCalledWith(AUDIT_ID, uuid(920), { text: 'Plan a second screen in 2027' }));
    await vi.waitFor(() => expect(screen.queryByRole('textbox', { name: AUDIT_TEXT.edit })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Plan a second screen' }));
    await vi.waitFor(() => expect(writes.deleteSuggestion).toHaveBeenCalledWith(AUDIT_ID, uuid(920)));

    fireEvent.click(screen.getByRole('button', { name: /^Edit: SN-77 · Jaw dies/ }));
    fireEvent.change(screen.getByRole('textbox', { name: AUDIT_TEXT.proposals }), { target: { value: 'Turn the jaw dies this week' } });
    fireEvent.click(screen.getByRole('button', { name: AUDIT_TEXT.accept }));
    await vi.waitFor(() => expect(writes.addSuggestion).toHaveBeenCalledWith(AUDIT_ID, { type: 'ShortTerm', text: 'Turn the jaw dies this week', sourceResultId: uuid(921) }));
    fireEvent.click(screen.getByRole('button', { name: /^Dismiss: SN-77 · CSS/ }));
    await vi.waitFor(() => expect(writes.dismissProposal).toHaveBeenCalledWith(AUDIT_ID, uuid(922)));
  });

  it('enables ADD only once stage, family, model, serial number or nickname and protocol are given, and sends the stage with the kind', async () => {
    open(audit());
    writes.addRun.mockResolvedValue(run());
    fireEvent.click(await screen.findByRole('button', { name: 'Add: Crushers' }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.addRunTitle });
    const add = () => button(dialog, AUDIT_TEXT.addButton);
    expect(add().disabled).toBe(true);
    await pick(dialog, AUDIT_TEXT.stage, 'Secondary');
    await pick(dialog, AUDIT_TEXT.family, 'Jaw');
    await pick(dialog, AUDIT_TEXT.model, 'C120');
    expect(add().disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: AUDIT_TEXT.nickName }), { target: { value: 'Old jaw' } });
    expect(add().disabled).toBe(true);
    await pick(dialog, AUDIT_TEXT.protocol, 'Machine audit, short');
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    await vi.waitFor(() => expect(writes.addRun).toHaveBeenCalledWith(AUDIT_ID, {
      protocolRunType: 'Audit_Machine:stage_2', protocolId: uuid(940), equipment: { productModelId: uuid(931), serialNumber: null, nickName: 'Old jaw' }, cloneRunId: undefined,
    }));
  });

  it("clones with the source's protocol counting: ADD once a stage is chosen", async () => {
    open(audit());
    writes.addRun.mockResolvedValue(run());
    fireEvent.click(await screen.findByRole('button', { name: /^Clone: Primary/ }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.cloneRunTitle('Jaw crusher audit') });
    expect(button(dialog, AUDIT_TEXT.addButton).disabled).toBe(false); // stage, machine and protocol come from the source
    fireEvent.click(button(dialog, AUDIT_TEXT.addButton));
    await vi.waitFor(() => expect(writes.addRun).toHaveBeenCalledWith(AUDIT_ID, expect.objectContaining({ cloneRunId: uuid(901), protocolId: undefined, equipment: { id: uuid(903) } })));
  });

  it('changes equipment: serial number disabled for an existing machine, CHANGE only with family, model and serial number or nickname', async () => {
    open(audit());
    fireEvent.click(await screen.findByRole('button', { name: /^Change equipment: Primary/ }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.changeEquipment });
    expect((within(dialog).getByRole('textbox', { name: AUDIT_TEXT.serialNumber }) as HTMLInputElement).disabled).toBe(true);
    await pick(dialog, AUDIT_TEXT.equipment, AUDIT_TEXT.newEquipment);
    const serial = within(dialog).getByRole('textbox', { name: AUDIT_TEXT.serialNumber }) as HTMLInputElement;
    expect(serial.disabled).toBe(false);
    fireEvent.change(serial, { target: { value: '' } });
    expect(button(dialog, AUDIT_TEXT.changeButton).disabled).toBe(true);
    fireEvent.change(serial, { target: { value: 'SN-78' } });
    expect(button(dialog, AUDIT_TEXT.changeButton).disabled).toBe(false);
  });

  it('changes protocol only to a different one', async () => {
    open(audit());
    writes.changeRunProtocol.mockResolvedValue(run());
    fireEvent.click(await screen.findByRole('button', { name: /^Change protocol: Primary/ }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.changeProtocol });
    expect(button(dialog, AUDIT_TEXT.changeButton).disabled).toBe(true);
    await pick(dialog, AUDIT_TEXT.protocol, 'Machine audit, short');
    expect(button(dialog, AUDIT_TEXT.changeButton).disabled).toBe(false);
    fireEvent.click(button(dialog, AUDIT_TEXT.changeButton));
    await vi.waitFor(() => expect(writes.changeRunProtocol).toHaveBeenCalledWith(AUDIT_ID, uuid(901), uuid(940)));
  });
});
