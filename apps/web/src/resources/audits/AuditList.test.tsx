import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Level, type TAuditListItem } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderResource, staffSession } from '../../test/render-resource';
import { AuditList } from './AuditList';
import { AUDITS } from './useAuditMutations';

const audit = (n: number, over: Partial<TAuditListItem> = {}): TAuditListItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Audit ${n}`,
  customerId: null,
  customerName: 'Rock Quarry Oy',
  siteName: 'North pit',
  inspectionDate: Date.UTC(2026, 2, n),
  inspector: 'Ann Auditor',
  inspectorContact: 'ann@company.example',
  finished: false,
  ...over,
});

let rows: TAuditListItem[];
let api: ReturnType<typeof fakeApi>;
/** What audits.setFinished answers: 200 with the new value, or a refusal. */
let finishReply: 'ok' | 'refuse';

beforeEach(() => {
  rows = [audit(1, { name: 'Open pit audit' }), audit(2, { name: 'Closed plant audit', finished: true })];
  finishReply = 'ok';
  api = fakeApi({
    'audits.list': () => ({ data: { result: rows, count: rows.length } }),
    'audits.setFinished': (input) => {
      if (finishReply === 'refuse') return { error: { httpStatus: 409, code: 'CONFLICT', message: 'The audit changed meanwhile' } };
      const { id, finished } = input as { id: string; finished: boolean };
      return { data: { id, finished } };
    },
    'audits.delete': (input) => ({ data: input }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderList = async (level: number) => {
  renderResource(AUDITS, <AuditList />, staffSession(level));
  await screen.findByText('Closed plant audit');
};
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const button = (name: string) => screen.queryByRole('button', { name });
const calls = (path: string) => api.calls.filter((c) => c.path === path).map((c) => c.input);

describe('audits list', { timeout: 20_000 }, () => {
  it('asks for the newest 50 first and shows customer, day.month.year, inspector and status', async () => {
    await renderList(Level.User);
    expect(calls('audits.list')[0]).toMatchObject({ offset: 0, amount: 50, search: '', orderKey: 'inspectionDate', orderDirection: 'desc' });
    const open = within(rowOf('Open pit audit'));
    expect(open.getByText('01.03.2026')).toBeTruthy();
    expect(open.getByText('Rock Quarry Oy')).toBeTruthy();
    expect(open.getByText('Ann Auditor')).toBeTruthy();
    expect(open.getByText('Open')).toBeTruthy();
    expect(within(rowOf('Closed plant audit')).getByText('Finished')).toBeTruthy();
  });

  it('sorts by customer and by status on a header click, as the server does (issue 20)', async () => {
    await renderList(Level.User);
    // the header's sort button (its spoken name comes from the app's translations, absent here)
    const sortBy = (header: string) => within(screen.getByRole('columnheader', { name: header })).getByRole('button');
    fireEvent.click(sortBy('Customer'));
    await waitFor(() => expect(calls('audits.list').at(-1)).toMatchObject({ orderKey: 'customerName', offset: 0 }));
    fireEvent.click(sortBy('Status'));
    await waitFor(() => expect(calls('audits.list').at(-1)).toMatchObject({ orderKey: 'finished', offset: 0 }));
    // every header offered for sorting names a key the server sorts
    const offered = screen.getAllByRole('columnheader').filter((h) => within(h).queryByRole('button')).map((h) => h.textContent?.trim());
    expect(offered).toEqual(['Name', 'Customer', 'Inspection date', 'Inspector', 'Status']);
  });

  it('offers a User view report, PDF, finish on open rows and reopen on finished ones, and no delete', async () => {
    await renderList(Level.User);
    for (const n of ['Open pit audit', 'Closed plant audit']) {
      expect(button(`View report of ${n}`)).not.toBeNull();
      expect(button(`Download PDF of ${n}`)).not.toBeNull();
    }
    expect(button('Finish Open pit audit')).not.toBeNull();
    expect(button('Reopen Open pit audit')).toBeNull();
    expect(button('Reopen Closed plant audit')).not.toBeNull();
    expect(button('Finish Closed plant audit')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Delete / })).toHaveLength(0);
  });

  it("offers a Manager delete on every row, asking 'Delete {name}?' before deleting", async () => {
    await renderList(Level.Manager);
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(2);
    fireEvent.click(button('Delete Closed plant audit')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete Closed plant audit?');
    expect(within(dialog).getByText('Do you really want to delete the audit?')).toBeTruthy();
    expect(calls('audits.delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(calls('audits.delete')).toEqual([{ id: rows[1]!.id }]));
  });

  it('opens an open audit on a row click, and a finished one not at all', async () => {
    await renderList(Level.User);
    fireEvent.click(screen.getByText('Closed plant audit'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('location').textContent).toBe(`/${AUDITS}`);
    fireEvent.click(screen.getByText('Open pit audit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Audits/${rows[0]!.id}`));
  });

  it('view report goes to /Audits/{id}/report without opening the row', async () => {
    await renderList(Level.User);
    fireEvent.click(button('View report of Closed plant audit')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Audits/${rows[1]!.id}/report`));
  });

  it('finishes in its own modal and shows Finished only once the server answered 200', async () => {
    await renderList(Level.User);
    fireEvent.click(button('Finish Open pit audit')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Finish Open pit audit?');
    expect(within(dialog).getByText('Do you really want to finish the audit? It cannot be edited until it is reopened.')).toBeTruthy();
    expect(within(rowOf('Open pit audit')).getByText('Open')).toBeTruthy(); // nothing changes on the click
    fireEvent.click(within(dialog).getByRole('button', { name: 'FINISH' }));
    await waitFor(() => expect(within(rowOf('Open pit audit')).getByText('Finished')).toBeTruthy());
    expect(calls('audits.setFinished')).toEqual([{ id: rows[0]!.id, finished: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button('Reopen Open pit audit')).not.toBeNull();
  });

  it('reopens in a modal with its own wording', async () => {
    await renderList(Level.User);
    fireEvent.click(button('Reopen Closed plant audit')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Reopen Closed plant audit?');
    expect(within(dialog).getByText('Do you really want to reopen the audit? It can then be edited again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'REOPEN' }));
    await waitFor(() => expect(within(rowOf('Closed plant audit')).getByText('Open')).toBeTruthy());
    expect(calls('audits.setFinished')).toEqual([{ id: rows[1]!.id, finished: false }]);
  });

  it('keeps the status when the server refuses, and says why', async () => {
    finishReply = 'refuse';
    await renderList(Level.User);
    fireEvent.click(button('Finish Open pit audit')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'FINISH' }));
    await waitFor(() => expect(calls('audits.setFinished')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(rowOf('Open pit audit')).getByText('Open')).toBeTruthy();
    // the modal stays open for another try
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish Open pit audit', hidden: true })).not.toBeNull();
  });

  it('cancelling a modal sends nothing', async () => {
    await renderList(Level.User);
    fireEvent.click(button('Finish Open pit audit')!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('audits.setFinished')).toHaveLength(0);
  });

  it('searches 200 ms after the last keystroke, from the first page', async () => {
    await renderList(Level.User);
    const before = calls('audits.list').length;
    const box = screen.getByPlaceholderText('Search name, customer or inspector');
    fireEvent.change(box, { target: { value: 'pi' } });
    fireEvent.change(box, { target: { value: 'pit' } });
    await new Promise((r) => setTimeout(r, 120));
    expect(calls('audits.list').length).toBe(before);
    await waitFor(() => expect(calls('audits.list').at(-1)).toMatchObject({ search: 'pit', offset: 0 }));
  });
});
