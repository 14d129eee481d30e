import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { inspectionCan, Level, type TInspectionCan, type TInspectionEdit, type TInspectionListItem, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { dataProvider } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { ReportDetails } from './ReportDetails';
import { ReportView } from './ReportView';
import { userTimeZone } from '../../lib/dates';
import { registerResourceRouter } from '../../providers/dataProvider';
import { inspectionRow } from './testRows.test-helpers';

registerResourceRouter('Reports', 'inspections');

const row = inspectionRow(7, { name: 'Jaw daily', status: 'In_Use', inspectorContact: 'a@company.example' });
const REPORT = '<html><head><title>r</title></head><body><h1>Jaw daily</h1><p>Manual: <a href="https://docs.example/jc">JC manual</a></p></body></html>';
let api: ReturnType<typeof fakeApi>;
let stored: TInspectionListItem & Partial<Pick<TInspectionEdit, 'categories' | 'extraPoints'>>;
/** `can` as the server answers it; by default worked out as the server does, for the session rendered. */
let cans: Partial<TInspectionCan> | null;
let viewer: TSession;
const canOf = () => ({
  ...inspectionCan({ status: stored.status, inspectorContact: stored.inspectorContact, hasResults: true }, { ...actorOf(viewer), email: viewer.user.email, userId: viewer.user.id }),
  ...cans,
});

beforeEach(() => {
  stored = row;
  cans = null;
  api = fakeApi({
    // GET .../web answers the whole inspection with `can`; the pages read its name, status, points and can
    'inspectionEdit.web': () => ({ data: { categories: [], extraPoints: [], ...stored, can: canOf() } }),
    'inspectionReports.html': (input) => ({ data: REPORT.replace('Jaw daily', `Jaw daily (${(input as { lang: string }).lang}, ${stored.status})`) }),
    'inspections.updateStatus': (input) => {
      stored = { ...stored, status: (input as { data: { status: string } }).data.status };
      return { data: { id: row.id, status: stored.status } };
    },
    'inspections.delete': (input) => ({ data: { id: (input as { id: string }).id } }),
    'sharedLinks.list': () => ({ data: { result: [], defaultDays: 7, maxDays: 30 } }),
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
  viewer = session;
  return render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
          <Routes>
            <Route path="/Reports/:id" element={<ReportView />} />
            <Route path="/Reports/:id/details" element={<ReportDetails />} />
            <Route path="*" element={null} />
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
    expect(api.calls.find((c) => c.path === 'inspectionReports.html')?.input).toEqual({ id: row.id, lang: 'en', timeZone: userTimeZone() });
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
    // at once, not only after `can` is read again
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
    expect(await frameDoc()).toContain('Jaw daily (en, Finished)');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finnish' }));
    await waitFor(async () => expect(await frameDoc()).toContain('Jaw daily (fi, Finished)'));
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

  it('shows the new status in the report itself after a status change, without a reload (issue 20)', async () => {
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: row });
    await waitFor(async () => expect(await frameDoc()).toContain('Jaw daily (en, In_Use)'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit status' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'UPDATE' }));
    await waitFor(async () => expect(await frameDoc()).toContain('Jaw daily (en, Waiting)'));
  });

  it("offers 'Edit inspection' only when the server says a save would be accepted: not to a Manager on a Finished report", async () => {
    stored = { ...row, status: 'Finished' };
    cans = { edit: false, editRefusal: 'status: a finished inspection can only be changed by an Admin' };
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.Manager), { inspection: stored });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'inspectionEdit.web')).toBe(true));
    await screen.findByRole('link', { name: 'View protocol' });
    expect(screen.queryByRole('link', { name: 'Edit inspection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
  });

  it('offers a shareable PDF link and the live links of a report only to those who may download it (issue 20)', async () => {
    stored = { ...row, status: 'Finished' };
    cans = { download: true };
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: stored });
    expect(await screen.findByRole('button', { name: 'Get a shareable PDF link' })).toBeTruthy();
    expect(await screen.findByText('No live shared links.')).toBeTruthy();
    await waitFor(() => expect(api.calls.find((c) => c.path === 'sharedLinks.list')?.input).toEqual({ kind: 'inspection_report', targetId: row.id }));
    cleanup();
    queryClient.clear();
    cans = { download: false };
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: stored });
    await screen.findByRole('link', { name: 'View protocol' });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'inspectionEdit.web')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Get a shareable PDF link' })).toBeNull();
  });

  it('links the read-only protocol view, keeping the language', async () => {
    renderAt(`/Reports/${row.id}/details?lang=fi`, staffSession(Level.User), { inspection: row });
    expect((await screen.findByRole('link', { name: 'View protocol' })).getAttribute('href')).toBe(`/Reports/${row.id}/protocol?lang=fi`);
  });

  it("lets an Admin reopen a Finished report after 'Reopen {name}?', then offers its edit and status change again", async () => {
    stored = { ...row, status: 'Finished' };
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.Admin), { inspection: stored });
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen Jaw daily?' });
    expect(within(dialog).getByText('Do you really want to reopen the inspection? It can then be edited again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'REOPEN' }));
    await waitFor(() => expect(screen.getByTestId('report-status').textContent).toBe('Status: In use'));
    expect(api.calls.find((c) => c.path === 'inspections.updateStatus')?.input).toEqual({ id: row.id, data: { status: 'In_Use' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Edit status' })).toBeTruthy();
  });

  it('offers Delete when the server allows it (the starter of an empty start) and returns to the list after it', async () => {
    cans = { delete: true };
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: row });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete inspection Jaw daily?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Reports'));
    expect(api.calls.find((c) => c.path === 'inspections.delete')?.input).toEqual({ id: row.id });
  });

  it('plays the voice comments of the points under the report, fetched with the token', async () => {
    const voiceId = '00000000-0000-4000-8000-0000000000aa';
    stored = { ...row, categories: [{ id: '00000000-0000-4000-8000-0000000000c1', title: 'General', index: 0, inspectionPoints: [{ name: 'Jaw dies wear', protocolPointId: 'p1', content: { voiceCommentId: voiceId, nameOverride: null } }] }] as never };
    const fetchApi = api.fetch;
    const audio = vi.fn(async (url: string | URL, init?: RequestInit) =>
      String(url).startsWith('/api/v1/voicecomment/') ? new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } }) : fetchApi(url, init));
    vi.stubGlobal('fetch', audio);
    URL.createObjectURL = vi.fn(() => 'blob:voice');
    URL.revokeObjectURL = vi.fn();
    renderAt(`/Reports/${row.id}/details`, staffSession(Level.User), { inspection: row });
    await screen.findByRole('heading', { name: 'Voice comments' });
    const player = await screen.findByLabelText('Voice comment: Jaw dies wear (General)');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('blob:voice');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Voice comments' })).toBeTruthy();
    expect(audio.mock.calls.some(([u]) => String(u) === `/api/v1/voicecomment/${voiceId}/file`)).toBe(true);
  });
});
