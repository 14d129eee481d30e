import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { Level, P, isAllowed, routeTable } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { dataProvider, registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { EquipmentEdit } from './EquipmentEdit';

registerResourceRouter('Equipments', 'equipment');
const ID = '00000000-0000-4000-8000-000000000001';
const record = {
  id: ID, serial: 'S-300', serialNumber: 'S-300', nickName: 'Rig 1', mdmEquipmentId: 'MDM-1',
  productFamilyId: null, productFamilyName: 'Jaw JC', productModelId: null, productModelName: 'JC100',
  customerId: null, customerName: 'Quarry Ltd', customerSiteId: null, customerSiteName: 'North pit', inspectionCount: 4,
};
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'equipment.get': () => ({ data: record }),
    'productFamilies.all': () => ({ data: [] }),
    'customers.list': () => ({ data: { result: [], count: 0 } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const openRecord = (level: number) => {
  const session = staffSession(level);
  render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <MemoryRouter initialEntries={[`/Equipments/${ID}`]}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
          <ResourceContextProvider value="Equipments">
            <Routes>
              <Route path="/Equipments/:id" element={<EquipmentEdit />} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
};

describe('/Equipments/{id}', () => {
  it('is a route managers may open (issue 20)', () => {
    const route = routeTable.find((r) => r.path === '/Equipments/:id');
    expect(route && isAllowed(route.permission, actorOf(staffSession(Level.Manager)))).toBe(true);
    expect(route && isAllowed(route.permission, actorOf(staffSession(Level.User)))).toBe(false);
  });

  it('shows a manager the record read-only: its facts and the number of inspections, no form', async () => {
    expect(isAllowed(P.equipmentAdmin, actorOf(staffSession(Level.Manager)))).toBe(false);
    openRecord(Level.Manager);
    await screen.findByRole('heading', { name: 'Equipment S-300 · Rig 1' });
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Serial number': 'S-300', Nickname: 'Rig 1', 'MDM id': 'MDM-1', Customer: 'Quarry Ltd', Site: 'North pit',
      'Product family': 'Jaw JC', 'Product model': 'JC100', 'Inspections conducted': '4',
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.calls.find((c) => c.path === 'equipment.get')?.input).toEqual({ id: ID });
  });

  it('gives an admin the edit form', async () => {
    openRecord(Level.Admin);
    expect(await screen.findByDisplayValue('S-300')).toBeTruthy();
    expect(screen.queryAllByRole('term')).toEqual([]);
  });
});
