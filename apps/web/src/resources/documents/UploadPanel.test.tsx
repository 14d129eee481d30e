import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useUploads } from './useUploads';
import { UploadPanel } from './UploadPanel';

/** A fake XMLHttpRequest: each send is kept until the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) { this.url = url; }
  headers: Record<string, string> = {};
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData) { this.body = body; FakeXhr.sent.push(this); }
  answer(status: number, body: unknown) { this.status = status; this.responseText = JSON.stringify(body); this.onload?.(); }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const file = (name: string) => new File(['%PDF-1.7'], name);
const choose = (files: File[]) => fireEvent.change(screen.getByTestId('document-files'), { target: { files } });
const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

describe('upload of new documents', () => {
  it('does nothing without files', async () => {
    const onUploaded = vi.fn();
    render(<UploadPanel categoryId={null} categoryName="uncategorized" listedNames={[]} onUploaded={onUploaded} />);
    choose([]);
    await flush();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });

  it('sends each file into the category with progress, skips a listed name, and shows the server\'s 409 as skipped', async () => {
    const onUploaded = vi.fn();
    render(<UploadPanel categoryId="c1" categoryName="Manuals" listedNames={['listed.pdf']} onUploaded={onUploaded} />);
    choose([file('a.pdf'), file('LISTED.pdf'), file('b.pdf')]);
    await flush();
    expect(FakeXhr.sent).toHaveLength(1); // one after another
    const first = FakeXhr.sent[0]!;
    expect(first.url).toBe('/api/v1/documentlibrary/document');
    expect(first.body?.get('categoryId')).toBe('c1');
    expect(first.body?.get('sourceSystem')).toBe('UI');
    expect(screen.getAllByText('Uploading...')).toHaveLength(2);
    expect(screen.getByText('Skipped: a document named LISTED.pdf already exists')).toBeTruthy();
    act(() => first.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload of a.pdf' }).getAttribute('aria-valuenow')).toBe('50');

    act(() => first.answer(201, { id: 'd1', name: 'a.pdf' }));
    await flush();
    expect(screen.getByText('Successfully uploaded a.pdf')).toBeTruthy();
    act(() => FakeXhr.sent[1]!.answer(409, { message: 'file: a document named b.pdf exists', field: 'file' }));
    await flush();
    expect(screen.getByText('Skipped: a document named b.pdf already exists')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(2);
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('says Upload failed with the server\'s reason', async () => {
    render(<UploadPanel categoryId={null} categoryName="uncategorized" listedNames={[]} onUploaded={vi.fn()} />);
    choose([file('big.pdf')]);
    await flush();
    act(() => FakeXhr.sent[0]!.answer(400, { message: 'file: is larger than 200 MB', field: 'file' }));
    await flush();
    expect(screen.getByText('Upload failed: is larger than 200 MB')).toBeTruthy();
  });
});

describe('a new version', () => {
  it('is sent again after a failure with the same Idempotency-Key', async () => {
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useUploads(onUploaded));
    await act(async () => { void result.current.start([file('v2.pdf')], { parentDocumentId: 'd1' }); await Promise.resolve(); });
    const first = FakeXhr.sent[0]!;
    expect(first.url).toBe('/api/v1/documentlibrary/document/version');
    expect(first.body?.get('parentDocumentId')).toBe('d1');
    const key = first.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => { first.onerror?.(); await new Promise((r) => setTimeout(r, 0)); });
    expect(result.current.rows[0]).toMatchObject({ state: 'failed' });
    await act(async () => { void result.current.retry(result.current.rows[0]!.key); await Promise.resolve(); });
    const second = FakeXhr.sent[1]!;
    expect(second.headers['Idempotency-Key']).toBe(key);
    await act(async () => { second.answer(201, { id: 'd1', name: 'Manual.pdf' }); await new Promise((r) => setTimeout(r, 0)); });
    expect(result.current.rows[0]).toMatchObject({ state: 'done' });
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });
});
