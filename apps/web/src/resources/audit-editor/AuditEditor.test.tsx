import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { measurementPoint, radioPoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { audit, AUDIT_ID, auditEditorHooks, marker, open, pick, run, writes } from './auditEditor.test-helpers';
import { AUDIT_TEXT } from './texts';

auditEditorHooks();

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

  it("changes the audit's name, date and site in its own dialog, SAVE only with a name (issue 20)", async () => {
    open(audit());
    writes.setAuditDetails.mockResolvedValue({});
    fireEvent.click(await screen.findByRole('button', { name: AUDIT_TEXT.editDetails }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.detailsTitle });
    const name = within(dialog).getByRole('textbox', { name: AUDIT_TEXT.auditName });
    fireEvent.change(name, { target: { value: ' ' } });
    expect((within(dialog).getByRole('button', { name: AUDIT_TEXT.save }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Spring audit' } });
    await pick(dialog, AUDIT_TEXT.site, 'South pit');
    fireEvent.click(within(dialog).getByRole('button', { name: AUDIT_TEXT.save }));
    // the date kept as it was (3 Nov 2026, 09:00 UTC), the site and the name changed
    await vi.waitFor(() => expect(writes.setAuditDetails).toHaveBeenCalledWith(AUDIT_ID, { name: 'Spring audit', inspectionDate: Date.UTC(2026, 10, 3, 9), customerSiteId: uuid(912) }));
  });

  it("autosaves a configurator run's equipment configurator 1 s after the last change (issue 20)", async () => {
    const conf = run({ id: uuid(970), protocolType: 'Equipment_Configurator', protocolRunType: 'Equipment_Configurator:stage_1', categories: [], equipmentConfigurator: { 'Feed opening': '1200 mm' } });
    open(audit({ inspectionProtocolRuns: [run(), conf] }));
    const value = await screen.findByDisplayValue('1200 mm');
    vi.useFakeTimers();
    writes.setRunConfigurator.mockResolvedValue({});
    fireEvent.change(value, { target: { value: '1300 mm' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(writes.setRunConfigurator).toHaveBeenCalledWith(AUDIT_ID, uuid(970), { equipmentConfigurator: { 'Feed opening': '1300 mm' } });
    // the machine run has no configurator section
    expect(screen.getAllByRole('button', { name: 'Add item' })).toHaveLength(1);
  });

  it('autosaves the summary 1 s after the last keystroke, the (*) grey while pending and black while the save is due', async () => {
    open(audit());
    const summary = await screen.findByRole('textbox', { name: AUDIT_TEXT.summary });
    const status = () => screen.getByTestId('save-status').textContent;
    expect(status()).toBe(AUDIT_TEXT.noChangesYet);
    vi.useFakeTimers();
    let finish!: () => void;
    writes.setAuditText.mockImplementation(() => new Promise((r) => (finish = () => r({}))));
    fireEvent.change(summary, { target: { value: 'New' } });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.change(summary, { target: { value: 'New summary' } });
    expect(marker(AUDIT_TEXT.summary)?.getAttribute('data-state')).toBe('pending');
    expect(status()).toBe(AUDIT_TEXT.savingChanges);
    act(() => vi.advanceTimersByTime(900));
    expect(writes.setAuditText).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(100));
    expect(writes.setAuditText).toHaveBeenCalledTimes(1);
    expect(writes.setAuditText).toHaveBeenCalledWith(AUDIT_ID, 'summary', 'New summary', 0);
    expect(marker(AUDIT_TEXT.summary)?.getAttribute('data-state')).toBe('due');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(true); // closing the tab now asks first
    expect(status()).toBe(AUDIT_TEXT.savingChanges);
    await act(async () => finish());
    expect(marker(AUDIT_TEXT.summary)).toBeNull();
    expect(unload()).toBe(false);
    // issue 20: the editor says when the last change was saved
    expect(status()).toMatch(/^All changes saved, last at \d{2}:\d{2}:\d{2} \S+$/);
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

  it('asks before deleting a run, naming the protocol and the equipment', async () => {
    open(audit());
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(await screen.findByRole('button', { name: /^Delete: Primary — Jaw crusher audit/ }));
    expect(confirm).toHaveBeenCalledWith('Do you really want to delete the run of protocol Jaw crusher audit on SN-77 · C120?');
    expect(writes.deleteRun).not.toHaveBeenCalled();
  });

  it('keeps what is on screen when Refresh cannot reach the server (a failed read restarts no field)', async () => {
    open(audit());
    const summary = (await screen.findByRole('textbox', { name: AUDIT_TEXT.summary })) as HTMLTextAreaElement;
    fireEvent.change(summary, { target: { value: 'Typed on site, not sent yet' } });
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    fireEvent.click(screen.getByRole('button', { name: AUDIT_TEXT.refresh }));
    await screen.findByText(/Failed to fetch|could not be reached|network/i, {}, { timeout: 5000 });
    expect((screen.getByRole('textbox', { name: AUDIT_TEXT.summary }) as HTMLTextAreaElement).value).toBe('Typed on site, not sent yet');
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

});
