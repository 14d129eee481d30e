import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TServicedEquipmentRow, type TSession } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number, name: string | null, english: string | null, total: number, w: number, m: number, y: number): TServicedEquipmentRow => ({
  id: uuid(n), customerName: name, customerEnglishName: english, totalNumberOfEquipment: total, serviceData: { lastWeek: w, lastMonth: m, lastYear: y },
});
let calls: Array<{ path: string; input: Record<string, unknown> }>;

beforeEach(() => {
  calls = [];
  const api = fakeApi({
    'usageDashboard.summary': () => ({
      data: { timeZone: 'UTC', weekStartsOn: 'Monday', periods: { week: { from: Date.UTC(2026, 10, 23), to: 0 }, month: { from: Date.UTC(2026, 10, 1), to: 0 }, year: { from: Date.UTC(2026, 0, 1), to: 0 } }, productCategory: 'Surface drills', customers: 2, totalNumberOfEquipment: 7, serviceData: { lastWeek: 3, lastMonth: 3, lastYear: 4 } },
    }),
    'usageDashboard.customers': (input) => {
      calls.push({ path: 'customers', input: input as Record<string, unknown> });
      const rows = [row(1, 'Alpha Oy', 'Alpha Ltd', 3, 1, 2, 3), row(2, 'beta', 'BETA', 4, 0, 0, 0)];
      if ((input as { onlyIncludeServiced: boolean }).onlyIncludeServiced === false) rows.push(row(3, 'Gamma', null, 0, 0, 0, 0));
      return { data: { result: rows, count: rows.length } };
    },
    'usageDashboard.companies': (input) => {
      calls.push({ path: 'companies', input: input as Record<string, unknown> });
      return { data: { result: [row(9, 'Nordic Distribution Oy', null, 5, 5, 2, 0)], count: 1 } };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderDashboard(session: TSession) {
  return renderRouteScreen('/UsageDashboards', session);
}
const lastCall = (path: string) => calls.filter((c) => c.path === path).at(-1)!.input;

describe('/UsageDashboards', () => {
  it('shows both tables with the spec texts, names with their English name unless equal, and percentages of the total', async () => {
    renderDashboard(staffSession(Level.Admin));
    const customers = await screen.findByRole('table', { name: 'Surface drills service dashboard' });
    expect(screen.getByRole('heading', { name: 'Equipment serviced by company' })).toBeTruthy();
    await within(customers).findByText('Alpha Oy (Alpha Ltd)');
    const alpha = within(customers).getByText('Alpha Oy (Alpha Ltd)').closest('tr')!;
    expect([...alpha.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['3', '1 (33.33%)', '2 (66.67%)', '3 (100%)']);
    expect(within(customers).getByText('beta')).toBeTruthy();
    const headers = within(customers).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Total number of equipment', 'Serviced this week', 'Serviced this month', 'Serviced this year']);
    const companies = screen.getByRole('table', { name: 'Equipment serviced by company' });
    await within(companies).findByText('Nordic Distribution Oy');
    expect(screen.getByTestId('usage-periods').textContent).toContain('Week from 23.11.2026 (Monday)');
    // 002 §9: name ascending by default, and the browser's zone
    expect(lastCall('customers')).toMatchObject({ orderKey: 'name', orderDirection: 'asc', onlyIncludeServiced: true, search: '' });
  });

  it('sorts on a header click (again for descending), filters on the name and includes customers without inspections', async () => {
    renderDashboard(staffSession(Level.Admin));
    const customers = await screen.findByRole('table', { name: 'Surface drills service dashboard' });
    fireEvent.click(within(customers).getByRole('button', { name: 'Serviced this year' }));
    await waitFor(() => expect(lastCall('customers')).toMatchObject({ orderKey: 'lastYear', orderDirection: 'asc' }));
    fireEvent.click(within(customers).getByRole('button', { name: 'Serviced this year' }));
    await waitFor(() => expect(lastCall('customers')).toMatchObject({ orderKey: 'lastYear', orderDirection: 'desc' }));
    expect(within(customers).getByRole('columnheader', { name: 'Serviced this year' }).getAttribute('aria-sort')).toBe('descending');
    // the company table keeps its own sort
    expect(lastCall('companies')).toMatchObject({ orderKey: 'name', orderDirection: 'asc' });

    fireEvent.change(screen.getByLabelText('Filter by name or English name'), { target: { value: ' alpha ' } });
    await waitFor(() => expect(lastCall('customers')).toMatchObject({ search: 'alpha' }));
    expect(lastCall('companies')).toMatchObject({ search: 'alpha' });

    fireEvent.click(screen.getByLabelText('Include customers without inspections'));
    await waitFor(() => expect(lastCall('customers')).toMatchObject({ onlyIncludeServiced: false }));
    const gamma = (await within(customers).findByText('Gamma')).closest('tr')!;
    expect([...gamma.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['0', '0 (0%)', '0 (0%)', '0 (0%)']);
  });

  it('opens for a staff member with the Developer flag and refuses a manager without it', async () => {
    renderDashboard({ ...staffSession(Level.User), flags: ['Developer'] });
    await screen.findByRole('table', { name: 'Surface drills service dashboard' });
    cleanup();
    renderDashboard(staffSession(Level.Manager));
    expect(await screen.findByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
