import { performance } from 'node:perf_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createTestDatabase } from '@insp/db/testing';
import { seedDemo } from '@insp/db/seed';
import { enqueueJob, loadReportData } from '@insp/db';
import { createStorage, newStorageKey } from '@insp/storage';
import { createPdfRenderer, resolveChromium } from '@insp/pdf';
import { renderReportHtml, reportPdfKey } from '@insp/report';
import { renderReportPdf } from '../services/worker/src/jobs/report.pdf.js';
import type { JobDeps } from '../services/worker/src/types.js';
import { summarize } from './stats.js';

const root = resolve(import.meta.dirname, '..');
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Report PDFs (issue 7): (1) one report with 20 camera-sized photos, warm browser, through the worker's job
 * function (load, inline images, render, print, store) beside Chromium printing the same HTML directly in a bare
 * playwright page; (2) throughput of 1 and 2 worker processes (`services/worker/dist/main.js`, PostgreSQL +
 * Redis) on the same batch, with the machine's CPU use while one worker runs.
 */
export default async function reportPdfBench() {
  const database = await createTestDatabase();
  const filesDir = mkdtempSync(join(tmpdir(), 'insp-bench-pdf-'));
  const storage = createStorage({ driver: 'local', dir: filesDir }, { urlSecret: 'bench-secret-bench-secret' });
  const pdf = createPdfRenderer();
  try {
    await seedDemo(database.db, { putFile: async (key, bytes, contentType) => void (await storage.put(key, bytes, { contentType })) });
    const reports = await database.db.selectFrom('inspections').select('id').where('audit_id', 'is', null).where('deleted_at', 'is', null).orderBy('inspection_date', 'desc').limit(6).execute();
    const reportId = reports[0]!.id;
    await attachPhotos(database.db, storage, reportId, 20);
    const deps = { db: database.db, storage, pdf, log: quiet } as unknown as JobDeps;

    // (1) Latency with a warm browser.
    const data = (await loadReportData(database.db, reportId, 'en'))!;
    const key = reportPdfKey(data, 'en');
    await renderReportPdf(deps, reportId, 'en'); // launches and warms the browser
    const job: number[] = [];
    let size = 0;
    for (let i = 0; i < 8; i++) {
      await storage.delete(key);
      const t0 = performance.now();
      size = (await renderReportPdf(deps, reportId, 'en')).bytes.length;
      job.push(performance.now() - t0);
    }
    const html = await inlinedHtml(database.db, storage, data);
    const c = await resolveChromium();
    const bare = await chromium.launch({ executablePath: c.executablePath, args: c.args, headless: true });
    const direct: number[] = [];
    try {
      for (let i = 0; i < 9; i++) {
        const t0 = performance.now();
        const page = await bare.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        await page.pdf({ format: 'A4', printBackground: true, margin: { top: '15mm', right: '12mm', bottom: '15mm', left: '12mm' } });
        await page.close();
        if (i > 0) direct.push(performance.now() - t0); // the first warms the bare browser
      }
    } finally {
      await bare.close();
    }
    const jobS = summarize(job);
    const directS = summarize(direct);
    console.log({ benchmark: 'report PDF, 20 photos, warm browser', htmlKiB: Math.round(html.length / 1024), pdfKiB: Math.round(size / 1024), jobMs: jobS, chromiumDirectMs: directS, p50Ratio: +(jobS.p50 / directS.p50).toFixed(2) });

    // (2) Throughput: the same batch with 1 and 2 worker processes.
    const langs = ['en', 'fi', 'sv', 'de', 'fr', 'es', 'pt'];
    const batch = reports.flatMap((r) => langs.map((lang) => ({ inspectionId: r.id, lang }))).slice(0, 28);
    const keys = await Promise.all(batch.map(async (b) => reportPdfKey((await loadReportData(database.db, b.inspectionId, b.lang))!, b.lang)));
    for (const workers of [1, 2]) {
      for (const k of keys) await storage.delete(k);
      const { seconds, cpu } = await runWorkers(workers, database.url, filesDir, async (run) => {
        for (const [i, b] of batch.entries()) await enqueueJob(database.db, 'report.pdf', b, { idempotencyKey: `bench-${workers}-${run}-${i}` });
      }, () => Promise.all(keys.map((k) => storage.exists(k))).then((all) => all.every(Boolean)));
      console.log({ benchmark: `report PDF throughput, ${workers} worker process(es)`, pdfs: batch.length, seconds: +seconds.toFixed(1), pdfsPerSecond: +(batch.length / seconds).toFixed(2), machineCpuBusy: cpu });
    }
  } finally {
    await pdf.close();
    await database.destroy();
  }
}

/** Camera-like photos: Chromium screenshots of random noise as JPEG (noise does not compress, like real photos). */
async function attachPhotos(db: JobDeps['db'], storage: ReturnType<typeof createStorage>, inspectionId: string, n: number) {
  const c = await resolveChromium();
  const b = await chromium.launch({ executablePath: c.executablePath, args: c.args, headless: true });
  const page = await b.newPage({ viewport: { width: 1280, height: 960 } });
  await page.setContent('<canvas id="c" width="1280" height="960"></canvas>');
  const results = await db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', inspectionId).execute();
  const layouts = ['Default', 'HorizontalGraph', 'Fullscreen'] as const;
  for (let i = 0; i < n; i++) {
    await page.evaluate((seed) => {
      const ctx = (document.getElementById('c') as HTMLCanvasElement).getContext('2d')!;
      const img = ctx.createImageData(1280, 960);
      let x = seed * 9301 + 49297;
      for (let p = 0; p < img.data.length; p += 4) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        img.data[p] = (p / 4) % 256;
        img.data[p + 1] = x & 0x3f;
        img.data[p + 2] = (x >> 8) & 0xff;
        img.data[p + 3] = 255;
      }
      ctx.putImageData(img, 0, 0);
    }, i);
    const bytes = await page.screenshot({ type: 'jpeg', quality: 80 });
    const key = newStorageKey('images', 'jpg');
    const stored = await storage.put(key, bytes, { contentType: 'image/jpeg' });
    const image = await db.insertInto('images').values({ storage_key: key, content_type: 'image/jpeg', size: stored.size, sha256: stored.sha256, width: 1280, height: 960 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('inspection_result_photos').values({ result_id: results[i % results.length]!.id, image_id: image.id, caption: `Photo ${i + 1}`, layout: layouts[i % 3], position: 100 + i }).execute();
  }
  await b.close();
}

async function inlinedHtml(db: JobDeps['db'], storage: ReturnType<typeof createStorage>, data: NonNullable<Awaited<ReturnType<typeof loadReportData>>>) {
  const rows = await db.selectFrom('images').select(['id', 'storage_key', 'content_type']).execute();
  const urls = new Map<string, string>();
  for (const r of rows) {
    const f = await storage.get(r.storage_key);
    if (!f) continue;
    const chunks: Buffer[] = [];
    for await (const ch of f.body) chunks.push(Buffer.from(ch));
    urls.set(r.id, `data:${r.content_type};base64,${Buffer.concat(chunks).toString('base64')}`);
  }
  return renderReportHtml(data, { lang: 'en', forPdf: true, imageUrl: (id) => urls.get(id) ?? '' });
}

/** Starts `count` worker processes, waits until they are ready, runs `enqueue`, and times until `done()`. */
async function runWorkers(count: number, databaseUrl: string, filesDir: string, enqueue: (run: number) => Promise<void>, done: () => Promise<boolean>) {
  const prefix = `bench${process.pid}${count}`;
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, [join(root, 'services/worker/dist/main.js')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: prefix, FILES_DIR: filesDir, DATA_DIR: filesDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    ready.push(new Promise((r) => child.stdout!.on('data', (d) => String(d).includes('worker ready') && r())));
  }
  try {
    await Promise.all(ready);
    const before = cpuTimes();
    const t0 = performance.now();
    await enqueue(count);
    while (!(await done())) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - t0) / 1000;
    const after = cpuTimes();
    const cpu = `${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))}% of ${after.cores} cores`;
    return { seconds, cpu };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  }
}

function cpuTimes() {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d/.test(l));
  let busy = 0;
  let total = 0;
  for (const l of lines) {
    const v = l.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3]! + v[4]!;
    const sum = v.reduce((a, b) => a + b, 0);
    busy += sum - idle;
    total += sum;
  }
  return { busy, total, cores: lines.length };
}
