import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TInspectionListItem, type TSession } from '@insp/contracts';
import { registerResourceRouter } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderResource, staffSession } from '../../test/render-resource';
import { ReportList } from './ReportList';
import { inspectionRow } from './testRows.test-helpers';

registerResourceRouter('Reports', 'inspections');
let rows: TInspectionListItem[];
let api: ReturnType<typeof fakeApi>;
let count: { count: number; countCapped?: boolean };

beforeEach(() => {
  rows = [
    // the session's user (a@company.example) is the inspector contact of the first, written in another case
    inspectionRow(1, { name: 'Own daily', status: 'In_Use', inspectorContact: 'A@Company.Example' }),
    inspectionRow(2, { name: 'Waiting weekly', status: 'Waiting' }),
    inspectionRow(3, { name: 'Finished annual', status: 'Finished', rating: 'Ok' }),
    inspectionRow(4, { name: 'Other open', status: 'In_Use' }),
  ];
  count = { count: rows.length };
  api = fakeApi({
    'inspections.list': () => ({ data: { result: rows, ...count } }),
    'inspections.updateStatus': (input) => {
      const { id, data } = input as { id: string; data: { status: string } };
      return { data: { id, status: data.status } };
    },
    'inspections.rate': (input) => {
      const { id, data } = input as { id: string; data: { rating: string } };
      return { data: { id, rating: data.rating } };
    },
    'inspections.delete': (input) => ({ data: input }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const withFlags = (level: number, flags: TSession['flags'] = []) => ({ ...staffSession(level), flags });
const renderList = async (session: TSession) => {
  renderResource('Reports', <ReportList />, session);
  await screen.findByText('Finished annual');
};
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const button = (name: string) => screen.queryByRole('button', { name });
const listCalls = () => api.calls.filter((c) => c.path === 'inspections.list').map((c) => c.input as Record<string, unknown>);

// react-admin lists render slowly in a DOM emulation on a shared 2-core machine: a generous bound, not a hang.
describe('reports list', { timeout: 20_000 }, () => {
  it('asks for the newest 50 first and shows dates, readable types and statuses', async () => {
    await renderList(staffSession(Level.User));
    expect(listCalls()[0]).toMatchObject({ offset: 0, amount: 50, search: '', orderKey: 'inspectionDate', orderDirection: 'desc' });
    expect(within(rowOf('Own daily')).getByText('01.03.2026')).toBeTruthy();
    expect(within(rowOf('Own daily')).getByText('Mid year')).toBeTruthy();
    expect(within(rowOf('Own daily')).getByText('In use')).toBeTruthy();
    expect(screen.getByText('1 ... 4')).toBeTruthy();
  });

  it("shows a capped count as '10,000+'", async () => {
    count = { count: 10_000, countCapped: true };
    await renderList(staffSession(Level.User));
    expect(await screen.findByText('10,000+ rows')).toBeTruthy();
  });

  it('offers a User details everywhere, the PDF only on finished reports, no rating, no delete, and the status change only on their own open report', async () => {
    await renderList(staffSession(Level.User));
    for (const n of ['Own daily', 'Waiting weekly', 'Finished annual', 'Other open']) expect(button(`Details of ${n}`)).not.toBeNull();
    expect(button('Download PDF of Finished annual')).not.toBeNull();
    for (const n of ['Own daily', 'Waiting weekly', 'Other open']) expect(button(`Download PDF of ${n}`)).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Rate / })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Delete / })).toHaveLength(0);
    expect(button('Change status of Own daily')).not.toBeNull();
    for (const n of ['Waiting weekly', 'Finished annual', 'Other open']) expect(button(`Change status of ${n}`)).toBeNull();
    expect(within(rowOf('Finished annual')).getByText('Ok')).toBeTruthy();
  });

  it('offers a Manager delete on every row and the Rater flag thumbs on finished reports only', async () => {
    await renderList(withFlags(Level.Manager, ['Rater']));
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(4);
    expect(button('Rate Finished annual Ok')).not.toBeNull();
    expect(button('Rate Own daily Ok')).toBeNull();
    expect(button('Rate Waiting weekly Nok')).toBeNull();
  });

  it('sends Ok for thumbs up and Nok for thumbs down, and shows the rating the server answered', async () => {
    await renderList(staffSession(Level.Admin));
    const up = button('Rate Finished annual Ok')!;
    expect(up.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Rate Finished annual Nok')!);
    await waitFor(() => expect(button('Rate Finished annual Nok')!.getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls.find((c) => c.path === 'inspections.rate')?.input).toEqual({ id: rows[2]!.id, data: { rating: 'Nok' } });
    expect(button('Rate Finished annual Ok')!.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('location').textContent).toBe('/Reports'); // the click did not open the row
  });

  it("asks 'Delete inspection {name}?' and deletes on DELETE", async () => {
    await renderList(staffSession(Level.Manager));
    fireEvent.click(button('Delete Waiting weekly')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete inspection Waiting weekly?');
    expect(within(dialog).getByText('Do you really want to delete the inspection?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'inspections.delete')?.input).toEqual({ id: rows[1]!.id }));
    expect(screen.getByTestId('location').textContent).toBe('/Reports');
  });

  it("confirms In use → Waiting in 'Update status' and shows Waiting once the server answers", async () => {
    await renderList(staffSession(Level.User));
    fireEvent.click(button('Change status of Own daily')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Update status');
    expect(within(dialog).getByText('Do you really want to change the status from In use to Waiting?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(within(rowOf('Own daily')).getByText('Waiting')).toBeTruthy());
    expect(api.calls.find((c) => c.path === 'inspections.updateStatus')?.input).toEqual({ id: rows[0]!.id, data: { status: 'Waiting' } });
    expect(button('Change status of Own daily')).toBeNull();
  });

  it('lets an Admin choose Waiting or Finished on an open report; Finished has its own confirmation', async () => {
    await renderList(staffSession(Level.Admin));
    expect(button('Change status of Finished annual')).toBeNull();
    fireEvent.click(button('Change status of Other open')!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark finished' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Mark finished');
    expect(within(dialog).getByText('Do you really want to change the status from In use to Finished?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'MARK FINISHED' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'inspections.updateStatus')?.input).toEqual({ id: rows[3]!.id, data: { status: 'Finished' } }));
  });

  it('opens the report on a row click', async () => {
    await renderList(staffSession(Level.User));
    fireEvent.click(screen.getByText('Waiting weekly'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Reports/${rows[1]!.id}`));
  });

  it('filters by the ticked types and starts at the first page again', async () => {
    count = { count: 120 };
    await renderList(staffSession(Level.User));
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual([
      'Annual', 'Closed', 'Commission', 'Commissioning', 'Daily', 'Equipment configurator', 'FAT',
      'Machine assessment', 'Mid year', 'Monthly', 'Quarterly', 'Weekly',
    ]);
    await goToSecondPage();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mid year' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'FAT' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ offset: 0, types: ['Mid_Year', 'FAT'] }));
  });

  it('searches 200 ms after the last keystroke, once, from the first page', async () => {
    count = { count: 120 };
    await renderList(staffSession(Level.User));
    await goToSecondPage();
    const before = listCalls().length;
    const box = screen.getByPlaceholderText('Search name, serial, nickname, customer, site or inspector');
    fireEvent.change(box, { target: { value: 'ja' } });
    fireEvent.change(box, { target: { value: 'jaw' } });
    await new Promise((r) => setTimeout(r, 120));
    expect(listCalls().length).toBe(before); // still within the 200 ms
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ search: 'jaw', offset: 0 }));
    expect(listCalls().slice(before).map((c) => c.search)).toEqual(['jaw']);
    // the clear 'X' empties the search
    // (its name is 'Clear value' in the app; the test's react-admin has no translations, so the key shows)
    fireEvent.click(await screen.findByRole('button', { name: /clear_input_value|Clear value/ }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });
});

async function goToSecondPage() {
  fireEvent.mouseDown(screen.getByText('1 ... 50'));
  fireEvent.click(await screen.findByRole('option', { name: '51 ... 100' }));
  await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ offset: 50 }));
}
