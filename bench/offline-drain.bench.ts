import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createTestApp } from '../services/api/src/testing/test-app.js';
import { startProduct } from './http-product.js';
import { hundredPointInspection, noisyPng } from './hundred-point-inspection.js';
import { summarize } from './stats.js';

const ANSWERS = 100;
const PHOTOS = 20;
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_RATIO = 1.5;

/**
 * Issue 23: the offline queue drains 100 answers and 20 photos within 1.5 × the time the same requests take sent
 * directly. Over HTTP on localhost against the built product (PostgreSQL, local storage), with the web app's own
 * code: the queue (offline-queue/queue.ts on fake-indexeddb, whose work runs on this thread: an upper bound) and its
 * upload (inspection-writes/resumableUpload.ts, tus in 1 MB pieces). Each answer is one autosave (`PUT results`
 * through tRPC `inspectionEdit.saveResults`, as the queue sends it); each of the first 20 names a photo uploaded just
 * before it. Directly: the same requests one after another, each awaited, as an online form sends them. Queued: all
 * 120 stored while offline, then timed from 'online' until the queue is empty. The two alternate each round.
 */
export default async function offlineDrainBench() {
  const dir = await mkdtemp(join(tmpdir(), 'insp-bench-drain-'));
  process.env.DATA_DIR = join(dir, 'data');
  const t = await createTestApp();
  const product = await startProduct({ databaseUrl: t.database.url, logFile: join(dir, 'api.log'), env: { DATA_DIR: join(dir, 'data') } });
  try {
    const { inspection, categories, token, protocol } = await hundredPointInspection(t, product, ANSWERS);
    // The web modules read the page's origin and the token from the browser's globals.
    Object.assign(globalThis, {
      window: { location: { origin: product.url }, addEventListener() {}, removeEventListener() {} },
      document: { addEventListener() {}, removeEventListener() {}, visibilityState: 'visible' },
      localStorage: { getItem: (k: string) => (k === 'token' ? token : null), setItem() {}, removeItem() {} },
    });
    const { resumableUpload, UploadError } = await import('../apps/web/src/inspection-writes/index.js');
    const { WriteQueue } = await import('../apps/web/src/offline-queue/queue.js');
    const { QueueDb } = await import('../apps/web/src/offline-queue/db.js');

    const points = await t.db.selectFrom('protocol_points').select(['id', 'protocol_category_id']).where('protocol_id', '=', protocol.id).orderBy('protocol_category_id').orderBy('index').execute();
    const categoryOf = new Map(categories.map((c) => [c.protocol_category_id, c.id]));
    const photo = noisyPng(PHOTO_KB * 1024);
    const photoBlob = new Blob([photo], { type: 'image/png' });

    class HttpError extends Error {
      constructor(readonly status: number, message: string) {
        super(message);
      }
    }
    const mutate = async (procedure: string, input: unknown) => {
      const res = await fetch(`${product.url}/trpc/${procedure}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(input) });
      const body = (await res.json()) as { result?: { data: unknown }; error?: { message: string } };
      if (!res.ok) throw new HttpError(res.status, body.error?.message ?? String(res.status));
      return body.result!.data;
    };
    // tus-js-client's Node build reads Buffers, not Blobs: the same bytes, handed over as a Buffer on both sides.
    const upload = async (file: Blob, fileName: string, key: string) =>
      resumableUpload(Buffer.from(await file.arrayBuffer()) as unknown as Blob, fileName, { kind: 'image', idempotencyKey: key });
    const answer = (i: number, imageId: string | null, round: number) => {
      const p = points[i]!;
      return {
        id: inspection,
        data: { results: [{ categoryId: categoryOf.get(p.protocol_category_id)!, protocolPointId: p.id, content: { comment: `Round ${round}, point ${i}`, photos: imageId ? [{ imageId, caption: `Photo ${i}`, layout: 'Default' }] : [] } }] },
      };
    };

    const direct = async (round: number) => {
      for (let i = 0; i < ANSWERS; i++) {
        const imageId = i < PHOTOS ? (await upload(photoBlob, `photo-${i}.png`, randomUUID())).id : null;
        await mutate('inspectionEdit.saveResults', { ...answer(i, imageId, round), clientRequestId: randomUUID() });
      }
    };
    let n = 0;
    const queued = async (round: number) => {
      let online = false;
      const db = new QueueDb(`bench-drain-${n++}`, { indexedDB, IDBKeyRange });
      const q = new WriteQueue({
        db,
        isOnline: () => online,
        persist: async () => true,
        user: () => ({ id: 'bench', name: 'Bench' }),
        transport: {
          mutate,
          upload: (file, fileName, key) => upload(file, fileName, key),
          statusOf: (e) => (e instanceof HttpError ? e.status : e instanceof UploadError ? e.status : null),
          messageOf: (e) => (e as Error).message,
        },
      });
      await q.start();
      const scope = `inspection:${inspection}`;
      for (let i = 0; i < ANSWERS; i++) {
        let imageId: string | null = null;
        if (i < PHOTOS) imageId = (await q.enqueue({ scope: 'images', item: `p${i}`, kind: 'upload', uploadKind: 'image', file: photoBlob, fileName: `photo-${i}.png`, createsId: true }, (id) => ({ id }))).id;
        void q.enqueue({ scope, item: `p${i}`, kind: 'trpc', procedure: 'inspectionEdit.saveResults', input: answer(i, imageId, round) }, () => ({ stored: true }));
      }
      if ((await q.pendingCount()) !== ANSWERS + PHOTOS) throw new Error('not everything was queued');
      const t0 = performance.now();
      online = true;
      q.resume();
      while ((await q.pendingCount()) > 0) {
        await q.idle();
        await new Promise((r) => setTimeout(r, 1));
      }
      const ms = performance.now() - t0;
      const refused = await q.refused();
      if (refused.length) throw new Error(`refused: ${refused[0]!.error}`);
      q.stop();
      db.close();
      return ms;
    };

    await direct(-1); // warm-up: JIT, pools, PostgreSQL and page caches
    await queued(-1);
    const directMs: number[] = [];
    const queuedMs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const which of r % 2 ? ['queued', 'direct'] : ['direct', 'queued']) {
        if (which === 'direct') {
          const t0 = performance.now();
          await direct(r);
          directMs.push(performance.now() - t0);
        } else queuedMs.push(await queued(r));
      }
    }
    const results = await t.db.selectFrom('inspection_point_results').select((eb) => eb.fn.countAll<number>().as('n')).where('inspection_id', '=', inspection).executeTakeFirstOrThrow();
    if (Number(results.n) !== ANSWERS) throw new Error(`expected ${ANSWERS} results, found ${results.n}`);
    const d = summarize(directMs);
    const q = summarize(queuedMs);
    console.log({ answers: ANSWERS, photos: PHOTOS, photoKB: PHOTO_KB, rounds: ROUNDS });
    console.table({
      'queue drain (offline queue, IndexedDB, tus)': { p50: Math.round(q.p50), max: Math.round(Math.max(...queuedMs)) },
      'the same requests sent directly, one after another': { p50: Math.round(d.p50), max: Math.round(Math.max(...directMs)) },
    });
    const ratio = q.p50 / d.p50;
    console.log(`ratio p50: ${ratio.toFixed(2)} x direct; goal ≤ ${GOAL_RATIO} x: ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'}`);
  } finally {
    await product.stop();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
