import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InspectionWrites } from '../inspection-writes';
import { KeptForLaterError, type WriteQueue } from './queue';
import { fakeTransport, freshName, makeQueue, netError, type Sent } from './queue.fixtures.test-helpers';
import { queuedWrites } from './writes';

const AUDIT = '00000000-0000-4000-8000-0000000000a1';
const RUN = '00000000-0000-4000-8000-0000000000b1';
const POINT = '00000000-0000-4000-8000-0000000000c1';
const SERVER_IMG = '00000000-0000-4000-8000-0000000000f1';
const SERVER_RESULT = '00000000-0000-4000-8000-0000000000e1';
const content = { selection: null, value: '12,5', comment: null, rating: 'Ok', photos: [] as Array<{ imageId: string; caption?: string }> };

const queues: WriteQueue[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});
const direct = { createInspection: vi.fn(async () => ({ id: 'started' })), discardInspection: vi.fn(async () => ({ id: 'x' })) } as unknown as InspectionWrites;

describe('the write module on the offline queue', () => {
  it('online, answers what the server answered and passes the upload\'s progress to the caller', async () => {
    const server = fakeTransport((c) => ('key' in c ? { id: SERVER_IMG } : { id: SERVER_RESULT, photos: [] }));
    const q = makeQueue(freshName(), server.transport);
    queues.push(q);
    await q.start();
    const writes = queuedWrites(q, direct, 'item');
    const progress: number[] = [];
    await expect(writes.uploadPhoto(new Blob(['png']), 'a.png', { onProgress: (f) => progress.push(f) })).resolves.toEqual({ id: SERVER_IMG });
    expect(progress).toEqual([0.5, 1]);
    await expect(writes.createAuditResult(AUDIT, RUN, POINT, content as never)).resolves.toEqual({ id: SERVER_RESULT, photos: [] });
    expect((server.calls[1] as Sent)).toMatchObject({ procedure: 'audits.createResult', input: { id: AUDIT, runId: RUN, pointId: POINT, clientRequestId: expect.any(String) } });
    expect(q.itemStatus('item')).toEqual({ state: 'saved' });
  });

  it('offline, answers a new point\'s result on the device under a client id, and later sends the update under the server\'s', async () => {
    let online = false;
    const server = fakeTransport((c) => {
      if (!online) throw netError();
      return 'key' in c ? { id: SERVER_IMG } : { id: SERVER_RESULT, photos: [] };
    });
    const q = makeQueue(freshName(), server.transport, { isOnline: () => online });
    queues.push(q);
    await q.start();
    const writes = queuedWrites(q, direct);
    const { id: img } = await writes.uploadPhoto(new Blob(['png']), 'a.png');
    const created = await writes.createAuditResult(AUDIT, RUN, POINT, { ...content, photos: [{ imageId: img, caption: 'Liner' }] } as never);
    expect(created).toMatchObject({ id: expect.any(String), value: '12,5', photos: [{ imageId: img, caption: 'Liner' }] });
    await expect(writes.updateAuditResult(AUDIT, created.id!, { ...content, value: '13' } as never)).resolves.toMatchObject({ id: created.id, value: '13' });
    // Only the server can answer a new run or the whole inspection: kept for later, said so.
    await expect(writes.addRun(AUDIT, { protocolId: POINT } as never)).rejects.toBeInstanceOf(KeptForLaterError);
    await expect(writes.saveInspection(AUDIT, 'en', {} as never)).rejects.toBeInstanceOf(KeptForLaterError);

    online = true;
    q.resume();
    await vi.waitFor(async () => expect(await q.pendingCount()).toBe(0));
    const update = (server.calls as Sent[]).find((c) => c.procedure === 'audits.updateResult')!;
    expect(update.input).toMatchObject({ resultId: SERVER_RESULT, data: { value: '13' } });
    const create = (server.calls as Sent[]).find((c) => c.procedure === 'audits.createResult')!;
    expect(create.input).toMatchObject({ data: { photos: [{ imageId: SERVER_IMG, caption: 'Liner' }] } });
  });

  it('starts an inspection directly: the edit data of a new start only the server can give', async () => {
    const q = makeQueue(freshName(), fakeTransport(() => ({})).transport);
    queues.push(q);
    await expect(queuedWrites(q, direct).createInspection({} as never)).resolves.toEqual({ id: 'started' });
    expect(await q.pendingCount()).toBe(0);
  });
});
