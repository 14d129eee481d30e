import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderAt } from '../../test/render';
import { CustomerImportPage } from './CustomerImportPage';

const ID = '00000000-0000-4000-8000-0000000000aa';
const base = {
  id: ID,
  fileName: 'customers.xlsx',
  status: 'running',
  totalRows: 10,
  processedRows: 3,
  customersCreated: 1,
  customersUpdated: 0,
  sitesCreated: 1,
  sitesUpdated: 0,
  equipmentCreated: 2,
  equipmentUpdated: 0,
  rowsWithErrors: 0,
  error: null,
  createdAt: '2026-11-22T06:00:00.000Z',
  startedAt: '2026-11-22T06:00:01.000Z',
  finishedAt: null,
  errors: { result: [], count: 0 },
};

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** tRPC from fakeApi, plus the REST upload route answering with `upload`. */
function serve(get: () => object, upload: { status: number; body: object } = { status: 202, body: { id: ID } }, recent: object[] = []) {
  const api = fakeApi({ 'customerImport.get': () => ({ data: get() }), 'customerImport.list': () => ({ data: { result: recent, count: recent.length } }) });
  const uploads: Array<{ url: string; init?: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string | URL, init?: RequestInit) => {
    if (String(url).startsWith('/api/v1/customers/import')) {
      uploads.push({ url: String(url), init });
      return Response.json(upload.body, { status: upload.status });
    }
    return api.fetch(url, init);
  });
  return { api, uploads };
}
const open = (path = '/Customers/import') => renderAt(path, [{ path: '/Customers/import', element: <CustomerImportPage /> }]);
const choose = (name: string, type: string) =>
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['Customer name\nA\n'], name, { type })] } });

describe('customer import screen', () => {
  it("offers a template with the customer's language and time zone columns and an example of each", () => {
    open();
    const href = screen.getByRole('link', { name: 'Download the template (CSV)' }).getAttribute('href')!;
    const [header, example] = decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, '')).split('\r\n');
    expect(header!.split(',').slice(0, 4)).toEqual(['Customer name', 'Customer MDM id', 'Customer language', 'Customer time zone']);
    expect(example!.split(',').slice(0, 4)).toEqual(['Kallio Oy', 'C-1001', 'fi', 'Europe/Helsinki']);
    expect(screen.getByText(/Customer language is the report and e-mail language/)).toBeTruthy();
  });

  it('uploads the chosen file with the token, then polls and shows the progress, the summary and the skipped rows', async () => {
    let current: object = base;
    const { uploads, api } = serve(() => current);
    localStorage.setItem('token', 'tok-1');
    open();
    expect(screen.getByRole('link', { name: 'Download the template (CSV)' }).getAttribute('download')).toBe('customers-import-template.csv');
    choose('customers.csv', 'text/csv');
    expect(screen.getByTestId('chosen-file').textContent).toBe('customers.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect((await screen.findByTestId('import-status')).textContent).toBe('Importing… 3 of 10 rows');
    expect(uploads[0]!.url).toBe('/api/v1/customers/import?fileName=customers.csv');
    expect(uploads[0]!.init?.headers).toMatchObject({ authorization: 'Bearer tok-1', 'content-type': 'text/csv' });
    expect(screen.getByTestId('location').textContent).toBe(`/Customers/import?id=${ID}`);

    current = {
      ...base,
      status: 'done',
      processedRows: 10,
      customersCreated: 2,
      equipmentCreated: 6,
      equipmentUpdated: 1,
      rowsWithErrors: 2,
      errors: {
        result: [
          { rowNumber: 4, field: 'Product family', message: "'X' is not a known product family" },
          { rowNumber: 9, field: null, message: 'conflicts with data saved meanwhile' },
        ],
        count: 2,
      },
    };
    const done = await screen.findByText(/^Import finished/, {}, { timeout: 3000 });
    expect(done.textContent).toBe('Import finished: 8 rows imported, 2 rows skipped because of errors.');
    expect(within(screen.getByTestId('import-counts')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Customers: 2 created, 0 updated',
      'Sites: 1 created, 0 updated',
      'Equipment: 6 created, 1 updated',
    ]);
    const table = screen.getByRole('table', { name: 'Rows not imported' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['RowColumnProblem', "4Product family'X' is not a known product family", '9—conflicts with data saved meanwhile']);

    // Finished: no more polling.
    const polls = api.calls.length;
    await new Promise((r) => setTimeout(r, 1300));
    expect(api.calls.length).toBe(polls);
  });

  it("shows the server's reason when the upload is refused, and stays on the upload step", async () => {
    serve(() => base, { status: 400, body: { statusCode: 400, error: 'BAD_REQUEST', message: "file: 'photo.png' is not an Excel workbook (.xlsx) or a CSV file.", field: 'file' } });
    open();
    choose('photo.png', 'image/png');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toBe("'photo.png' is not an Excel workbook (.xlsx) or a CSV file.");
    expect(screen.getByTestId('location').textContent).toBe('/Customers/import');
  });

  it('shows why a whole import failed when opened by its address', async () => {
    serve(() => ({ ...base, status: 'failed', processedRows: 0, totalRows: null, error: "The file has no 'Customer name' column." }));
    open(`/Customers/import?id=${ID}`);
    expect((await screen.findByTestId('import-status')).textContent).toBe("The import failed: The file has no 'Customer name' column.");
    expect(screen.queryByTestId('import-counts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
  });

  it('lists recent imports under the upload form, each opening its report', async () => {
    serve(() => ({ ...base, status: 'done', processedRows: 10 }), undefined, [{ ...base, fileName: 'old.xlsx', status: 'done', processedRows: 10, rowsWithErrors: 2 }]);
    open();
    const table = await screen.findByRole('table', { name: 'Recent imports' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect([cells[0], cells[2], cells[3], cells[4]]).toEqual(['old.xlsx', 'Finished', '10 of 10', '2']);
    fireEvent.click(within(table).getByRole('link', { name: 'old.xlsx' }));
    expect(screen.getByTestId('location').textContent).toBe(`/Customers/import?id=${ID}`);
    expect((await screen.findByTestId('import-status')).textContent).toMatch(/^Import finished/);
  });
});
