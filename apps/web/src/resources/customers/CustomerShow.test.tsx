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
  [A]: { id: A, name: 'Cobalt Mining', mdmCustomerId: 'MDM-1', timeZone: null, ...empty },
  [B]: {
    id: B, name: 'Boreal Quarries', mdmCustomerId: null, timeZone: 'Europe/Helsinki', ...empty,
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
    expect(within(sites).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'MDM ID', 'MDM type', 'Country', 'State-province', 'Actions']);
    expect(within(sites).getByText('Lapland')).toBeTruthy();
    const equipment = screen.getByRole('table', { name: 'Equipment' });
    expect(within(equipment).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Serial number', 'Nickname', 'Product family', 'Product model']);
    expect(within(equipment).getByText('C-100')).toBeTruthy();
  });
});

describe('report language (issue 20)', () => {
  it("shows the customer's report language and lets an admin choose another; a refused one is shown under the field", async () => {
    let tries = 0;
    const api = renderPage(`/Customers/${A}`, {
      'customers.get': get,
      'customers.update': () =>
        ++tries === 1 ? { error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'language: is not a known language', field: 'language' } } : { data: {} },
    });
    expect((await screen.findByTestId('customer-language')).textContent).toBe('Report language: Not set');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    fireEvent.change(within(dialog).getByLabelText('Report language'), { target: { value: 'de' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('is not a known language')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit customer' })).toBeNull());
    expect(api.calls.filter((c) => c.path === 'customers.update').at(-1)?.input).toEqual({ id: A, data: { name: 'Cobalt Mining', mdmCustomerId: 'MDM-1', timeZone: null, language: 'de' } });
  });

  it('names the language a customer has', async () => {
    renderPage(`/Customers/${B}`, { 'customers.get': () => ({ data: { ...customers[B], language: 'sv' } }) });
    expect((await screen.findByTestId('customer-language')).textContent).toBe('Report language: Swedish');
  });
});

describe('site editing for admins', () => {
  it('refuses an empty name, shows a server conflict next to its field, saves, and asks before removing', async () => {
    let tries = 0;
    const api = renderPage(`/Customers/${B}`, {
      'customers.get': get,
      'customers.createSite': () =>
        ++tries === 1
          ? { error: { httpStatus: 409, code: 'CONFLICT', message: 'mdmSiteId: already used by another record', field: 'mdmSiteId' } }
          : { data: {} },
      'customers.deleteSite': (input) => ({ data: input }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add site' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('must not be empty')).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'customers.createSite')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'South pit' } });
    fireEvent.change(within(dialog).getByLabelText('MDM ID'), { target: { value: 'S-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('already used by another record')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add site' })).toBeNull());
    expect(api.calls.filter((c) => c.path === 'customers.createSite').at(-1)?.input).toEqual({
      customerId: B,
      data: { name: 'South pit', mdmSiteId: 'S-1', mdmType: null, country: null, stateProvince: null },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove site North pit' }));
    expect(api.calls.some((c) => c.path === 'customers.deleteSite')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'REMOVE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'customers.deleteSite')?.input).toMatchObject({ customerId: B }));
    // several dialogs open and close: slow on a busy machine, not stuck
  }, 20_000);

  it("shows the reports' time zone and edits it with a searchable picker, a server refusal under the field (issue 20)", async () => {
    let tries = 0;
    const api = renderPage(`/Customers/${A}`, {
      'customers.get': get,
      'customers.update': () =>
        ++tries === 1
          ? { error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'data.timeZone: must be an IANA time zone such as Europe/Helsinki', field: 'data.timeZone' } }
          : { data: {} },
    });
    expect((await screen.findByTestId('customer-time-zone')).textContent).toBe("Time zone of reports: – (the product's setting)");
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone of reports' });
    fireEvent.change(zone, { target: { value: 'hels' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Europe\/Helsinki \(EE/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    expect(await within(dialog).findByText('must be an IANA time zone such as Europe/Helsinki')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit customer' })).toBeNull());
    expect(api.calls.filter((c) => c.path === 'customers.update').at(-1)?.input).toEqual({
      id: A, data: { name: 'Cobalt Mining', mdmCustomerId: 'MDM-1', timeZone: 'Europe/Helsinki', language: null },
    });
  }, 20_000);

  it('shows a stored time zone and clears it to none', async () => {
    const api = renderPage(`/Customers/${B}`, { 'customers.get': get, 'customers.update': () => ({ data: {} }) });
    expect((await screen.findByTestId('customer-time-zone')).textContent).toBe('Time zone of reports: Europe/Helsinki');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone of reports' }) as HTMLInputElement;
    expect(zone.value).toMatch(/^Europe\/Helsinki \(EE/);
    fireEvent.change(zone, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'customers.update')?.input).toEqual({ id: B, data: { name: 'Boreal Quarries', mdmCustomerId: null, timeZone: null, language: null } }));
  }, 20_000);
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
