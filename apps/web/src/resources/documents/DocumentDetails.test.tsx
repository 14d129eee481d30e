import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { DocumentDetails } from './DocumentDetails';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const doc = {
  id: uuid(1), name: 'HP300 manual.pdf', fileType: 'pdf', fileSize: 2560, contentType: 'application/pdf', version: 2, timestamp: '2026-11-20T10:00:00.000Z',
  state: 'Active', documentCategoryId: null, summary: null, sourceSystem: 'UI', metadata: {}, sha256: null, versions: [], inspectionPointIds: [],
  productFamilyIds: [], productModelIds: [], downloadLink: `/api/v1/documentlibrary/${uuid(1)}/`, inspectionPoints: [], productFamilies: [], productModels: [], categoryName: null,
};
let api: ReturnType<typeof fakeApi>;
let release: () => void;
let deleteRefused: boolean;

beforeEach(() => {
  deleteRefused = false;
  api = fakeApi({
    'documents.details': () => ({ data: doc }),
    'documents.pointChoices': () => ({ data: { result: [], count: 0 } }),
    'productFamilies.all': () => ({ data: [] }),
    'documents.saveMetadata': () => ({ data: doc }),
    'documents.delete': () => (deleteRefused ? { error: { httpStatus: 500, code: 'INTERNAL_SERVER_ERROR', message: 'x' } } : { data: { ok: true } }),
  });
  // the metadata save waits until the test releases it, to see the saving state
  const gate = new Promise<void>((r) => (release = r));
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).includes('documents.saveMetadata')) await gate;
    return api.fetch(url, init);
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderDetails = (onDeleted = vi.fn()) =>
  render(
    <QueryClientProvider client={queryClient}>
      <DocumentDetails id={uuid(1)} categories={[{ id: uuid(7), label: 'Manuals' }]} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );

describe('document details', () => {
  it('shows version, size in KB and, while the metadata saves, a disabled Saving button', async () => {
    renderDetails();
    expect(await screen.findByText('2.50 KB')).toBeTruthy();
    expect(screen.getByTestId('document-version').textContent).toBe('2');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Manuals'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    const saving = (await screen.findByRole('button', { name: 'Saving' })) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    release();
    await screen.findByText('Saved');
    expect(api.calls.find((c) => c.path === 'documents.saveMetadata')?.input).toMatchObject({ documentId: uuid(1), categoryId: uuid(7), inspectionPointIds: [] });
  });

  it('asks before deleting, and says Delete failed when the server refuses', async () => {
    deleteRefused = true;
    const onDeleted = vi.fn();
    renderDetails(onDeleted);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document HP300 manual.pdf?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete failed');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('reports Successfully deleted! after a delete', async () => {
    const onDeleted = vi.fn();
    renderDetails(onDeleted);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Successfully deleted!'));
  });

  it('keeps every version downloadable: each has its own Download, which asks for that version\'s link', async () => {
    const version = (n: number, size: number) => ({
      version: n, fileName: `HP300 manual v${n}.pdf`, fileType: 'pdf', fileSize: size, contentType: 'application/pdf', sha256: null,
      timestamp: `2026-11-1${n}T10:00:00.000Z`, downloadLink: `/api/v1/documentlibrary/${uuid(1)}/?version=${n}`,
    });
    const versions = [version(2, 2560), version(1, 1024)];
    const api2 = fakeApi({
      'documents.details': () => ({ data: { ...doc, versions } }),
      'documents.pointChoices': () => ({ data: { result: [], count: 0 } }),
      'productFamilies.all': () => ({ data: [] }),
      'documents.storageUrl': () => ({ data: { url: 'about:blank', expires: '2026-11-20T10:05:00.000Z' } }),
    });
    vi.stubGlobal('fetch', api2.fetch);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDetails();
    expect(await screen.findByText(/Version 1: HP300 manual v1\.pdf, 1\.00 KB/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download version 1' }));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    const asked = api2.calls.filter((c) => c.path === 'documents.storageUrl').map((c) => c.input);
    expect(asked).toEqual([{ id: uuid(1), version: 1 }, { id: uuid(1) }]);
    clicked.mockRestore();
  });
});
