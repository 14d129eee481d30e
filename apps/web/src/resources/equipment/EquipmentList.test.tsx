import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level } from '@insp/contracts';
import { registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderResource, staffSession } from '../../test/render-resource';
import { EquipmentList } from './EquipmentList';

registerResourceRouter('Equipments', 'equipment');
const row = (n: number, serial: string | null, nickName: string | null) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  serial, serialNumber: serial, nickName, mdmEquipmentId: `MDM-${n}`,
  productFamilyId: null, productFamilyName: 'Jaw JC', productModelId: null, productModelName: `JC${n}00`,
  customerId: null, customerName: null, customerSiteId: null, customerSiteName: null,
});
const rows = [{ ...row(1, 'S-300', 'Rig 1'), nextDueOn: '2026-11-20', nextDueDaysPastDue: 6, nextDueState: 'overdue' }, row(2, 'S-200', null), row(3, null, 'Old screen')];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'equipment.list': () => ({ data: { result: rows, count: rows.length } }),
    'equipment.inspectionCount': (input) => ({ data: { id: (input as { id: string }).id, inspectionCount: 7 } }),
    'equipment.delete': (input) => ({ data: input }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderList = (level: number) => renderResource('Equipments', <EquipmentList />, staffSession(level));

describe('equipment list', () => {
  it('asks for the first page of 50 sorted by serial descending and shows the columns', async () => {
    renderList(Level.Manager);
    await screen.findByText('S-300');
    expect(api.calls.find((c) => c.path === 'equipment.list')?.input).toMatchObject({ offset: 0, amount: 50, orderKey: 'serial', orderDirection: 'desc' });
    for (const header of ['Serial', 'Nickname', 'MDM id', 'Product family', 'Product model']) expect(screen.getByText(header)).toBeTruthy();
    expect(screen.getByText('Old screen')).toBeTruthy();
    expect(screen.getByText('1 ... 3')).toBeTruthy();
  });

  it("shows the 'Manage product models' link to /ProductFamilies to an admin", async () => {
    renderList(Level.Admin);
    await screen.findByText('S-300');
    expect(screen.getByRole('link', { name: 'Manage product models' }).getAttribute('href')).toBe('/ProductFamilies');
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
  });

  it("hides the 'Manage product models' link and the delete icons from a manager", async () => {
    renderList(Level.Manager);
    await screen.findByText('S-300');
    expect(screen.queryByText('Manage product models')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('opens the record when a manager clicks a row (issue 20: a manager’s click did nothing)', async () => {
    renderList(Level.Manager);
    fireEvent.click(await screen.findByText('S-200'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Equipments/${rows[1]!.id}`));
  });

  it('asks before deleting, saying how many inspections were conducted on the equipment', async () => {
    renderList(Level.Admin);
    await screen.findByText('S-300');
    fireEvent.click(screen.getByRole('button', { name: 'Delete S-300 · Rig 1' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('7 inspections have been conducted on the equipment.');
    expect(within(dialog).getByText('Do you really want to delete the equipment?')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'equipment.inspectionCount')?.input).toEqual({ id: rows[0]!.id });
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'equipment.delete')).toBe(true));
    expect(api.calls.find((c) => c.path === 'equipment.delete')?.input).toEqual({ id: rows[0]!.id });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes nothing when the modal is cancelled', async () => {
    renderList(Level.Admin);
    await screen.findByText('S-300');
    fireEvent.click(screen.getByRole('button', { name: 'Delete S-200' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Do you really want to delete the equipment?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.path === 'equipment.delete')).toBe(false);
  });

  it("shows each machine's next due date in words, sorts by it and filters by due state on the server (issue 24)", async () => {
    renderList(Level.Manager);
    await screen.findByText('S-300');
    const first = screen.getByText('S-300').closest('tr')!;
    expect(within(first).getByText('20.11.2026')).toBeTruthy();
    expect(within(first).getByText('Overdue by 6 days')).toBeTruthy();
    fireEvent.click(screen.getByText('Next due'));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'equipment.list').at(-1)?.input).toMatchObject({ orderKey: 'nextDueOn' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Due' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'equipment.list').at(-1)?.input).toMatchObject({ due: 'overdue' }));
  });
});
