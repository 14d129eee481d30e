import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { Level, routeTable, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../../providers/session';
import { dataProvider } from '../../providers/dataProvider';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { staffSession } from '../../test/render-resource';
import { toDayInput, userTimeZone, withDay } from '../../lib/dates';
import { RouteScreen } from '../../screens';
import { SHARED_LINKS_TEXT } from '../../components/SharedLinks';
import { AuditReportPage } from './AuditReportPage';
import { NewAuditPage } from './NewAuditPage';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [AUDIT, CUSTOMER, SITE] = [1, 2, 3].map(id);

function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}
function renderPage(path: string, pattern: string, page: ReactElement, session: TSession = staffSession(Level.User)) {
  return render(
    <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
      <MemoryRouter initialEntries={[path]}>
        <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={null} />
          </Routes>
        </AdminContext>
        <Where />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the audit pages', { timeout: 20_000 }, () => {
  it('New audit creates with the customer, its only site, today and the signed-in inspector, then opens /Audits/{id}', async () => {
    const api = fakeApi({
      'inspectionStart.customers': () => ({ data: [{ id: CUSTOMER, name: 'Quarry Ltd', mdmCustomerId: null }] }),
      'inspectionStart.sites': () => ({ data: [{ id: SITE, name: 'North pit' }] }),
      'audits.create': () => ({ data: { id: AUDIT } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderPage('/Audits/new', '/Audits/new', <NewAuditPage />);
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /^Inspector\s*\*?$/ }) as HTMLInputElement).value).toBe('A');
    fireEvent.change(screen.getByRole('combobox', { name: /^Customer/ }), { target: { value: 'quar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Quarry Ltd' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Site/ }).textContent).toBe('North pit'));
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/Audits/${AUDIT}`));
    // today in the user's zone, at noon there (lib/dates.ts withDay)
    expect(api.calls.find((c) => c.path === 'audits.create')?.input).toEqual({
      customerId: CUSTOMER, customerSiteId: SITE, inspectionDate: withDay(toDayInput(Date.now()), null),
    });
  });

  it('the report page shows the report in the language of the address and hands out the storage link with its expiry', async () => {
    const api = fakeApi({
      'audits.get': () => ({ data: { id: AUDIT, name: 'Audit Quarry Ltd 2026', inspectionDate: Date.UTC(2026, 8, 23) } }),
      'audits.reportHtml': (input) => ({ data: `<html><body><h1>Audit report ${(input as { lang: string }).lang}</h1></body></html>` }),
    });
    const storage = vi.fn(async (_url: string) =>
      Response.json({ url: 'http://insp.example/api/v1/files/audit-pdf/x.pdf?sig=1', expiresAt: '2026-11-22T22:08:00.000Z', fileName: '20260923_audit_fi.pdf' }),
    );
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (String(url).includes('/storageurl') ? storage(url) : api.fetch(url, init)));
    renderPage(`/Audits/${AUDIT}/report?lang=fi`, '/Audits/:id/report', <AuditReportPage />);
    await screen.findByRole('heading', { name: 'Audit Quarry Ltd 2026', level: 1 });
    const frame = await screen.findByTestId('report-frame');
    expect(frame.getAttribute('srcdoc')).toContain('Audit report fi');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(api.calls.find((c) => c.path === 'audits.reportHtml')?.input).toEqual({ id: AUDIT, lang: 'fi', timeZone: userTimeZone() });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Get a shareable PDF link' }));
    const link = await screen.findByRole('link', { name: '20260923_audit_fi.pdf' });
    expect(link.getAttribute('href')).toBe('http://insp.example/api/v1/files/audit-pdf/x.pdf?sig=1');
    expect(screen.getByText('Valid until 22.11.2026 22:08 UTC')).toBeTruthy();
    expect(storage).toHaveBeenCalledWith(`/api/v1/audits/${AUDIT}/reportpdf/storageurl?lang=fi`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('lists the live shared links with Revoke (asked first), and makes a link for the lifetime chosen (issue 20)', async () => {
    let links = [
      { id: '00000000-0000-4000-8000-0000000000b1', lang: 'fi', fileName: '20260923_audit_fi.pdf', createdAt: Date.UTC(2026, 10, 20, 9), expiresAt: Date.UTC(2026, 10, 27, 9), createdBy: 'Ilkka Inspector' },
    ];
    const api = fakeApi({
      'audits.get': () => ({ data: { id: AUDIT, name: 'Audit Quarry Ltd 2026', inspectionDate: Date.UTC(2026, 8, 23) } }),
      'audits.reportHtml': () => ({ data: '<html><body>x</body></html>' }),
      'sharedLinks.list': () => ({ data: { result: links, defaultDays: 7, maxDays: 30 } }),
      'sharedLinks.revoke': (input) => {
        links = links.filter((l) => l.id !== (input as { id: string }).id);
        return { data: { id: (input as { id: string }).id, revokedAt: Date.now() } };
      },
    });
    const made = { id: '00000000-0000-4000-8000-0000000000b2', lang: 'fi', fileName: '20260923_audit_fi.pdf', createdAt: Date.now(), expiresAt: Date.UTC(2026, 10, 21), createdBy: 'Ilkka Inspector' };
    const storage = vi.fn(async (_url: string) => {
      links = [made];
      return Response.json({ url: 'http://insp.example/api/v1/shared/abc', expiresAt: made.expiresAt, fileName: made.fileName, id: made.id });
    });
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (String(url).includes('/storageurl') ? storage(url) : api.fetch(url, init)));
    renderPage(`/Audits/${AUDIT}/report?lang=fi`, '/Audits/:id/report', <AuditReportPage />);
    const section = await screen.findByRole('region', { name: SHARED_LINKS_TEXT.title });
    expect(within(section).getByText('20260923_audit_fi.pdf (Finnish)')).toBeTruthy();
    expect(within(section).getByText('Shared by Ilkka Inspector on 20.11.2026 09:00 UTC, valid until 27.11.2026 09:00 UTC')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: SHARED_LINKS_TEXT.revoke }));
    const ask = await screen.findByRole('dialog', { name: SHARED_LINKS_TEXT.confirmTitle });
    expect(api.calls.some((c) => c.path === 'sharedLinks.revoke')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: SHARED_LINKS_TEXT.confirm }));
    expect(await within(section).findByText(SHARED_LINKS_TEXT.none)).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'sharedLinks.revoke')?.input).toEqual({ id: '00000000-0000-4000-8000-0000000000b1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const validFor = screen.getByRole('combobox', { name: 'Valid for' });
    expect(validFor.textContent).toBe('7 days');
    fireEvent.mouseDown(validFor);
    fireEvent.click(await screen.findByRole('option', { name: '1 day' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get a shareable PDF link' }));
    await screen.findByRole('link', { name: '20260923_audit_fi.pdf' });
    expect(storage).toHaveBeenCalledWith(`/api/v1/audits/${AUDIT}/reportpdf/storageurl?lang=fi&days=1`);
    // revoking the link just made takes it away from the page too
    fireEvent.click(await within(section).findByRole('button', { name: SHARED_LINKS_TEXT.revoke }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: SHARED_LINKS_TEXT.confirmTitle })).getByRole('button', { name: SHARED_LINKS_TEXT.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('link', { name: '20260923_audit_fi.pdf' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Get a shareable PDF link' })).toBeTruthy();
  });

  it('/Audits is an empty page for level None and the permissions message for a distributor', async () => {
    const entry = routeTable.find((r) => r.path === '/Audits')!;
    const none = renderPage('/Audits', '/Audits', <RouteScreen entry={entry} />, staffSession(Level.None));
    expect(none.container.textContent).toBe('/Audits'); // only the location probe
    cleanup();
    const distributor: TSession = {
      ...staffSession(Level.Admin),
      user: { ...staffSession(Level.Admin).user, externalUser: true, externalUserCompany: { id: id(9), name: 'Dealer' } as never },
    };
    renderPage('/Audits', '/Audits', <RouteScreen entry={entry} />, distributor);
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
  });
});
