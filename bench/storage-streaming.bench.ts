import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createLocalStorage, createS3Storage, type Storage } from '@insp/storage';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_FILE_MB ?? 200) * MB;
/** Resident memory a 200 MB transfer may add to the process (issue 21). */
const RSS_LIMIT = 64 * MB;

/**
 * Streaming at size (issue 21): a 200 MB file (BENCH_FILE_MB) put into and read back out of storage through the
 * storage interface, on the local driver and on the S3 driver (against s3rver in a child process, so only the
 * client's memory is measured, as with MinIO in compose), beside a plain stream copy of the same file on the same
 * disk in the same run. Per step: seconds, MB/s, and the growth of this process's resident memory (RSS) over its
 * level before the step, sampled every 10 ms; limit 64 MB. An HTTP upload through the API comes with the document
 * library's upload route (issue 21, built separately) and is not measured here.
 */
export default async function storageStreamingBench() {
  const dir = await mkdtemp(join(tmpdir(), 'insp-bench-stream-'));
  const child = await startS3rver(join(dir, 's3rver'));
  try {
    const source = join(dir, 'source.bin');
    await writeSource(source);
    const sha = await hashFile(source);
    const local = createLocalStorage({ dir: join(dir, 'local'), urlSecret: randomBytes(32) });
    const s3 = createS3Storage({
      bucket: 'bench',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${child.port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

    const rows: Record<string, ReturnType<typeof row>> = {};
    rows['disk copy (stream, same disk)'] = row(await measure(() => pipeline(createReadStream(source), createWriteStream(join(dir, 'copy.bin')))));
    for (const [name, storage] of [['local', local], ['s3 (s3rver)', s3]] as const) {
      rows[`${name} put`] = row(await measure(() => put(storage, source, sha)));
      rows[`${name} get`] = row(await measure(() => get(storage, join(dir, `${name.split(' ')[0]}-out.bin`), sha)));
    }
    console.log({ fileMB: SIZE / MB, rssLimitMB: RSS_LIMIT / MB });
    console.table(rows);
    const over = Object.entries(rows).filter(([, r]) => r.rssGrowthMB > RSS_LIMIT / MB);
    if (over.length) console.log(`over the ${RSS_LIMIT / MB} MB limit: ${over.map(([k]) => k).join(', ')}`);
  } finally {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

const KEY = 'bench/200mb.bin';

async function put(storage: Storage, source: string, sha: string) {
  const r = await storage.put(KEY, createReadStream(source), { contentType: 'application/octet-stream' });
  if (r.size !== SIZE || r.sha256 !== sha) throw new Error(`put stored ${r.size} bytes, sha ${r.sha256}`);
}

async function get(storage: Storage, target: string, sha: string) {
  const file = await storage.get(KEY);
  if (!file) throw new Error('not found');
  const h = createHash('sha256');
  await pipeline(file.body, async function* (chunks) {
    for await (const c of chunks) {
      h.update(c);
      yield c;
    }
  }, createWriteStream(target));
  if (h.digest('hex') !== sha) throw new Error('read back other bytes');
}

function row(m: { seconds: number; rssGrowth: number }) {
  return { seconds: +m.seconds.toFixed(2), 'MB/s': +(SIZE / MB / m.seconds).toFixed(0), rssGrowthMB: +(m.rssGrowth / MB).toFixed(1) };
}

async function measure(fn: () => Promise<unknown>) {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds: (performance.now() - started) / 1000, rssGrowth: peak - base };
}

/** 1 MB random blocks, each written once: no buffer of the whole file in this process. */
async function writeSource(path: string) {
  const out = createWriteStream(path);
  await pipeline(
    (async function* () {
      for (let i = 0; i < SIZE / MB; i++) yield randomBytes(MB);
    })(),
    out,
  );
  if ((await stat(path)).size !== SIZE) throw new Error('source file short');
}

async function hashFile(path: string) {
  const h = createHash('sha256');
  for await (const c of createReadStream(path)) h.update(c);
  return h.digest('hex');
}

/** s3rver in a child process (bench/s3rver-child.mjs): its memory is not this process's, as MinIO's would not be. */
async function startS3rver(directory: string): Promise<{ port: number; kill(): void }> {
  const child = fork(fileURLToPath(new URL('./s3rver-child.mjs', import.meta.url)), [directory], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return { port, kill: () => void child.kill() };
}
