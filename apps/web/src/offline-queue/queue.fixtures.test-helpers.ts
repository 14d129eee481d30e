import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { QueueDb } from './db';
import { WriteQueue, type QueueUser, type Transport } from './queue';

let n = 0;
/** A fresh database name on fake-indexeddb (a real IndexedDB implementation for Node) for each test. */
export const freshName = () => `queue-test-${Date.now()}-${n++}`;
export const fakeIdb = { indexedDB, IDBKeyRange };
export const openDb = (name: string) => new QueueDb(name, fakeIdb);

export interface Sent { procedure: string; input: Record<string, unknown> }
export interface Uploaded { fileName: string; key: string }

/**
 * A server stand-in: `answer` decides each call (return an answer, or throw `netError()` / `httpError(status)`).
 * Records every call in order.
 */
export function fakeTransport(answer: (call: Sent | Uploaded, index: number) => unknown) {
  const calls: Array<Sent | Uploaded> = [];
  const t: Transport = {
    async mutate(procedure, input) {
      const call = { procedure, input: input as Record<string, unknown> };
      calls.push(call);
      return answer(call, calls.length - 1);
    },
    async upload(_file, fileName, key, onProgress) {
      const call = { fileName, key };
      calls.push(call);
      onProgress(0.5);
      return answer(call, calls.length - 1) as { id: string };
    },
    statusOf: (e) => (e as { status?: number | null }).status ?? null,
    messageOf: (e) => (e as Error).message,
  };
  return { transport: t, calls };
}

export const netError = () => Object.assign(new TypeError('Failed to fetch'), { status: null });
export const httpError = (status: number, message = `HTTP ${status}`) => Object.assign(new Error(message), { status });

/** The user signed in for a test queue unless it says otherwise (`user` in `over`). */
export const TEST_USER: QueueUser = { id: 'user-test', name: 'Tess Tester' };

/** A sign-in that a test changes: `session.user = B` is B signing in, `null` signing out. */
export function testSession(user: QueueUser | null = TEST_USER) {
  const s = { user, get: () => s.user };
  return s;
}

export function makeQueue(name: string, transport: Transport, over: Partial<ConstructorParameters<typeof WriteQueue>[0]> = {}) {
  return new WriteQueue({ transport, db: openDb(name), backoff: { baseMs: 20, maxMs: 40, random: () => 0 }, persist: async () => true, user: () => TEST_USER, ...over });
}
