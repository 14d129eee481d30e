import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderAt } from '../../test/render';
import { CustomerShow } from './CustomerShow';
import { CustomerCompare } from './CustomerCompare';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const empty = { sites: [], contacts: [], equipments: [], counts: { sites: 0, contacts: 0, equipments: 0, inspections: 0, audits: 0 } };
const customers: Record<string, object> = {
  [A]: { id: A, name: 'Cobalt Mining', mdmCustomerId: 'MDM-1', ...empty },
  [B]: {
    id: B, name: 'Boreal Quarries', mdmCustomerId: null, ...empty,
    sites: [{ id: '00000000-0000-4000-8000-0000000000f1', name: 'North pit', mdmSiteId: 'S-1', mdmType: 'Plant', country: 'FI', stateProvince: 'Lapland' }],
    equipments: [{ id: '00000000-0000-4000-8000-0000000000e1', serialNumber: 'SN-9', nickName: 'Big one', mdmEquipmentId: null, productFamilyId: null, productModelId: null, productFamilyName: 'Cone', productModelName: 'C-100' }],
  },
};

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderPage(path: string, handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  const session: TSession = {
    user: { id: 'u1', name: 'A', email: 'a@company.example', externalUser: false, externalUserCompany: null, externalUserDistributorAdmin: false },
    level: Level.Admin,
    flags: [],
  };
  renderAt(path, [
    { path: '/Customers/:id', element: <SessionContext.Provider value={{ session, actor: actorOf(session) }}><CustomerShow /></SessionContext.Provider> },
    { path: '/Customers/:id1/compare/:id2', element: <CustomerCompare /> },
  ]);
  return api;
}

const get = (input: unknown) => ({ data: customers[(input as { id: string }).id] });

describe('customer details', () => {
  it('shows the loading text, then the name, MDM ID and the empty texts of the spec', async () => {
    renderPage(`/Customers/${A}`, { 'customers.get': get });
    expect(screen.getByText('Loading customer details...')).toBeTruthy();
    expect((await screen.findByTestId('customer-name')).textContent).toBe('Cobalt Mining');
    expect(screen.getByText('MDM ID: MDM-1')).toBeTruthy();
    expect(screen.getByText('No sites defined for the customer')).toBeTruthy();
    expect(screen.getByText('No contacts defined for the customer')).toBeTruthy();
    expect(screen.getByText('No equipments defined for the customer')).toBeTruthy();
  });

  it('lists sites and equipment with the columns of the spec', async () => {
    renderPage(`/Customers/${B}`, { 'customers.get': get });
    const sites = await screen.findByRole('table', { name: 'Sites' });
    expect(within(sites).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'MDM ID', 'MDM type', 'Country', 'State-province', '']);
    expect(within(sites).getByText('Lapland')).toBeTruthy();
    const equipment = screen.getByRole('table', { name: 'Equipment' });
    expect(within(equipment).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Serial number', 'Nickname', 'Product family', 'Product model']);
    expect(within(equipment).getByText('C-100')).toBeTruthy();
  });
});

describe('compare and merge', () => {
  it('prefills the first name, merges the first into the second and opens the second', async () => {
    const api = renderPage(`/Customers/${A}/compare/${B}`, {
      'customers.get': get,
      'customers.merge': () => ({ data: { ...customers[B], name: 'Cobalt Boreal' } }),
    });
    expect(await screen.findAllByTestId('compare-side')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'MERGE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge the two customers into one' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Cobalt Mining');
    fireEvent.change(name, { target: { value: 'Cobalt Boreal' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'MERGE' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Customers/${B}`));
    expect(api.calls.find((c) => c.path === 'customers.merge')?.input).toEqual({ id: A, customerId: B, name: 'Cobalt Boreal' });
  });
});
