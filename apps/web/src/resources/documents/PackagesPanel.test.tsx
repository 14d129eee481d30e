import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../providers/queryClient';
import { fakeApi } from '../../test/render';
import { PackagesPanel } from './PackagesPanel';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const made = { documentPackageId: uuid(9), name: 'Field pack', type: 'Manual', typeName: 'Manual synching', documents: [], DocumentIds: [] };
let api: ReturnType<typeof fakeApi>;
let createReplies: Array<'lost' | 'refused' | 'made'>;

beforeEach(() => {
  api = fakeApi({
    'documents.packagesPage': () => ({ data: { result: [], count: 0 } }),
    'documents.list': () => ({ data: { result: [], count: 0 } }),
    'documents.createPackage': () => {
      const reply = createReplies.shift();
      if (reply === 'lost') return { error: { httpStatus: 502, code: 'INTERNAL_SERVER_ERROR', message: 'Bad gateway' } };
      if (reply === 'refused') return { error: { httpStatus: 400, code: 'BAD_REQUEST', message: 'name: is required', field: 'name' } };
      return { data: made };
    },
    'documents.updatePackage': (input) => ({ data: { ...made, name: (input as { data: { name: string } }).data.name } }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const openNew = async () => {
  render(<QueryClientProvider client={queryClient}><PackagesPanel /></QueryClientProvider>);
  fireEvent.click(await screen.findByRole('button', { name: 'New package' }));
  const dialog = await screen.findByRole('dialog', { name: 'New document package' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Field pack' } });
  return dialog;
};
const creates = () => api.calls.filter((c) => c.path === 'documents.createPackage').map((c) => c.input as { clientRequestId: string; name: string });

describe('document packages: a retried create never makes two', () => {
  it('sends the same key and body again after an answer was lost, and makes no update', async () => {
    createReplies = ['lost', 'made'];
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = creates();
    expect(first!.clientRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.clientRequestId).toBe(first!.clientRequestId);
    expect(api.calls.some((c) => c.path === 'documents.updatePackage')).toBe(false);
  });

  it('a refusal made nothing: the next Save is a new attempt with a new key', async () => {
    createReplies = ['refused', 'made'];
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = creates();
    expect(second!.clientRequestId).not.toBe(first!.clientRequestId);
  });

  it('after a lost answer, a changed name goes to the package the first call made as an update', async () => {
    createReplies = ['lost', 'made'];
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Field pack 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = creates();
    expect([second!.clientRequestId, second!.name]).toEqual([first!.clientRequestId, 'Field pack']);
    const update = api.calls.find((c) => c.path === 'documents.updatePackage')!.input as { documentPackageId: string; data: { name: string } };
    expect([update.documentPackageId, update.data.name]).toEqual([uuid(9), 'Field pack 2']);
  });
});

describe('document packages list', () => {
  it('asks for one page at a time, shows N files, type, and opens a package with its documents read then', async () => {
    const summary = (i: number) => ({ documentPackageId: uuid(100 + i), name: `Pack ${String(i).padStart(2, '0')}`, type: 'Auto', typeName: 'Automatic synching', documentCount: i });
    const all = Array.from({ length: 25 }, (_, i) => summary(i + 1));
    const paged = fakeApi({
      'documents.packagesPage': (input) => {
        const { offset, amount } = input as { offset: number; amount: number };
        return { data: { result: all.slice(offset, offset + amount), count: all.length } };
      },
      'documents.list': () => ({ data: { result: [], count: 0 } }),
      'documents.package': (input) => ({
        data: { ...all[0], documents: [{ id: uuid(7), name: 'Liner guide.pdf', fileType: 'pdf', fileSize: 10 }], DocumentIds: [uuid(7)], id: (input as { id: string }).id },
      }),
    });
    vi.stubGlobal('fetch', paged.fetch);
    render(<QueryClientProvider client={queryClient}><PackagesPanel /></QueryClientProvider>);
    expect(await screen.findByText('1 files, Automatic synching')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Pack \d\d/ })).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show more (20 of 25)' }));
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: /^Pack \d\d/ })).toHaveLength(25));
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(paged.calls.filter((c) => c.path === 'documents.packagesPage').map((c) => (c.input as { amount: number }).amount)).toEqual([20, 40]);

    fireEvent.click(screen.getByRole('button', { name: /^Pack 01/ }));
    await vi.waitFor(() => expect(paged.calls.map((c) => c.path)).toContain('documents.package'));
    // the dialog opens at once ('Loading...'), then holds the package's documents
    expect(await screen.findByRole('dialog', { name: 'Edit package Pack 01' })).toBeTruthy();
    // (the form replaces the loading dialog, so the text is looked for on the screen, not in the first dialog found)
    expect(await screen.findByText('Liner guide.pdf')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit package Pack 01' })).toBeTruthy();
    expect(paged.calls.find((c) => c.path === 'documents.package')!.input).toEqual({ id: uuid(101) });
  });
});
