import { createReadStream, createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@insp/db/testing';
import { sessionTokens, startFileFloor, startProduct } from './http-product.js';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_FILE_MB ?? 200) * MB;
/** Resident memory a 200 MB transfer may add to the API process (issue 21). */
const RSS_LIMIT_MB = 64;
/** Throughput within this factor of copying the same file on the same disk (issue 21). */
const SPEED_FACTOR = 1.5;

/**
 * Issue 21: a 200 MB document (BENCH_FILE_MB) uploaded through the API (`POST api/v1/documentlibrary/document`,
 * multipart) and downloaded again (`GET api/v1/documentlibrary/{id}`), with the built product on PostgreSQL and the
 * local storage driver, beside a plain stream copy of the same file on the same disk in the same run. Per step:
 * seconds, MB/s, and the growth of the API process's resident memory (VmRSS from /proc, sampled every 10 ms) over
 * its level before the step; limits: 64 MB and 1.5 × the disk copy's time.
 */
export default async function documentUploadHttpBench() {
  const dir = await mkdtemp(join(tmpdir(), 'insp-bench-upload-'));
  const database = await createTestDatabase();
  const product = await startProduct({ databaseUrl: database.url, logFile: join(dir, 'api.log'), env: { DOCUMENT_MAX_MB: String(Math.ceil(SIZE / MB) + 16), DATA_DIR: join(dir, 'data') } });
  try {
    const user = await database.db.insertInto('users').values({ kind: 'staff', email: 'bench.manager@company.example', name: 'Bench', idp_groups: ['Manager'] }).returning('id').executeTakeFirstOrThrow();
    const [{ token }] = (await sessionTokens(database.db, product, [user.id])) as [{ token: string }];
    const auth = { authorization: `Bearer ${token}` };

    const source = join(dir, 'manual.pdf');
    await pipeline(
      Readable.from((function* () {
        yield Buffer.from('%PDF-1.4\n');
        for (let left = SIZE - 9; left > 0; left -= MB) yield randomBytes(Math.min(MB, left));
      })()),
      createWriteStream(source),
    );

    const copy = await measure(product.pid, () => pipeline(createReadStream(source), createWriteStream(join(dir, 'copy.pdf'))));

    let documentId = '';
    const upload = await measure(product.pid, async () => {
      const form = new FormData();
      form.append('sourceSystem', 'UI');
      form.append('file', await openAsBlob(source, { type: 'application/pdf' }), 'manual.pdf');
      const res = await fetch(`${product.url}/api/v1/documentlibrary/document`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      documentId = ((await res.json()) as { id: string }).id;
    });

    const target = join(dir, 'downloaded.pdf');
    const download = await measure(product.pid, async () => {
      const res = await fetch(`${product.url}/api/v1/documentlibrary/${documentId}`, { headers: auth });
      if (res.status !== 200 || !res.body) throw new Error(`download answered ${res.status}`);
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(target));
    });
    const same = readFileSync(source).equals(readFileSync(target));

    // The same two transfers against a bare node:http server that only streams bytes to and from the disk: what
    // HTTP over loopback costs on this machine before any work of the product's.
    const floor = await startFileFloor(join(dir, 'floor.bin'));
    let floorUpload: Measured;
    let floorDownload: Measured;
    try {
      floorUpload = await measure(floor.pid, async () => {
        const form = new FormData();
        form.append('file', await openAsBlob(source, { type: 'application/pdf' }), 'manual.pdf');
        const res = await fetch(`${floor.url}/upload`, { method: 'POST', body: form });
        if (res.status !== 201) throw new Error(`floor upload answered ${res.status}`);
      });
      await pipeline(createReadStream(source), createWriteStream(join(dir, 'floor.bin')));
      floorDownload = await measure(floor.pid, async () => {
        const res = await fetch(`${floor.url}/file`);
        if (res.status !== 200 || !res.body) throw new Error(`floor download answered ${res.status}`);
        await pipeline(Readable.fromWeb(res.body as never), createWriteStream(join(dir, 'floor-downloaded.bin')));
      });
    } finally {
      await floor.stop();
    }

    const row = (m: Measured) => ({
      seconds: +m.seconds.toFixed(2),
      'MB/s': +(SIZE / MB / m.seconds).toFixed(0),
      apiRssGrowthMB: +(m.rssGrowth / MB).toFixed(1),
      'x disk copy': +(m.seconds / copy.seconds).toFixed(2),
    });
    console.log({ fileMB: SIZE / MB, limits: { apiRssGrowthMB: RSS_LIMIT_MB, timesDiskCopy: SPEED_FACTOR }, downloadedBytesEqual: same });
    console.table({
      'disk stream copy': row(copy),
      'upload through the API': row(upload),
      'upload, bare node:http to disk': row(floorUpload),
      'download through the API': row(download),
      'download, bare node:http from disk': row(floorDownload),
    });
  } finally {
    await product.stop();
    await database.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

interface Measured {
  seconds: number;
  rssGrowth: number;
}

/** VmRSS of a process, in bytes. */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

async function measure(pid: number, fn: () => Promise<unknown>): Promise<Measured> {
  const base = rssOf(pid);
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssOf(pid));
  return { seconds: (performance.now() - started) / 1000, rssGrowth: peak - base };
}
