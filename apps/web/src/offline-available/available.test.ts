import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { Blob as NodeBlob } from 'node:buffer';
import type { AppRouter } from '@insp/api';
import { fakeIdb, fakeTransport, freshName, makeQueue, netError } from '../offline-queue/queue.fixtures.test-helpers';
import { setAppQueue } from '../offline-queue';
import { AvailableDb, readKey, setAvailableDb } from './db';
import { forgetStoredData } from './forget';
import { makeAvailableOffline, type Progress, type ServerBundle } from './download';
import { cachedIn, offlineReadLink } from './link';
import { listItems, refreshRead, removeItem, saveBundle, storedFile, storedRead } from './store';
import { waitingWritesOf } from './waitingWrites';

const ID = '00000000-0000-4000-8000-0000000000a1';
const open = () => new AvailableDb(freshName(), fakeIdb);
// Node's Blob: fake-indexeddb's structured clone keeps it whole (jsdom's Blob comes back without its bytes).
const blob = (n: number) => new NodeBlob([new Uint8Array(n)]) as unknown as Blob;
const json = (v: unknown) => new Blob([JSON.stringify(v)]).size;
const edit = { id: ID, name: 'Daily', categories: [{ title: 'General', inspectionPoints: [{ name: 'Jaw dies wear' }] }] };
const bundle = (files: number): ServerBundle => ({
  name: 'Daily',
  reads: [{ path: 'inspectionEdit.editDetails', input: { id: ID }, data: edit }],
  files: Array.from({ length: files }, (_, i) => ({ path: `/api/v1/images/img-${i}/file` })),
});

afterEach(() => setAppQueue(null));

describe('the store', () => {
  it('keeps an item with its reads and files and counts its size from the JSON and the blobs', async () => {
    const db = open();
    const item = await saveBundle(db, { kind: 'inspection', id: ID, name: 'Daily', reads: bundle(0).reads, files: [{ path: '/a', blob: blob(1000) }, { path: '/b', blob: blob(24) }] }, 5);
    expect(item).toEqual({ key: `inspection:${ID}`, kind: 'inspection', id: ID, name: 'Daily', storedAt: 5, bytes: json(edit) + 1024, files: 2 });
    expect(await storedRead(db, readKey('inspectionEdit.editDetails', { id: ID }))).toEqual(edit);
    expect((await storedFile(db, '/a'))?.size).toBe(1000);
    expect(await listItems(db)).toEqual([item]);
  });

  it('refreshes only a read that is stored, and the item follows its size and time', async () => {
    const db = open();
    await saveBundle(db, { kind: 'audit', id: ID, name: 'Audit', reads: [{ path: 'audits.get', input: { id: ID }, data: { a: 1 } }], files: [] }, 1);
    const bigger = { a: 1, summary: 'x'.repeat(100) };
    expect(await refreshRead(db, readKey('audits.get', { id: ID }), bigger, 9)).toBe(true);
    expect(await refreshRead(db, readKey('audits.get', { id: 'other' }), bigger, 9)).toBe(false);
    expect(await storedRead(db, readKey('audits.get', { id: ID }))).toEqual(bigger);
    expect(await storedRead(db, readKey('audits.get', { id: 'other' }))).toBeUndefined();
    expect(await listItems(db)).toMatchObject([{ storedAt: 9, bytes: json(bigger) }]);
  });

  it("removes an item's reads and files, not another item's copy of the same file", async () => {
    const db = open();
    await saveBundle(db, { kind: 'inspection', id: ID, name: 'One', reads: bundle(0).reads, files: [{ path: '/shared', blob: blob(3) }] });
    await saveBundle(db, { kind: 'audit', id: ID, name: 'Two', reads: [], files: [{ path: '/shared', blob: blob(3) }] });
    await removeItem(db, `inspection:${ID}`);
    expect((await listItems(db)).map((i) => i.name)).toEqual(['Two']);
    expect(await storedRead(db, readKey('inspectionEdit.editDetails', { id: ID }))).toBeUndefined();
    expect((await storedFile(db, '/shared'))?.size).toBe(3);
  });
});

describe('makeAvailableOffline', () => {
  it('fetches the bundle and every file once, reports progress up to the total, and stores them together', async () => {
    const db = open();
    const fetched: string[] = [];
    const progress: Progress[] = [];
    const files = bundle(20);
    files.files.push({ path: files.files[0]!.path });
    const item = await makeAvailableOffline('inspection', ID, {
      db,
      fetchBundle: async () => files,
      fetchFile: async (p) => (fetched.push(p), blob(100)),
    }, (p) => progress.push(p));
    expect(fetched.sort()).toEqual(bundle(20).files.map((f) => f.path).sort());
    expect(progress[0]).toEqual({ done: 0, total: 1 });
    expect(progress.at(-1)).toEqual({ done: 21, total: 21 });
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(item).toMatchObject({ files: 20, bytes: json(edit) + 2000 });
  });

  it('stores nothing new when a file fails: the earlier copy stays whole', async () => {
    const db = open();
    await makeAvailableOffline('inspection', ID, { db, fetchBundle: async () => bundle(1), fetchFile: async () => blob(7) });
    const failing = makeAvailableOffline('inspection', ID, {
      db,
      fetchBundle: async () => ({ ...bundle(3), name: 'Renamed' }),
      fetchFile: async (p) => {
        if (p.includes('img-2')) throw new Error('HTTP 500');
        return blob(1);
      },
    });
    await expect(failing).rejects.toThrow('HTTP 500');
    expect(await listItems(db)).toMatchObject([{ name: 'Daily', files: 1, bytes: json(edit) + 7 }]);
    expect((await storedFile(db, '/api/v1/images/img-0/file'))?.size).toBe(7);
  });
});

describe('signing out', () => {
  it("forgets what was kept for reading offline and the versions of this user's saves", async () => {
    const db = open();
    setAvailableDb(db);
    await saveBundle(db, { kind: 'inspection', id: ID, name: 'Daily', reads: bundle(0).reads, files: [{ path: '/a', blob: blob(10) }] });
    localStorage.setItem('insp-saved-versions', JSON.stringify({ r1: 3 }));
    await forgetStoredData();
    expect(await listItems(db)).toEqual([]);
    expect(await storedRead(db, readKey('inspectionEdit.editDetails', { id: ID }))).toBeUndefined();
    expect(await storedFile(db, '/a')).toBeUndefined();
    expect(localStorage.getItem('insp-saved-versions')).toBeNull();
    setAvailableDb(null);
  });
});

describe('makeAvailableOffline, files the server refuses', () => {
  it('stores the rest when a file is gone or not readable (404, 403), and fails on a network error', async () => {
    const db = open();
    const item = await makeAvailableOffline('inspection', ID, {
      db,
      fetchBundle: async () => bundle(3),
      fetchFile: async (p) => {
        if (p.includes('img-1')) throw Object.assign(new Error('gone'), { status: 404 });
        return blob(5);
      },
    });
    expect(item).toMatchObject({ files: 2, bytes: json(edit) + 10 });
    expect(await storedFile(db, '/api/v1/images/img-1/file')).toBeUndefined();
    const offline = makeAvailableOffline('inspection', ID, {
      db,
      fetchBundle: async () => bundle(3),
      fetchFile: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline).rejects.toThrow('Failed to fetch');
  });
});

describe('offlineReadLink', () => {
  /** A tRPC client over the real HTTP link and a fake fetch; the link's store is the real one on fake-indexeddb. */
  function client(db: AvailableDb, answer: (url: string) => Response | Promise<Response>) {
    const store = async () => ({ read: (k: string) => storedRead(db, k), refresh: (k: string, d: unknown) => refreshRead(db, k, d) });
    return createTRPCClient<AppRouter>({
      links: [offlineReadLink(store), httpBatchLink({ url: 'http://server/trpc', fetch: async (url) => answer(String(url)) })],
    });
  }
  const ok = (data: unknown) => new Response(JSON.stringify([{ result: { data } }]), { status: 200, headers: { 'content-type': 'application/json' } });
  const notFound = () =>
    new Response(JSON.stringify([{ error: { message: 'Inspection not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } }]), { status: 404, headers: { 'content-type': 'application/json' } });
  const offline = () => {
    throw netError();
  };

  it('answers a stored read from the device when the network fails, and nothing else', async () => {
    const db = open();
    await saveBundle(db, { kind: 'inspection', id: ID, name: 'Daily', reads: bundle(0).reads, files: [] });
    const c = client(db, offline);
    await expect(c.inspectionEdit.editDetails.query({ id: ID })).resolves.toEqual(edit);
    // Not stored: the network's failure reaches the screen.
    await expect(c.inspectionEdit.editDetails.query({ id: '00000000-0000-4000-8000-0000000000b2' })).rejects.toBeInstanceOf(TRPCClientError);
    // Another procedure is never answered from the device.
    await expect(c.inspectionEdit.web.query({ id: ID })).rejects.toBeInstanceOf(TRPCClientError);
  });

  it("does not answer a server's refusal from the device", async () => {
    const db = open();
    await saveBundle(db, { kind: 'inspection', id: ID, name: 'Daily', reads: bundle(0).reads, files: [] });
    await expect(client(db, notFound).inspectionEdit.editDetails.query({ id: ID })).rejects.toMatchObject({ data: { httpStatus: 404 } });
  });

  it("keeps the stored copy fresh with the server's answer, and stores nothing that was not made available", async () => {
    const db = open();
    await saveBundle(db, { kind: 'inspection', id: ID, name: 'Daily', reads: bundle(0).reads, files: [] });
    const newer = { ...edit, name: 'Daily, renamed' };
    await expect(client(db, () => ok(newer)).inspectionEdit.editDetails.query({ id: ID })).resolves.toEqual(newer);
    const other = '00000000-0000-4000-8000-0000000000b2';
    await client(db, () => ok(newer)).inspectionEdit.editDetails.query({ id: other });
    await expect.poll(() => storedRead(db, readKey('inspectionEdit.editDetails', { id: ID }))).toEqual(newer);
    expect(await storedRead(db, readKey('inspectionEdit.editDetails', { id: other }))).toBeUndefined();
  });
});

describe('offlineReadLink with the screens\' query cache', () => {
  it('answers from the device only a read the screen holds nothing of yet; a read again that fails keeps what is shown', async () => {
    const db = open();
    await saveBundle(db, { kind: 'inspection', id: ID, name: 'Daily', reads: bundle(0).reads, files: [] });
    const store = async () => ({ read: (k: string) => storedRead(db, k), refresh: (k: string, d: unknown) => refreshRead(db, k, d) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
    // As providers/trpc.ts wires it: the link asks the cache the options proxy names.
    let proxy: unknown;
    const c = createTRPCClient<AppRouter>({
      links: [offlineReadLink(store, cachedIn(queryClient, () => proxy)), httpBatchLink({ url: 'http://server/trpc', fetch: async () => { throw netError(); } })],
    });
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: c, queryClient });
    proxy = trpc;
    const options = trpc.inspectionEdit.editDetails.queryOptions({ id: ID });

    // The editor opened offline: its first read is the stored copy.
    await expect(queryClient.fetchQuery(options)).resolves.toEqual(edit);
    // What the screen shows since (an answer waiting in the queue made it differ from the stored server copy).
    const shown = { ...edit, name: 'Daily, edited here' };
    queryClient.setQueryData(options.queryKey, shown as never);
    // Its poll or Refresh fails by the network: the failure, not the stored copy, and the screen keeps its data.
    await expect(queryClient.fetchQuery({ ...options, staleTime: 0 })).rejects.toBeInstanceOf(TRPCClientError);
    expect(queryClient.getQueryData(options.queryKey)).toEqual(shown);
    // Another read the cache holds nothing of is still answered from the device.
    queryClient.removeQueries({ queryKey: options.queryKey });
    await expect(queryClient.fetchQuery(options)).resolves.toEqual(edit);
  });
});

describe('waitingWritesOf', () => {
  it("counts the writes of an inspection or audit still waiting in the offline queue, its uploads included", async () => {
    const { transport } = fakeTransport(() => {
      throw netError();
    });
    const q = makeQueue(freshName(), transport, { isOnline: () => false });
    setAppQueue(q);
    await q.start();
    await q.enqueue({ scope: `audit:${ID}`, item: `audit:${ID}:text:summary`, kind: 'trpc', procedure: 'audits.setText', input: { id: ID, field: 'summary', text: 'x' } }, () => 'kept');
    await q.enqueue({ scope: 'images', item: `audit:${ID}:point:r:p`, kind: 'upload', file: blob(3), fileName: 'a.png' }, (id) => ({ id }));
    await q.enqueue({ scope: 'audit:other', item: null, kind: 'trpc', procedure: 'audits.setText', input: {} }, () => 'kept');
    expect(await waitingWritesOf(`audit:${ID}`)).toBe(2);
    expect(await waitingWritesOf(`inspection:${ID}`)).toBe(0);
    q.stop();
  });
});
