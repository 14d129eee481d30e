import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { defineV1, FORMAT_VERSION, type QueueEntryV1 } from './db';
import { KeptForLaterError, type WriteQueue } from './queue';
import { fakeIdb, fakeTransport, freshName, httpError, makeQueue, netError, openDb, type Sent, type Uploaded } from './queue.fixtures.test-helpers';

const AUDIT = '00000000-0000-4000-8000-0000000000a1';
const SERVER_IMG = '00000000-0000-4000-8000-0000000000f1';
const SERVER_RESULT = '00000000-0000-4000-8000-0000000000e1';

const queues: WriteQueue[] = [];
function track(q: WriteQueue) {
  queues.push(q);
  return q;
}
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});

const text = (t: string) => ({ scope: `audit:${AUDIT}`, item: 'summary', kind: 'trpc' as const, procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: t } });
const sentTexts = (calls: Array<Sent | Uploaded>) => calls.filter((c): c is Sent => 'procedure' in c).map((c) => c.input.text);

describe('offline write queue', () => {
  it('keeps the order across a reload: a new queue over the same database sends what the old one left, oldest first', async () => {
    const name = freshName();
    const offline = fakeTransport(() => {
      throw netError();
    });
    const first = track(makeQueue(name, offline.transport, { isOnline: () => false }));
    await first.start();
    for (const t of ['one', 'two', 'three']) await first.enqueue(text(t), () => 'local');
    await first.idle();
    expect(offline.calls).toHaveLength(0); // offline: nothing tried until the browser says it is online
    first.stop();
    first.db.close();

    const server = fakeTransport(() => ({ ok: true }));
    const second = track(makeQueue(name, server.transport));
    await second.start();
    await vi.waitFor(async () => expect(await second.pendingCount()).toBe(0));
    expect(sentTexts(server.calls)).toEqual(['one', 'two', 'three']);
  });

  it('answers locally a write made while the one before it was being sent, when that one fails by the network', async () => {
    let fail!: (e: unknown) => void;
    const server = fakeTransport((_call, i) => {
      if (i === 0) return new Promise((_resolve, reject) => (fail = reject));
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport, { backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0 } }));
    await q.start();
    const first = q.enqueue(text('first'), () => 'kept first');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1)); // being sent, no answer yet
    const second = q.enqueue({ ...text('second'), item: 'comment' }, () => 'kept second');
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(2)); // stored while the first was on its way
    fail(netError());
    await expect(first).resolves.toBe('kept first');
    // Without its local answer it would wait out the first one's backoff (a minute here) with the screen saying 'Saving'.
    await expect(second).resolves.toBe('kept second');
    expect(server.calls).toHaveLength(1);
  });

  it('retries a write after a network failure and, waiting on its backoff, sends at once when the browser is online again', async () => {
    let down = true;
    const server = fakeTransport(() => {
      if (down) throw netError();
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport, { backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0 } }));
    await q.start();
    // The first try fails by the network: the write answers its local equivalent at once.
    await expect(q.enqueue(text('hello'), () => 'kept')).resolves.toBe('kept');
    await q.idle();
    expect(server.calls).toHaveLength(1);
    expect(await q.pendingCount()).toBe(1);
    expect(q.itemStatus('summary')).toEqual({ state: 'device' });

    down = false;
    window.dispatchEvent(new Event('online'));
    // The entry leaves the database before its item's status is published: on a busy machine the test can look between.
    await vi.waitFor(async () => {
      expect(await q.pendingCount()).toBe(0);
      expect(q.itemStatus('summary')).toEqual({ state: 'saved' });
    });
    expect(sentTexts(server.calls)).toEqual(['hello', 'hello']);
  });

  it('answers a write made while an earlier one waits on its backoff locally at once, though the browser says it is online', async () => {
    const server = fakeTransport(() => {
      throw netError();
    });
    const q = track(makeQueue(freshName(), server.transport, { backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0 } }));
    await q.start();
    await expect(q.enqueue(text('first'), () => 'kept 1')).resolves.toBe('kept 1');
    await expect(q.enqueue(text('second'), () => 'kept 2')).resolves.toBe('kept 2');
    expect(server.calls).toHaveLength(1); // the second waits behind the first, in order
  });

  it('retries 5xx, 408 and 429 by itself with backoff, and answers the server once it accepts', async () => {
    const statuses = [503, 408, 429];
    const server = fakeTransport((_c, i) => {
      if (i < statuses.length) throw httpError(statuses[i]!);
      return { id: 'answer' };
    });
    const q = track(makeQueue(freshName(), server.transport));
    await q.start();
    const answer = q.enqueue(text('x'));
    // No local equivalent: a write only the server can answer says it is kept for later.
    await expect(answer).rejects.toBeInstanceOf(KeptForLaterError);
    await vi.waitFor(() => expect(server.calls).toHaveLength(4));
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
  });

  it('stops a refused write, shows it with the server\'s reason, and sends the writes after it', async () => {
    const server = fakeTransport((c) => {
      if ((c as Sent).input.text === 'bad') throw httpError(422, 'summary: too long');
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport));
    await q.start();
    const refused = q.enqueue({ ...text('bad'), item: 'a' });
    await expect(refused).rejects.toMatchObject({ message: 'summary: too long', status: 422 });
    expect(q.itemStatus('a')).toEqual({ state: 'refused', message: 'summary: too long' });
    await expect(q.enqueue({ ...text('good'), item: 'b' })).resolves.toEqual({ ok: true });
    expect(await q.pendingCount()).toBe(0);
    const [entry] = await q.refused();
    expect(entry).toMatchObject({ state: 'refused', error: 'summary: too long', status: 422 });
    expect(sentTexts(server.calls)).toEqual(['bad', 'good']); // the refused one is not tried again
  });

  it('refuses a write the server keeps failing on (500 eight times), lists it with its reason, and sends the writes after it', async () => {
    const server = fakeTransport((c) => {
      if ((c as Sent).input.text === 'breaks the server') throw httpError(500, 'Internal server error');
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport));
    await q.start();
    const failing = q.enqueue({ ...text('breaks the server'), item: 'a' });
    await expect(failing).rejects.toBeInstanceOf(KeptForLaterError); // first failure: kept for later, as before
    const later = q.enqueue({ ...text('later'), item: 'b' }, () => 'kept');
    await later;
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    const message = 'The server keeps failing on this change: Internal server error';
    expect(q.itemStatus('a')).toEqual({ state: 'refused', message });
    const [entry] = await q.refused();
    expect(entry).toMatchObject({ state: 'refused', error: message, status: 500, attempts: 7, serverFailures: 7 });
    expect(sentTexts(server.calls)).toEqual([...Array(8).fill('breaks the server'), 'later']);
    expect(q.itemStatus('b')).toEqual({ state: 'saved' });
  });

  it('waits out 502, 503, 504 and network failures however many (the server is away, not failing on the change)', async () => {
    const failures = [503, 502, 504, null, 503, 502, 504, null, 503, 500];
    const server = fakeTransport((_c, i) => {
      if (i < failures.length) throw failures[i] === null ? netError() : httpError(failures[i]!);
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport));
    await q.start();
    void q.enqueue(text('x'), () => 'kept');
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0), { timeout: 5000 });
    expect(server.calls).toHaveLength(failures.length + 1);
    expect(await q.refused()).toEqual([]);
    expect(q.itemStatus('summary')).toEqual({ state: 'saved' });
  });

  it('sends the same idempotency key on every retry of one write and a different one for each write', async () => {
    let fail = 2;
    const server = fakeTransport(() => {
      if (fail-- > 0) throw netError();
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport));
    await q.start();
    void q.enqueue(text('a'), () => null);
    void q.enqueue(text('b'), () => null);
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    const keys = (server.calls as Sent[]).map((c) => [c.input.text, c.input.clientRequestId]);
    expect(keys).toHaveLength(4);
    const [a1, a2, a3, b] = keys.map((k) => k[1]);
    expect(keys.map((k) => k[0])).toEqual(['a', 'a', 'a', 'b']);
    expect(a1).toMatch(/^[0-9a-f-]{36}$/);
    expect([a2, a3]).toEqual([a1, a1]);
    expect(b).not.toBe(a1);
  });

  it('uploads a photo with its key in the header, and a later save naming the photo waits for it and sends the server\'s id', async () => {
    let online = false;
    const server = fakeTransport((c) => {
      if (!online) throw netError();
      if ('key' in c) return { id: SERVER_IMG };
      return { id: SERVER_RESULT, photos: [] };
    });
    const q = track(makeQueue(freshName(), server.transport, { isOnline: () => online }));
    await q.start();
    const { id: clientImg } = await q.enqueue({ scope: 'images', item: 'p', kind: 'upload', file: new Blob(['png']), fileName: 'a.png' }, (id) => ({ id }));
    const saved = await q.enqueue(
      { scope: `audit:${AUDIT}`, item: 'p', kind: 'trpc', procedure: 'audits.createResult', input: { id: AUDIT, data: { photos: [{ imageId: clientImg }] } }, createsId: true },
      (id) => ({ id }),
    );
    expect(saved.id).not.toBe(SERVER_RESULT); // answered on the device, under its client id
    await q.enqueue({ scope: `audit:${AUDIT}`, item: 'p', kind: 'trpc', procedure: 'audits.updateResult', input: { id: AUDIT, resultId: saved.id, data: { photos: [{ imageId: clientImg }] } } }, () => null);

    online = true;
    q.resume();
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    const sent = server.calls.filter((c) => online && ('key' in c || c.input.clientRequestId));
    const upload = sent.find((c): c is Uploaded => 'key' in c)!;
    expect(upload.key).toBe(clientImg);
    const saves = sent.filter((c): c is Sent => 'procedure' in c);
    expect(saves.map((c) => c.procedure).slice(-2)).toEqual(['audits.createResult', 'audits.updateResult']);
    expect(saves.at(-2)!.input.data).toEqual({ photos: [{ imageId: SERVER_IMG }] });
    expect(saves.at(-1)!.input).toMatchObject({ resultId: SERVER_RESULT, data: { photos: [{ imageId: SERVER_IMG }] } });
    // Order: the upload was answered before the first save naming it was sent.
    expect(server.calls.findLastIndex((c) => 'key' in c)).toBeLessThan(server.calls.findIndex((c) => 'procedure' in c && online));
  });

  it('refuses, without sending, a save naming a photo the server refused', async () => {
    const server = fakeTransport((c) => {
      if ('key' in c) throw httpError(400, 'Unallowed file type');
      return { ok: true };
    });
    let online = false;
    const q = track(makeQueue(freshName(), server.transport, { isOnline: () => online }));
    await q.start();
    const { id: img } = await q.enqueue({ scope: 'images', kind: 'upload', file: new Blob(['gif']), fileName: 'a.gif' }, (id) => ({ id }));
    await q.enqueue({ scope: 'x', item: 'p', kind: 'trpc', procedure: 'audits.updateResult', input: { data: { photos: [{ imageId: img }] } } }, () => null);
    online = true;
    q.resume();
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    expect(server.calls.filter((c) => 'procedure' in c)).toHaveLength(0);
    expect(q.itemStatus('p')).toMatchObject({ state: 'refused', message: expect.stringContaining('Unallowed file type') });
  });

  it('upgrades a database of the first format (version 1) and keeps its waiting entries, then sends them', async () => {
    const name = freshName();
    const old = new Dexie(name, fakeIdb);
    defineV1(old);
    const v1: QueueEntryV1 = { id: crypto.randomUUID(), formatVersion: 1, scope: `audit:${AUDIT}`, kind: 'trpc', path: 'audits.setText', input: { id: AUDIT, field: 'summary', text: 'from v1' }, state: 'waiting', attempts: 0, nextTryAt: 0, createdAt: 1 };
    await old.table('entries').add(v1);
    old.close();

    const db = openDb(name);
    const [upgraded] = await db.entries.toArray();
    expect(upgraded).toMatchObject({ id: v1.id, formatVersion: FORMAT_VERSION, procedure: 'audits.setText', item: null, createsId: false });
    expect(upgraded).not.toHaveProperty('path');
    db.close();

    const server = fakeTransport(() => ({ ok: true }));
    const q = track(makeQueue(name, server.transport));
    await q.start();
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    expect(server.calls).toEqual([{ procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: 'from v1', clientRequestId: v1.id } }]);
  });

  it('counts the writes waiting (refused ones do not wait), for the header and the update prompt', async () => {
    const server = fakeTransport((c) => {
      if ((c as Sent).input.text === 'no') throw httpError(403, 'Forbidden');
      throw netError();
    });
    let online = false;
    const q = track(makeQueue(freshName(), server.transport, { isOnline: () => online }));
    await q.start();
    expect(await q.pendingCount()).toBe(0);
    await q.enqueue(text('no'), () => null);
    await q.enqueue(text('a'), () => null);
    await q.enqueue(text('b'), () => null);
    expect(await q.pendingCount()).toBe(3);
    online = true;
    q.resume();
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(2));
    expect(q.waiting()).toBe(2);
  });

  it('asks for persistent storage the first time something is queued and, refused, warns once', async () => {
    localStorage.removeItem('insp-offline-queue-storage-warned');
    const persist = vi.fn(async () => false);
    const server = fakeTransport(() => ({ ok: true }));
    const q = track(makeQueue(freshName(), server.transport, { persist }));
    await q.start();
    expect(persist).not.toHaveBeenCalled();
    await q.enqueue(text('a'));
    await q.enqueue(text('b'));
    expect(persist).toHaveBeenCalledTimes(1);
    expect(q.storageMayBeCleared()).toBe(true);
    q.dismissStorageWarning();
    const again = track(makeQueue(freshName(), server.transport, { persist }));
    await again.start();
    await again.enqueue(text('c'));
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(2));
    expect(again.storageMayBeCleared()).toBe(false); // told once on this device
    localStorage.removeItem('insp-offline-queue-storage-warned');
  });
});
