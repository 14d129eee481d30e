import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Level, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { DuePage } from './DuePage';
import { CUSTOMER, INSPECTOR, planRow, SITE } from './planRows.test-helpers';

const rows = [
  planRow(1, { serialNumber: 'SN-LATE', state: 'overdue', daysPastDue: 3, dueOn: '2026-11-23' }),
  planRow(2, { serialNumber: 'SN-TODAY', state: 'due', daysPastDue: 0, dueOn: '2026-11-26', inspectionType: 'Daily' }),
  planRow(3, { serialNumber: 'SN-SOON', state: 'upcoming', daysPastDue: -5, dueOn: '2026-12-01', inspectionType: 'Monthly' }),
  planRow(4, { serialNumber: 'SN-BUSY', state: 'in_progress', daysPastDue: 1, dueOn: '2026-11-25' }),
];
let api: ReturnType<typeof fakeApi>;

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}
function renderDue(session: TSession) {
  api = fakeApi({
    'plans.due': () => ({ data: { result: rows, count: 60 } }),
    'plans.delete': (input) => ({ data: input }),
    'plans.inspectors': () => ({ data: [{ id: INSPECTOR, name: 'Ivan Inspector', email: 'ivan@company.example' }] }),
    'protocolFit.sortedByFit': () => ({ data: [] }),
    'inspectionStart.customers': () => ({ data: [{ id: CUSTOMER, name: 'Quarry Ltd', mdmCustomerId: null }] }),
    'inspectionStart.sites': () => ({ data: [{ id: SITE, name: 'North pit' }] }),
  });
  vi.stubGlobal('fetch', api.fetch);
  render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/Due']}>
          <DuePage />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}
const lastDue = () => api.calls.filter((c) => c.path === 'plans.due').at(-1)?.input as Record<string, unknown>;
const rowOf = (serial: string) => screen.getByText(new RegExp(serial)).closest('tr')!;

describe('the Due view', { timeout: 20_000 }, () => {
  it("exports the list as filtered to Excel: the worker's progress while it builds, then the file", async () => {
    renderDue(staffSession(Level.Manager));
    await screen.findByText(/SN-LATE/);
    const EXPORT = '00000000-0000-4000-8000-00000000e001';
    let asked = 0;
    const job = (status: string, rowsDone: number, rowsTotal: number | null) => ({ id: EXPORT, status, rowsDone, rowsTotal, error: null, fileName: 'due-2026-11-26.xlsx' });
    const trpcApi = fakeApi({
      'plans.exportDue': () => ({ data: job('pending', 0, null) }),
      'plans.exportDueStatus': () => ({ data: ++asked < 2 ? job('running', 40, 120) : job('ready', 120, 120) }),
    });
    const trpcFetch = trpcApi.fetch;
    const exportInput = () => trpcApi.calls.find((c) => c.path === 'plans.exportDue')?.input;
    const files: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string | URL, init?: RequestInit) => {
      if (String(url).startsWith('/api/v1/plans/due/export/')) {
        files.push(String(url));
        return new Response(new Uint8Array([80, 75]), { headers: { 'content-disposition': 'attachment; filename="due-2026-11-26.xlsx"' } });
      }
      return trpcFetch(url, init);
    }));
    const created: Blob[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (created.push(b as Blob), 'blob:x'));
    // The download link's click would navigate happy-dom's window to the blob (and break later files' URLs).
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'SN' } });
    await new Promise((r) => setTimeout(r, 300)); // the search is debounced
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('40 of 120 rows')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export to Excel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Saved due-2026-11-26.xlsx.', {}, { timeout: 5000 })).toBeTruthy();
    expect(files).toEqual([`/api/v1/plans/due/export/${EXPORT}/file`]);
    expect(exportInput()).toMatchObject({ within: 30, search: 'SN' });
    expect(created).toHaveLength(1);
    expect(click).toHaveBeenCalledTimes(1);
    objectUrl.mockRestore();
    click.mockRestore();
  });

  it('lists what is due in 30 days by due date, 25 a page, the state in words', async () => {
    renderDue(staffSession(Level.User));
    await screen.findByText(/SN-LATE/);
    expect(lastDue()).toMatchObject({ within: 30, orderKey: 'dueOn', orderDirection: 'asc', offset: 0, amount: 25, search: '' });
    expect(screen.getAllByTestId('plan-state').map((s) => s.textContent)).toEqual(['Overdue by 3 days', 'Due today', 'Due in 5 days', 'In progress']);
    expect(within(rowOf('SN-LATE')).getByText('23.11.2026')).toBeTruthy();
    expect(within(rowOf('SN-LATE')).getByText('North pit')).toBeTruthy();
    expect(within(rowOf('SN-TODAY')).getByText('Daily')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastDue()).toMatchObject({ offset: 25 }));
  });

  it('filters by window, customer, site, state and search, and sorts on the server', async () => {
    renderDue(staffSession(Level.Manager));
    await screen.findByText(/SN-LATE/);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Due within' }));
    fireEvent.click(await screen.findByRole('option', { name: '90 days' }));
    await waitFor(() => expect(lastDue()).toMatchObject({ within: 90 }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Customer' }), { target: { value: 'quar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Quarry Ltd' }));
    await waitFor(() => expect(lastDue()).toMatchObject({ customerId: CUSTOMER }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' }).getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByRole('option', { name: 'North pit' }));
    await waitFor(() => expect(lastDue()).toMatchObject({ customerId: CUSTOMER, customerSiteId: SITE }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(lastDue()).toMatchObject({ states: ['overdue'] }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'SN-1' } });
    await waitFor(() => expect(lastDue()).toMatchObject({ search: 'SN-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Customer / site' }));
    await waitFor(() => expect(lastDue()).toMatchObject({ orderKey: 'customerName', orderDirection: 'asc' }));
  });

  it("offers 'Start inspection' opening /Reports/new with the plan's machine and type; no edit or delete below Manager", async () => {
    renderDue(staffSession(Level.User));
    await screen.findByText(/SN-LATE/);
    expect(screen.queryAllByRole('button', { name: /^(Edit|Delete) plan/ })).toEqual([]);
    fireEvent.click(within(rowOf('SN-LATE')).getByRole('link', { name: /^Start inspection/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/Reports\/new\?customerId=.+&equipmentId=.+&type=Weekly$/));
  });

  it('lets a manager delete a plan after asking', async () => {
    renderDue(staffSession(Level.Manager));
    await screen.findByText(/SN-LATE/);
    fireEvent.click(within(rowOf('SN-SOON')).getByRole('button', { name: /^Delete plan/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete plan Monthly of SN-SOON · JC100?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'plans.delete')?.input).toEqual({ id: rows[2]!.id }));
  });

  it('gives a distributor the list without customer picks or row buttons', async () => {
    renderDue({
      user: { id: 'd1', name: 'Dana', email: 'dana@distributor.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: false },
      level: Level.User,
      flags: [],
    });
    await screen.findByText(/SN-LATE/);
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    expect(screen.queryAllByRole('link', { name: /Start inspection/ })).toEqual([]);
    expect(api.calls.some((c) => c.path === 'inspectionStart.customers')).toBe(false);
  });
});
