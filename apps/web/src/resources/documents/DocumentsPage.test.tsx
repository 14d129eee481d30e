import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../providers/queryClient';
import { fakeApi, renderInDataRouter } from '../../test/render';
import { DocumentsPage } from './DocumentsPage';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (id: string, name: string, documentCount: number, subCategories: unknown[] = []) =>
  ({ id, name, nameTranslationKey: null, parentCategoryId: null, documentCount, totalCount: documentCount, subCategories });
const item = (n: number, name: string) => ({ id: uuid(n), name, fileType: 'pdf', fileSize: 1024, version: 1, timestamp: '2026-11-20T10:00:00.000Z', documentCategoryId: null, linked: false });
const details = (n: number, name: string) => ({
  ...item(n, name), contentType: 'application/pdf', state: 'Active', summary: null, sourceSystem: 'UI', metadata: {}, sha256: null, versions: [],
  inspectionPointIds: [], productFamilyIds: [], productModelIds: [], downloadLink: '', inspectionPoints: [], productFamilies: [], productModels: [], categoryName: null,
});
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'documents.categoryTree': () => ({
      data: { categories: [{ ...node(uuid(50), 'Manuals', 1, [node(uuid(51), 'Crushers', 7)]), totalCount: 8 }], uncategorizedCount: 2, totalCount: 10 },
    }),
    'documents.list': () => ({ data: { result: [item(1, 'First.pdf'), item(2, 'Second.pdf')], count: 2 } }),
    'documents.details': (input) => ({ data: (input as { id: string }).id === uuid(1) ? details(1, 'First.pdf') : details(2, 'Second.pdf') }),
    'documents.packagesPage': () => ({ data: { result: [{ documentPackageId: uuid(9), name: 'Field pack', type: 'Auto', typeName: 'Automatic synching', documentCount: 1 }], count: 1 } }),
    'documents.pointChoices': () => ({ data: { result: [], count: 0 } }),
    'productFamilies.all': () => ({ data: [] }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const renderPage = () => renderInDataRouter('/Documents', [{ path: '/Documents', element: <DocumentsPage /> }]);

describe('/Documents', () => {
  it('shows the tree with uncategorized, lists the chosen bucket paged, and the packages as N files, type', async () => {
    renderPage();
    const tree = await screen.findByRole('list', { name: 'Document categories' });
    expect(within(tree).getByRole('button', { name: 'uncategorized (2)' })).toBeTruthy();
    // a category holding more than 5 documents starts collapsed: Manuals (1 + 7) hides Crushers
    expect(within(tree).getByRole('button', { name: 'Expand Manuals' }).getAttribute('aria-expanded')).toBe('false');
    await screen.findByText('First.pdf');
    expect(api.calls.find((c) => c.path === 'documents.list')?.input).toMatchObject({ category: 'uncategorized', offset: 0, amount: 50 });
    expect(await screen.findByText('1 files, Automatic synching')).toBeTruthy();
  });

  it('asks before unsaved metadata is dropped for another document', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /First\.pdf/ }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Category' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Manuals'));
    fireEvent.click(screen.getByRole('button', { name: /Second\.pdf/ }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'First.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Second\.pdf/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Second.pdf' })).toBeTruthy();
  });
});
