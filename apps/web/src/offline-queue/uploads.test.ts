import { afterEach, describe, expect, it, vi } from 'vitest';
import { directWrites } from '../inspection-writes';
import type { Transport, UploadResume, WriteQueue } from './queue';
import { freshName, makeQueue, netError } from './queue.fixtures.test-helpers';
import { queuedWrites } from './writes';

const queues: WriteQueue[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});

interface UploadCall { fileName: string; key: string; kind: string; resumeFrom: string | null }

/** A server stand-in for resumable uploads: `answer` decides each try; `resume` is what the queue passed. */
function uploadServer(answer: (call: UploadCall, resume: UploadResume) => { id: string }) {
  const calls: UploadCall[] = [];
  const transport: Transport = {
    mutate: async () => ({}),
    async upload(_file, fileName, key, onProgress, resume) {
      const call = { fileName, key, kind: resume!.kind, resumeFrom: resume!.uploadUrl };
      calls.push(call);
      onProgress(0.4);
      return answer(call, resume!);
    },
    statusOf: (e) => (e as { status?: number | null }).status ?? null,
    messageOf: (e) => (e as Error).message,
  };
  return { transport, calls };
}

describe('resumable uploads in the queue', () => {
  it('a try cut off after the server made the upload goes on from that upload, also after a reload', async () => {
    const name = freshName();
    // First page: the server makes the upload (its URL is reported), then the network drops.
    const cut = uploadServer((_call, resume) => {
      resume.onUploadUrl('/api/v1/uploads/abc123');
      throw netError();
    });
    const first = makeQueue(name, cut.transport, { backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0 } });
    queues.push(first);
    await first.start();
    const writes = queuedWrites(first, directWrites, 'point-1');
    const { id: clientId } = await writes.uploadVoiceComment(new Blob(['webm']), 'voice.webm');
    await first.idle();
    expect(cut.calls).toEqual([{ fileName: 'voice.webm', key: clientId, kind: 'voice', resumeFrom: null }]);
    expect((await first.db.entries.toArray())[0]).toMatchObject({ uploadKind: 'voice', uploadUrl: '/api/v1/uploads/abc123' });
    first.stop();
    first.db.close();

    // The page is reloaded: the next try names the same upload and the same key.
    const server = uploadServer(() => ({ id: '00000000-0000-4000-8000-0000000000f9' }));
    // (Two minutes later: the first try's backoff is over.)
    const second = makeQueue(name, server.transport, { now: () => Date.now() + 120_000 });
    queues.push(second);
    await second.start();
    await vi.waitFor(async () => expect(await second.pendingCount()).toBe(0));
    expect(server.calls).toEqual([{ fileName: 'voice.webm', key: clientId, kind: 'voice', resumeFrom: '/api/v1/uploads/abc123' }]);
    expect(await second.db.ids.get(clientId)).toMatchObject({ serverId: '00000000-0000-4000-8000-0000000000f9' });
  });

  it('photos go up as images, with the progress the screen shows', async () => {
    const server = uploadServer(() => ({ id: '00000000-0000-4000-8000-0000000000fa' }));
    const q = makeQueue(freshName(), server.transport);
    queues.push(q);
    await q.start();
    const progress: number[] = [];
    await expect(queuedWrites(q, directWrites).uploadPhoto(new Blob(['png']), 'a.png', { onProgress: (f) => progress.push(f) }))
      .resolves.toEqual({ id: '00000000-0000-4000-8000-0000000000fa' });
    expect(server.calls[0]!.kind).toBe('image');
    expect(progress).toEqual([0.4, 1]);
  });
});
