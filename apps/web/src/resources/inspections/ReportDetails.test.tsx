import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { Level, type TInspectionListItem, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { dataProvider } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { ReportDetails } from './ReportDetails';
import { ReportView } from './ReportView';
import { inspectionRow } from './testRows.test-helpers';

const row = inspectionRow(7, { name: 'Jaw daily', status: 'In_Use', inspectorContact: 'a@company.example' });
const REPORT = '<html><head><title>r</title></head><body><h1>Jaw daily</h1><p>Manual: <a href="https://docs.example/jc">JC manual</a></p></body></html>';
let api: ReturnType<typeof fakeApi>;
let stored: TInspectionListItem;

beforeEach(() => {
  stored = row;
  api = fakeApi({
    // GET .../web answers the whole inspection; the pages read its name, status and inspector contact
    'inspectionEdit.web': () => ({ data: stored }),
    'inspectionReports.html': (input) => ({ data: REPORT.replace('Jaw daily', `Jaw daily (${(input as { lang: string }).lang})`) }),
    'inspections.updateStatus': (input) => ({ data: { id: row.id, status: (input as { data: { status: string } }).data.status } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

/** The page at its route, opened from the list (the row as navigation state) or from a bare link. */
function renderAt(path: string, session: TSession, state?: { inspection: TInspectionListItem }) {
  return render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
          <Routes>
            <Route path="/Reports/:id" element={<ReportView />} />
            <Route path="/Reports/:id/details" element={<ReportDetails />} />
          </Routes>
        </AdminContext>
        <Where />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}
const frameDoc = async () => (await screen.findByTestId('report-frame')).getAttribute('srcdoc') ?? '';

describe('report details', { timeout: 20_000 }, () => {
  it('shows the report with every link reduced to its text, in a sandboxed frame', async () => {
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: row });
    const doc = await frameDoc();
    expect(doc).toContain('Manual: JC manual');
    expect(doc).not.toMatch(/<a\b/);
    expect(screen.getByTestId('report-frame').getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(api.calls.find((c) => c.path === 'inspectionReports.html')?.input).toEqual({ id: row.id, lang: 'en' });
  });

  it("changes In use to Waiting through 'Update status' and shows Waiting once the server answers", async () => {
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: row });
    await frameDoc();
    fireEvent.click(screen.getByRole('button', { name: 'Edit status' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Update status');
    expect(within(dialog).getByText('Do you really want to change the status from In use to Waiting?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'UPDATE' }));
    await waitFor(() => expect(screen.getByTestId('report-status').textContent).toBe('Status: Waiting'));
    expect(screen.queryByRole('button', { name: 'Edit status' })).toBeNull();
  });

  it('loads the inspection by id when opened from a bare link, and offers the status change by what it says', async () => {
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User));
    await frameDoc();
    await screen.findByRole('button', { name: 'Edit status' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jaw daily');
    expect(api.calls.find((c) => c.path === 'inspectionEdit.web')?.input).toEqual({ id: row.id });
  });

  it('trusts the loaded inspection over the list row it was opened from', async () => {
    stored = { ...row, status: 'Finished' };
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: row });
    await waitFor(() => expect(screen.getByTestId('report-status').textContent).toBe('Status: Finished'));
    expect(screen.queryByRole('button', { name: 'Edit status' })).toBeNull();
  });

  it('offers no status change to someone who is neither admin nor the inspector contact, and links the edit form (/Reports/{id}/edit)', async () => {
    renderAt(`/Reports/${row.id}/details`, { ...staffSession(Level.Manager), user: { ...staffSession(Level.Manager).user, email: 'other@company.example' } }, { inspection: row });
    await frameDoc();
    expect(screen.queryByRole('button', { name: 'Edit status' })).toBeNull();
    expect((await screen.findByRole('link', { name: 'Edit inspection' })).getAttribute('href')).toBe(`/Reports/${row.id}/edit`);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('loads the report in the language chosen and keeps it in the address', async () => {
    stored = { ...row, status: 'Finished' };
    renderAt(`/Reports/${row.id}`, staffSession(Level.User), { inspection: stored });
    expect(await frameDoc()).toContain('Jaw daily (en)');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finnish' }));
    await waitFor(async () => expect(await frameDoc()).toContain('Jaw daily (fi)'));
    expect(screen.getByTestId('location').textContent).toBe(`/Reports/${row.id}?lang=fi`);
    expect(screen.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(`/Reports/${row.id}/details?lang=fi`);
  });

  it('offers no PDF of a report that is open', async () => {
    renderAt(`/Reports/${row.id}`, staffSession(Level.User));
    await frameDoc();
    await waitFor(() => expect(api.calls.some((c) => c.path === 'inspectionEdit.web')).toBe(true));
    await screen.findByRole('heading', { name: 'Jaw daily' });
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });
});
