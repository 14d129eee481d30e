import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { audit, AUDIT_ID, auditEditorHooks, button, open, pick, run, writes } from './auditEditor.test-helpers';
import { AUDIT_TEXT } from './texts';

auditEditorHooks();

describe('audit run dialogs (000 §5)', () => {
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

  it('offers a missing site or operational run, and adds it without stage or equipment (issue 20)', async () => {
    open(audit());
    writes.addRun.mockResolvedValue(run());
    expect(await screen.findByRole('button', { name: 'Add site run' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add operational run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add the operational run' });
    expect(within(dialog).queryByRole('combobox', { name: new RegExp(`^${AUDIT_TEXT.stage}`) })).toBeNull();
    expect(button(dialog, AUDIT_TEXT.addButton).disabled).toBe(true);
    await pick(dialog, AUDIT_TEXT.protocol, 'Machine audit, short');
    fireEvent.click(button(dialog, AUDIT_TEXT.addButton));
    await vi.waitFor(() => expect(writes.addRun).toHaveBeenCalledWith(AUDIT_ID, { protocolRunType: 'Audit_Site_Operational', protocolId: uuid(940) }));
  });

  it('adds an extra point of the Extra points protocols to the site run, and changes a plant run\'s protocol (issue 20)', async () => {
    const site = run({ id: uuid(960), protocolType: 'Audit_Site', protocolRunType: 'Audit_Site', stage: null, equipment: null, inspectionProtocolName: 'Site audit' });
    open(audit({ inspectionProtocolRuns: [site, run()] }));
    writes.addRunExtraPoint.mockResolvedValue({});
    fireEvent.click(await screen.findByRole('button', { name: 'Add extra point: Site audit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an extra point' });
    expect(button(dialog, AUDIT_TEXT.addButton).disabled).toBe(true);
    await pick(dialog, AUDIT_TEXT.extraPoint, 'Stockpile height');
    fireEvent.change(within(dialog).getByRole('textbox', { name: AUDIT_TEXT.extraPointName }), { target: { value: 'North stockpile' } });
    fireEvent.click(button(dialog, AUDIT_TEXT.addButton));
    await vi.waitFor(() => expect(writes.addRunExtraPoint).toHaveBeenCalledWith(AUDIT_ID, uuid(960), { inspectionPointId: uuid(980), name: 'North stockpile' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // a plant run offers change protocol and delete, not clone or change equipment; a machine run no extra point
    expect(screen.getByRole('button', { name: 'Change protocol: Site audit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clone: Site audit' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Add extra point: Primary/ })).toHaveLength(0);
  });

  it('offers no site run that the audit already has', async () => {
    const site = run({ id: uuid(960), protocolType: 'Audit_Site', protocolRunType: 'Audit_Site', stage: null, equipment: null });
    open(audit({ inspectionProtocolRuns: [site, run()] }));
    expect(await screen.findByRole('button', { name: 'Add operational run' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add site run' })).toBeNull();
  });

  it("offers a crusher run only crusher families and machines, each machine by what it is (issue 20)", async () => {
    open(audit());
    fireEvent.click(await screen.findByRole('button', { name: 'Add: Crushers' }));
    const dialog = await screen.findByRole('dialog', { name: AUDIT_TEXT.addRunTitle });
    const options = async (label: string) => {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
      const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
      fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
      await vi.waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      return names;
    };
    await vi.waitFor(() => expect(within(dialog).getByRole('combobox', { name: new RegExp(`^${AUDIT_TEXT.family}`) }).getAttribute('aria-disabled')).toBeNull());
    expect(await options(AUDIT_TEXT.family)).toEqual(['Jaw']);
    expect(await options(AUDIT_TEXT.equipment)).toEqual([AUDIT_TEXT.newEquipment, 'Jaw C120 · SN-77']);
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
