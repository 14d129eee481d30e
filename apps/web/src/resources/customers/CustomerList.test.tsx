import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level } from '@insp/contracts';
import { registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderResource, staffSession } from '../../test/render-resource';
import { CustomerList } from './CustomerList';

registerResourceRouter('Customers', 'customers');
const rows = [
  { id: '00000000-0000-4000-8000-00000000000a', name: 'Cobalt Mining', mdmCustomerId: 'MDM-1' },
  { id: '00000000-0000-4000-8000-00000000000b', name: 'Boreal Quarries', mdmCustomerId: 'MDM-2' },
  { id: '00000000-0000-4000-8000-00000000000c', name: 'Arctic Rock', mdmCustomerId: null },
];
const detailsOf = (id: string) => ({
  ...rows.find((r) => r.id === id)!,
  sites: [], contacts: [], equipments: [],
  counts: { sites: 2, contacts: 3, equipments: 4, inspections: 7, audits: 1 },
});
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'customers.list': () => ({ data: { result: rows, count: rows.length } }),
    'customers.get': (input) => ({ data: detailsOf((input as { id: string }).id) }),
    'customers.delete': (input) => ({ data: input }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});


const renderList = (level: number) => renderResource('Customers', <CustomerList />, staffSession(level));

const compareBoxes = () => screen.getAllByRole('checkbox', { name: 'Compare' }) as HTMLInputElement[];

// react-admin lists render slowly in a DOM emulation on a shared 2-core machine: a generous bound, not a hang.
describe('customer list', { timeout: 20_000 }, () => {
  it('asks for the first page of 50 sorted by name descending', async () => {
    renderList(Level.Admin);
    await screen.findByText('Cobalt Mining');
    expect(api.calls.find((c) => c.path === 'customers.list')?.input).toMatchObject({ offset: 0, amount: 50, orderKey: 'name', orderDirection: 'desc' });
    expect(screen.getByText('1 ... 3')).toBeTruthy();
  });

  it('asks for the names in the order of the browser’s language (issue 20), English for one the product lacks', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nb-NO', 'sv-SE', 'en']);
    try {
      renderList(Level.Admin);
      await screen.findByText('Cobalt Mining');
      expect(api.calls.find((c) => c.path === 'customers.list')?.input).toMatchObject({ lang: 'sv' });
      cleanup();
      queryClient.clear();
      languages.mockReturnValue(['ja']);
      api.calls.length = 0;
      renderList(Level.Admin);
      await screen.findByText('Cobalt Mining');
      expect(api.calls.find((c) => c.path === 'customers.list')?.input).toMatchObject({ lang: 'en' });
    } finally {
      languages.mockRestore();
    }
  });

  it('lets at most 2 customers be ticked and enables Compare selected with exactly 2', async () => {
    renderList(Level.Admin);
    await screen.findByText('Cobalt Mining');
    const compare = screen.getByRole('button', { name: 'Compare selected' }) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    fireEvent.click(compareBoxes()[0]!);
    expect(compare.disabled).toBe(true);
    fireEvent.click(compareBoxes()[1]!);
    expect(compare.disabled).toBe(false);
    // a third tick is refused: its box is disabled and stays unticked
    expect(compareBoxes()[2]!.disabled).toBe(true);
    fireEvent.click(compareBoxes()[2]!);
    expect(compareBoxes().filter((b) => b.checked)).toHaveLength(2);
    // unticking one frees the cap and disables the button again
    fireEvent.click(compareBoxes()[0]!);
    expect(compare.disabled).toBe(true);
    expect(compareBoxes()[2]!.disabled).toBe(false);
    fireEvent.click(compareBoxes()[2]!);
    fireEvent.click(compare);
    expect(screen.getByTestId('location').textContent).toBe(`/Customers/${rows[1]!.id}/compare/${rows[2]!.id}`);
  });

  it('opens "Delete customer?" with the name and counts; CANCEL keeps it, DELETE deletes it', async () => {
    renderList(Level.Admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Boreal Quarries' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete customer?')).toBeTruthy();
    expect(within(dialog).getByTestId('delete-customer-name').textContent).toBe('Boreal Quarries');
    expect((await within(dialog).findByTestId('delete-customer-counts')).textContent).toBe('Sites: 2, contacts: 3, equipment: 4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.path === 'customers.delete')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Boreal Quarries' }));
    fireEvent.click(await screen.findByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'customers.delete')?.input).toEqual({ id: rows[1]!.id }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a manager the list without compare boxes, delete icons or Compare selected', async () => {
    renderList(Level.Manager);
    await screen.findByText('Cobalt Mining');
    expect(screen.queryAllByRole('checkbox', { name: 'Compare' })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compare selected' })).toBeNull();
  });
});
