import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { AvailableDb } from '../apps/web/src/offline-available/db.js';
import { makeAvailableOffline, type ServerBundle } from '../apps/web/src/offline-available/download.js';
import { createTestApp } from '../services/api/src/testing/test-app.js';
import { startProduct } from './http-product.js';
import { hundredPointInspection, noisyPng } from './hundred-point-inspection.js';
import { summarize } from './stats.js';

const POINTS = 100;
const PHOTOS = 20;
/** A tablet camera's photo as the app uploads it (BENCH_PHOTO_KB). */
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL_MS = 10_000;
const PARALLEL = 6;

/**
 * Issue 23: 'Make available offline' of an inspection of 100 points with 20 photos (BENCH_PHOTO_KB each, default
 * 1 MB), over HTTP on localhost against the built product (PostgreSQL, local storage): the web app's own download
 * code (offline-available/download.ts: one `offline.inspection` call, the files six at a time, all stored in one
 * IndexedDB transaction; fake-indexeddb here, whose work runs on the calling thread: an upper bound), beside the bare
 * download of the same bytes in the same run: the edit form's raw requests (editDetails, emailChoices, each photo,
 * six at a time), read and dropped. Goal < 10 s.
 */
export default async function offlineAvailableBench() {
  const dir = await mkdtemp(join(tmpdir(), 'insp-bench-offline-'));
  process.env.DATA_DIR = join(dir, 'data');
  const t = await createTestApp();
  const product = await startProduct({ databaseUrl: t.database.url, logFile: join(dir, 'api.log'), env: { DATA_DIR: join(dir, 'data') } });
  try {
    const { inspection, categories, auth, radio, protocol } = await hundredPointInspection(t, product, POINTS);

    // 20 photos uploaded through the product (real bytes in its storage), one on each of 20 radio points' results.
    const radios = await t.db.selectFrom('protocol_points').select(['id', 'protocol_category_id']).where('protocol_id', '=', protocol.id).where('inspection_point_id', '=', radio).orderBy('protocol_category_id').orderBy('index').execute();
    for (let i = 0; i < PHOTOS; i++) {
      const form = new FormData();
      form.append('file', new Blob([noisyPng(PHOTO_KB * 1024)], { type: 'image/png' }), `photo-${i}.png`);
      const up = await fetch(`${product.url}/api/v1/images`, { method: 'POST', headers: auth, body: form });
      if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
      const imageId = ((await up.json()) as { id: string }).id;
      const p = radios[i % radios.length]!;
      const category = categories.find((c) => c.protocol_category_id === p.protocol_category_id)!.id;
      const result = await t.db.insertInto('inspection_point_results').values({ inspection_id: inspection, inspection_category_id: category, protocol_point_id: p.id, inspection_point_id: radio, index: i, selection: 'Worn', rating: 1, comment: `Photo ${i}` } as never).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('inspection_result_photos').values({ result_id: result.id, image_id: imageId, caption: `Photo ${i}`, layout: 'Fullscreen', position: 0 }).execute();
    }

    const trpcGet = async (path: string) => {
      const res = await fetch(`${product.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ id: inspection }))}`, { headers: auth });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    };
    const fetchFile = async (path: string) => {
      const res = await fetch(product.url + path, { headers: auth });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.blob();
    };
    const fetchBundle = async (): Promise<ServerBundle> => {
      const b = (await trpcGet('offline.inspection')) as { name: string; files: { path: string }[]; editDetails: unknown; emailChoices: unknown };
      return { name: b.name, files: b.files, reads: [{ path: 'inspectionEdit.editDetails', input: { id: inspection }, data: b.editDetails }, { path: 'inspectionEdit.emailChoices', input: { id: inspection }, data: b.emailChoices }] };
    };
    const bundle = await fetchBundle();
    if (bundle.files.length !== PHOTOS) throw new Error(`expected ${PHOTOS} files, the bundle names ${bundle.files.length}`);

    /** The raw requests the edit form makes for the same data, six files at a time, bytes read and dropped. */
    const bare = async () => {
      let bytes = 0;
      const [edit, choices] = await Promise.all([trpcGet('inspectionEdit.editDetails'), trpcGet('inspectionEdit.emailChoices')]);
      bytes += JSON.stringify(edit).length + JSON.stringify(choices).length;
      const paths = bundle.files.map((x) => x.path);
      let next = 0;
      await Promise.all(Array.from({ length: PARALLEL }, async () => {
        while (next < paths.length) {
          const size = (await fetchFile(paths[next++]!)).size; // not `bytes += await …`: that reads bytes before the wait
          bytes += size;
        }
      }));
      return bytes;
    };
    let n = 0;
    const available = async () => {
      const db = new AvailableDb(`bench-${n++}`, { indexedDB, IDBKeyRange });
      const item = await makeAvailableOffline('inspection', inspection, { db, fetchBundle, fetchFile });
      db.close();
      return item.bytes;
    };

    await bare();
    await available(); // warm-up: JIT, pools, PostgreSQL and page caches
    const bareMs: number[] = [];
    const availableMs: number[] = [];
    let bareBytes = 0;
    let storedBytes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      // alternate the order so neither always runs on the warmer machine
      for (const which of r % 2 ? ['available', 'bare'] : ['bare', 'available']) {
        const t0 = performance.now();
        if (which === 'bare') bareBytes = await bare();
        else storedBytes = await available();
        (which === 'bare' ? bareMs : availableMs).push(performance.now() - t0);
      }
    }
    const a = summarize(availableMs);
    const b = summarize(bareMs);
    console.log({ points: POINTS, photos: PHOTOS, photoKB: PHOTO_KB, rounds: ROUNDS, storedMB: +(storedBytes / 1048576).toFixed(1), bareMB: +(bareBytes / 1048576).toFixed(1), goalMs: GOAL_MS });
    console.table({
      'make available offline (one call + files + IndexedDB)': { p50: Math.round(a.p50), max: Math.round(Math.max(...availableMs)) },
      'bare download of the same bytes (raw requests)': { p50: Math.round(b.p50), max: Math.round(Math.max(...bareMs)) },
    });
    console.log(`ratio p50: ${(a.p50 / b.p50).toFixed(2)} x the bare download; goal: ${Math.max(...availableMs) < GOAL_MS ? 'met' : 'NOT met'} (< ${GOAL_MS} ms)`);
  } finally {
    await product.stop();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
