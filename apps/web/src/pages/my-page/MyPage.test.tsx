import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUDIT_SORT_KEYS, Level, type TInspectionListItem, type TSession } from '@insp/contracts';
import { registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderResource, staffSession } from '../../test/render-resource';
import { inspectionRow } from '../../resources/inspections/testRows.test-helpers';
import { MyPage } from './MyPage';
import { loadMyAuditsList } from './MyAudits';
import { loadMyReportsList } from './MyReports';
import { planRow } from '../../resources/plans/planRows.test-helpers';

registerResourceRouter('Reports', 'inspections');
// the lists' chunks come after My page's first render (issue 23); here they are loaded, as on any visit after the first
beforeAll(() => Promise.all([loadMyReportsList(), loadMyAuditsList()]), 30_000);
let rows: TInspectionListItem[];
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  rows = [
    inspectionRow(1, { name: 'My open daily', status: 'In_Use', inspectorContact: 'a@company.example' }),
    inspectionRow(2, { name: 'My finished annual', status: 'Finished', rating: 'Nok', inspectorContact: 'a@company.example' }),
  ];
  api = fakeApi({
    'inspections.list': () => ({ data: { result: rows, count: 23 } }),
    'inspections.delete': (input) => ({ data: input }),
    'plans.due': () => ({ data: { result: [planRow(1, { serialNumber: 'SN-DUE', state: 'overdue', daysPastDue: 2 })], count: 1 } }),
    'audits.list': () => ({
      data: {
        result: [
          { id: '00000000-0000-4000-8000-0000000000a1', name: 'Site audit Lapin quarry', customerId: null, customerName: 'Lapin Louhinta Oy', siteName: 'Main', inspectionDate: Date.UTC(2026, 5, 7), inspector: 'Ivan Inspector', inspectorContact: 'a@company.example', finished: false },
        ],
        count: 1,
      },
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const inspector: TSession = { ...staffSession(Level.User), user: { ...staffSession(Level.User).user, name: 'Ivan Inspector' } };
const renderPage = async (session: TSession) => {
  renderResource('Reports', <MyPage />, session);
  await screen.findByText('My finished annual');
};
const button = (name: string) => screen.queryByRole('button', { name });

describe('My page', { timeout: 20_000 }, () => {
  it('welcomes the user with name and level', async () => {
    await renderPage(inspector);
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Ivan Inspector');
    expect(screen.getByTestId('level').textContent).toBe('Level: User');
  });

  it("lists the user's own reports 10 a page, newest first, with details and PDF per report but no status change", async () => {
    await renderPage(inspector);
    expect(api.calls.find((c) => c.path === 'inspections.list')?.input).toMatchObject({
      mineOnly: true, offset: 0, amount: 10, search: '', orderKey: 'inspectionDate', orderDirection: 'desc',
    });
    expect(screen.getByRole('heading', { name: 'My reports' })).toBeTruthy();
    expect(screen.getByText('1 ... 10')).toBeTruthy();
    expect(button('Details of My open daily')).not.toBeNull();
    expect(button('Download PDF of My finished annual')).not.toBeNull();
    expect(button('Download PDF of My open daily')).toBeNull();
    expect(button('Change status of My open daily')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Delete / })).toHaveLength(0);
    expect(within(screen.getByText('My finished annual').closest('tr')!).getByText('Nok')).toBeTruthy();
  });

  it('offers the language choice of the PDF in English names', async () => {
    await renderPage(inspector);
    fireEvent.click(button('Download PDF of My finished annual')!);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['English', 'Finnish', 'Swedish', 'German', 'French', 'Spanish', 'Portuguese']);
  });

  it('goes to the details and to the report', async () => {
    await renderPage(inspector);
    fireEvent.click(button('Details of My open daily')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Reports/${rows[0]!.id}/details`));
    cleanup();
    await renderPage(inspector);
    fireEvent.click(screen.getByText('My finished annual'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Reports/${rows[1]!.id}`));
  });

  it('lets a Manager delete with the same confirmation as the reports list', async () => {
    await renderPage(staffSession(Level.Manager));
    fireEvent.click(button('Delete My open daily')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete inspection My open daily?');
    expect(within(dialog).getByText('Do you really want to delete the inspection?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'inspections.delete')?.input).toEqual({ id: rows[0]!.id }));
  });

  it("lists the user's own audits 10 a page for staff, a row opening the audit, and leaves them out for distributors", async () => {
    await renderPage(inspector);
    expect(screen.getByRole('heading', { name: 'My audits' })).toBeTruthy();
    await screen.findByText('Site audit Lapin quarry');
    expect(api.calls.find((c) => c.path === 'audits.list')?.input).toMatchObject({ mineOnly: true, amount: 10, offset: 0, orderKey: 'inspectionDate', orderDirection: 'desc' });
    const audits = within(screen.getByRole('region', { name: 'My audits' }));
    expect(audits.getByText('Open')).toBeTruthy();
    expect(audits.queryAllByRole('button', { name: /finish|reopen|delete/i })).toEqual([]);
    fireEvent.click(audits.getByText('Site audit Lapin quarry'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Audits/00000000-0000-4000-8000-0000000000a1'));
    cleanup();
    await renderPage({
      user: { id: 'd1', name: 'Dana', email: 'dist.admin@distributor.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: true },
      level: Level.Admin,
      flags: [],
    });
    expect(screen.queryByRole('heading', { name: 'My audits' })).toBeNull();
  });

  it('sorts My audits by every column it offers, Customer and Status included, with keys the server sorts (issue 20)', async () => {
    await renderPage(inspector);
    const audits = within(screen.getByRole('region', { name: 'My audits' }));
    await audits.findByText('Site audit Lapin quarry');
    const lastOrder = () => api.calls.filter((c) => c.path === 'audits.list').at(-1)?.input as { orderKey: string; orderDirection: string };
    const sortable = audits.getAllByRole('columnheader').flatMap((h) => (within(h).queryByRole('button') ? [h.textContent!] : []));
    expect(sortable).toEqual(['Name', 'Customer', 'Inspection date', 'Inspector', 'Status']);
    for (const [header, key] of [['Customer', 'customerName'], ['Status', 'finished'], ['Name', 'name'], ['Inspector', 'inspector']] as const) {
      const before = api.calls.length;
      fireEvent.click(within(audits.getByRole('columnheader', { name: header })).getByRole('button'));
      await waitFor(() => expect(api.calls.slice(before).some((c) => c.path === 'audits.list')).toBe(true));
      expect(lastOrder().orderKey).toBe(key);
      expect(AUDIT_SORT_KEYS).toContain(lastOrder().orderKey);
    }
  });

  it("shows the user's due and overdue inspections first, each with 'Start inspection'; none for distributors (issue 24)", async () => {
    await renderPage(inspector);
    const due = within(screen.getByRole('region', { name: 'My due inspections' }));
    expect(await due.findByText('Overdue by 2 days')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'plans.due')?.input).toMatchObject({ inspectorUserId: 'me', within: 30, orderKey: 'dueOn', orderDirection: 'asc', amount: 10 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['My due inspections', 'My reports', 'My audits']);
    fireEvent.click(due.getByRole('link', { name: /^Start inspection/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Reports/new'));
    cleanup();
    await renderPage({
      user: { id: 'd1', name: 'Dana', email: 'dist.user@distributor.example', externalUser: true, externalUserCompany: { id: 'c1', name: 'Nordic' }, externalUserDistributorAdmin: false },
      level: Level.User,
      flags: [],
    });
    expect(screen.queryByRole('heading', { name: 'My due inspections' })).toBeNull();
  });
});
