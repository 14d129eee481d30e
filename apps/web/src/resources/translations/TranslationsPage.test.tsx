import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Level, type TSession, type TTranslationsImportReport } from '@insp/contracts';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { renderRouteScreen } from '../../test/render-route';
import { staffSession } from '../../test/render-resource';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let api: ReturnType<typeof fakeApi>;
let release: () => void;
let importReply: { status: number; body: unknown };

const report: TTranslationsImportReport = {
  type: 'Name', updated: 1, unchanged: 3, refused: 1, translationsChanged: 2,
  rows: [
    { row: 2, pointId: uuid(21), pointName: 'Belt tension', status: 'updated', languages: ['fi', 'sv'], reason: null },
    { row: 4, pointId: uuid(22), pointName: 'Oil level', status: 'refused', languages: [], reason: "the point's texts changed since the export; download a new workbook and edit that" },
  ],
};

beforeEach(() => {
  importReply = { status: 200, body: report };
  api = fakeApi({
    'pointAuthoring.productCategories': () => ({ data: [{ id: uuid(1), name: 'Crushers', nameTranslationKey: null }, { id: uuid(2), name: 'Screens', nameTranslationKey: null }] }),
    'translations.excelLink': () => ({ data: { link: 'http://insp.example/api/v1/files/translations-export/ab/abc.xlsx?sig=x', fileName: 'Translations_Description_Crushers.xlsx', points: 42, expiresInSeconds: 600 } }),
  });
  const gate = new Promise<void>((r) => (release = r));
  vi.stubGlobal('fetch', async (url: string | URL, init?: RequestInit) => {
    const u = String(url);
    if (u.startsWith('/api/v1/translations/import')) return Response.json(importReply.body, { status: importReply.status });
    if (u.includes('translations.excelLink')) await gate; // the server still building the workbook
    return api.fetch(u, init);
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderPage(session: TSession) {
  return renderRouteScreen('/Translations', session);
}

describe('/Translations', { timeout: 20_000 }, () => {
  it('prepares the workbook of the chosen categories and type, shows it pending, then a link that opens in a new tab', async () => {
    renderPage(staffSession(Level.Admin));
    const prepare = await screen.findByRole('button', { name: 'Prepare workbook' });
    expect((prepare as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Crushers' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Screens' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Point descriptions' }));
    fireEvent.click(prepare);
    expect(await screen.findByText('Preparing the workbook…')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Preparing/ }) as HTMLButtonElement).disabled).toBe(true);
    release();
    const link = await screen.findByRole('link', { name: 'Download Translations_Description_Crushers.xlsx' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toContain('/api/v1/files/translations-export/');
    expect(api.calls.filter((c) => c.path === 'translations.excelLink').map((c) => c.input)).toEqual([{ type: 'Description', categories: `${uuid(1)};${uuid(2)}` }]);
    // another choice drops the link made for the old one
    fireEvent.click(screen.getByRole('checkbox', { name: 'Screens' }));
    expect(screen.queryByRole('link', { name: /Download Translations/ })).toBeNull();
  });

  it('imports a workbook and lists the updated and refused rows', async () => {
    renderPage(staffSession(Level.Admin));
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'Translations_Name.xlsx');
    fireEvent.change(await screen.findByTestId('translations-file'), { target: { files: [file] } });
    expect(screen.getByTestId('chosen-file').textContent).toBe('Translations_Name.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByTestId('import-summary')).textContent).toBe('Point names: 1 row updated (2 translations), 3 unchanged, 1 refused.');
    const rows = within(screen.getByRole('table', { name: 'Import report' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['RowPointResultDetails', '2Belt tensionUpdatedChanged: fi, sv', `4Oil levelRefused${report.rows[1]!.reason}`]);
  });

  it("shows the server's reason when the file is refused whole", async () => {
    importReply = { status: 400, body: { statusCode: 400, error: 'BAD_REQUEST', field: 'file', message: "file: 'mine.xlsx' is not a translations workbook of this product" } };
    renderPage(staffSession(Level.Admin));
    fireEvent.change(await screen.findByTestId('translations-file'), { target: { files: [new File(['x'], 'mine.xlsx')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe("'mine.xlsx' is not a translations workbook of this product");
  });

  it('refuses a manager with the permissions message', () => {
    renderPage(staffSession(Level.Manager));
    expect(screen.getByText('Your permissions are not enough for seeing this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Prepare workbook' })).toBeNull();
  });
});
