import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { defineV2, FORMAT_VERSION, type QueueEntry } from './db';
import type { QueueUser, WriteQueue } from './queue';
import { rememberSignedIn, signedInUser } from './signedIn';
import { fakeIdb, fakeTransport, freshName, makeQueue, openDb, testSession, type Sent, type Uploaded } from './queue.fixtures.test-helpers';

const AUDIT = '00000000-0000-4000-8000-0000000000a1';
const ANNA: QueueUser = { id: 'user-anna', name: 'Anna Berg' };
const BEN: QueueUser = { id: 'user-ben', name: 'Ben Kovacs' };

const queues: WriteQueue[] = [];
const track = (q: WriteQueue) => (queues.push(q), q);
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});

const text = (t: string) => ({ scope: `audit:${AUDIT}`, item: `summary-${t}`, kind: 'trpc' as const, procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: t } });
/** The server stand-in records, for every call, whose sign-in it came under. */
function serverOf(session: ReturnType<typeof testSession>) {
  const as: Array<string | undefined> = [];
  const server = fakeTransport(() => {
    as.push(session.user?.id);
    return { ok: true, id: 'server-id' };
  });
  const texts = () => server.calls.map((c) => ('procedure' in c ? (c as Sent).input.text : (c as Uploaded).fileName));
  return { ...server, as, texts };
}

describe('offline write queue: whose sign-in sends a write (format 3)', () => {
  it('keeps a signed-out user\'s writes while another user is signed in, sends them once under their own sign-in when they are back', async () => {
    const session = testSession(ANNA);
    let online = false;
    const server = serverOf(session);
    const q = track(makeQueue(freshName(), server.transport, { user: session.get, isOnline: () => online }));
    await q.start();
    await q.enqueue(text('anna 1'), () => 'local');
    await q.enqueue(text('anna 2'), () => 'local');
    expect((await q.db.entries.toArray()).map((e) => [e.userId, e.userName])).toEqual([[ANNA.id, ANNA.name], [ANNA.id, ANNA.name]]);

    // Anna signs out, Ben signs in, the network is back
    session.user = null;
    await q.userChanged();
    session.user = BEN;
    await q.userChanged();
    online = true;
    q.resume();
    await q.enqueue(text('ben'), () => 'local');
    await vi.waitFor(() => expect(server.texts()).toEqual(['ben']));
    await q.idle();
    expect(server.as).toEqual([BEN.id]);
    // Anna's are kept, counted apart, and hold no app update of Ben's
    expect(await q.pendingCount()).toBe(2);
    expect(q.waiting()).toBe(0);
    expect(q.othersWaiting()).toEqual([{ userId: ANNA.id, name: ANNA.name, count: 2 }]);
    expect(await q.sendableCount()).toBe(0);

    // a reload while Ben is signed in sends none of Anna's either
    q.stop();
    const reloaded = track(makeQueue(q.db.name, server.transport, { user: session.get }));
    await reloaded.start();
    await reloaded.idle();
    expect(server.texts()).toEqual(['ben']);
    expect(reloaded.othersWaiting()).toEqual([{ userId: ANNA.id, name: ANNA.name, count: 2 }]);

    // Anna signs in again: hers go, in order, once each, under her sign-in
    session.user = ANNA;
    await reloaded.userChanged();
    await vi.waitFor(async () => expect(await reloaded.pendingCount()).toBe(0));
    await reloaded.idle();
    expect(server.texts()).toEqual(['ben', 'anna 1', 'anna 2']);
    expect(server.as).toEqual([BEN.id, ANNA.id, ANNA.id]);
    expect(reloaded.othersWaiting()).toEqual([]);
  });

  it('stops the line at once when the user signs out (or someone else signs in) between two sends', async () => {
    const session = testSession(ANNA);
    let online = false;
    const as: Array<string | undefined> = [];
    const server = fakeTransport(() => {
      as.push(session.user?.id);
      session.user = BEN; // another sign-in while the first answer was on its way
      return { ok: true };
    });
    const q = track(makeQueue(freshName(), server.transport, { user: session.get, isOnline: () => online }));
    await q.start();
    await q.enqueue(text('one'), () => 'local');
    await q.enqueue(text('two'), () => 'local');
    online = true;
    q.resume();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    await q.idle();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.calls).toHaveLength(1);
    expect(as).toEqual([ANNA.id]);
    expect(await q.pendingCount()).toBe(1);
  });

  it('uploads a photo only under its maker\'s sign-in, as any other write', async () => {
    const session = testSession(ANNA);
    let online = false;
    const server = serverOf(session);
    const q = track(makeQueue(freshName(), server.transport, { user: session.get, isOnline: () => online }));
    await q.start();
    void q.enqueue({ scope: 'images', item: `audit:${AUDIT}:point`, kind: 'upload', file: new Blob(['png']), fileName: 'anna.png' }, (id) => ({ id }));
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(1));
    session.user = BEN;
    await q.userChanged();
    online = true;
    q.resume();
    await q.enqueue(text('ben'), () => 'local'); // behind Anna's upload in the one line
    expect(server.texts()).toEqual(['ben']);
    expect(q.othersWaiting()).toEqual([{ userId: ANNA.id, name: ANNA.name, count: 1 }]);
    session.user = ANNA;
    await q.userChanged();
    await vi.waitFor(() => expect(server.texts()).toEqual(['ben', 'anna.png']));
    expect(server.as).toEqual([BEN.id, ANNA.id]);
  });

  it('lists only the signed-in user\'s refused writes (another user\'s stay for them)', async () => {
    const session = testSession(ANNA);
    const server = fakeTransport(() => {
      throw Object.assign(new Error('Forbidden'), { status: 403 });
    });
    const q = track(makeQueue(freshName(), server.transport, { user: session.get }));
    await q.start();
    await expect(q.enqueue(text('refused'), () => 'local')).rejects.toThrow('Forbidden');
    expect(await q.refused()).toHaveLength(1);
    session.user = BEN;
    await q.userChanged();
    expect(await q.refused()).toHaveLength(0);
    session.user = ANNA;
    await q.userChanged();
    expect(await q.refused()).toHaveLength(1);
  });

  it('upgrades format-2 entries (no maker): nothing is sent while nobody is signed in, the first user to sign in claims and sends them', async () => {
    const name = freshName();
    const old = new Dexie(name, fakeIdb);
    defineV2(old);
    const v2: QueueEntry = { id: crypto.randomUUID(), formatVersion: 2, scope: `audit:${AUDIT}`, item: 'summary', kind: 'trpc', procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: 'from v2' }, createsId: false, state: 'waiting', attempts: 0, nextTryAt: 0, createdAt: 1 };
    await old.table('entries').add(v2);
    old.close();

    const db = openDb(name);
    const [upgraded] = await db.entries.toArray();
    expect(upgraded).toMatchObject({ id: v2.id, formatVersion: FORMAT_VERSION, procedure: 'audits.setText', item: 'summary' });
    expect(upgraded).not.toHaveProperty('userId');
    db.close();

    const session = testSession(null);
    const server = serverOf(session);
    const q = track(makeQueue(name, server.transport, { user: session.get }));
    await q.start();
    await q.idle();
    expect(server.calls).toHaveLength(0);
    expect((await q.db.entries.toArray())[0]).not.toHaveProperty('userId');
    expect(await q.sendableCount()).toBe(1); // no maker: it holds an update as the signed-in user's would

    session.user = BEN;
    await q.userChanged();
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    expect(server.texts()).toEqual(['from v2']);
    expect(server.as).toEqual([BEN.id]);
  });
});

describe('who the app\'s queue sends for (signedIn.ts)', () => {
  it('is the user recorded with the token held now: nobody once the token is gone or another sign-in replaced it', () => {
    localStorage.setItem('token', 'header.anna-claims.anna-signature-0123456789');
    expect(rememberSignedIn(ANNA)).toBe(true);
    expect(rememberSignedIn(ANNA)).toBe(false);
    expect(signedInUser()).toEqual(ANNA);
    expect(localStorage.getItem('insp-offline-queue-user')).not.toContain('anna-claims'); // no second copy of the token
    localStorage.setItem('token', 'header.ben-claims.ben-signature-0123456789'); // another sign-in, in any tab
    expect(signedInUser()).toBeNull();
    localStorage.removeItem('token'); // signed out
    expect(signedInUser()).toBeNull();
    expect(rememberSignedIn(BEN)).toBe(false); // nothing recorded without a token
    localStorage.removeItem('insp-offline-queue-user');
  });
});
