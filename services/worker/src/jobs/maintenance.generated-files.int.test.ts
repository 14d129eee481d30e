import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordGeneratedFile, touchGeneratedFile } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { createLocalStorage, type Storage } from '@insp/storage';
import type { JobDeps } from '../types.js';
import { memoryLog, tempDir } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';
import { deleteUnusedGeneratedFiles } from './maintenance.generated-files.job.js';

let database: TestDatabase;
let storage: Storage;
let folder: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  database = await createTestDatabase();
  folder = await tempDir('insp-generated-files-');
  storage = createLocalStorage({ dir: folder.dir, urlSecret: randomBytes(32) });
});
afterAll(async () => {
  await database?.destroy();
  await folder?.remove();
});
beforeEach(async () => {
  await database.db.deleteFrom('shared_links').execute();
  await database.db.deleteFrom('generated_files').execute();
});

const ago = (days: number) => sql<Date>`now() - ${`${days * 24} hours`}::interval` as unknown as Date;
const hex = () => randomBytes(32).toString('hex');

/** A printed file in storage and its row, last asked for `daysAgo` days ago. */
async function generated(folderName: 'report-pdf' | 'audit-pdf' | 'protocol-export', daysAgo: number) {
  const h = hex();
  const key = `${folderName}/${h.slice(0, 2)}/${h}-en.${folderName === 'protocol-export' ? 'xlsx' : 'pdf'}`;
  await storage.put(key, Buffer.from(`%PDF ${key}`), { contentType: 'application/pdf' });
  await recordGeneratedFile(database.db, key, 10);
  await database.db.updateTable('generated_files').set({ last_used_at: ago(daysAgo), created_at: ago(daysAgo) }).where('storage_key', '=', key).execute();
  return key;
}

/** A shared link holding `key`, as the storageurl calls write it. */
const shareLink = (key: string, expiresInDays: number, revoked = false) =>
  database.db
    .insertInto('shared_links')
    .values({
      token_hash: hex(),
      target_kind: 'inspection_report',
      target_id: randomUUID(),
      lang: 'en',
      storage_key: key,
      file_name: 'report.pdf',
      expires_at: ago(-expiresInDays),
      revoked_at: revoked ? ago(1) : null,
    })
    .execute();

const rows = async () => (await database.db.selectFrom('generated_files').select('storage_key').execute()).map((r) => r.storage_key).sort();

describe('clean-up of unused generated files (maintenance.generatedFiles)', () => {
  it('deletes PDFs and exports unused for 30 days, and keeps younger ones, those a live shared link holds and every upload', async () => {
    const oldReport = await generated('report-pdf', 31);
    const oldAudit = await generated('audit-pdf', 45);
    const oldExport = await generated('protocol-export', 60);
    const young = await generated('report-pdf', 29);
    const shared = await generated('report-pdf', 90);
    await shareLink(shared, 3);
    const expiredLink = await generated('audit-pdf', 40);
    await shareLink(expiredLink, -1);
    const revokedLink = await generated('report-pdf', 40);
    await shareLink(revokedLink, 10, true);
    // an upload is never a generated file: not in the table, never touched
    const upload = `images/2026-11/${hex()}.jpg`;
    await storage.put(upload, Buffer.from('jpeg'), { contentType: 'image/jpeg' });

    const deps = { db: database.db, storage, log: memoryLog() } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'maintenance.generatedFiles', {}, { attempt: 1 })).toEqual({ deleted: 5, batches: 1, adopted: 0 });

    for (const gone of [oldReport, oldAudit, oldExport, expiredLink, revokedLink]) expect(await storage.exists(gone), gone).toBe(false);
    for (const kept of [young, shared, upload]) expect(await storage.exists(kept), kept).toBe(true);
    expect(await rows()).toEqual([shared, young].sort());

    // Idempotent: a second run (BullMQ may run a job twice) deletes nothing more.
    expect(await runJob(jobRegistry, deps, 'maintenance.generatedFiles', {}, { attempt: 2 })).toEqual({ deleted: 0, batches: 1, adopted: 0 });
  });

  it('keeps a file asked for again before the run: a touch makes it young', async () => {
    const key = await generated('report-pdf', 40);
    await touchGeneratedFile(database.db, key);
    expect(await deleteUnusedGeneratedFiles(database.db, storage)).toEqual({ deleted: 0, batches: 1 });
    expect(await storage.exists(key)).toBe(true);
  });

  it('adopts a file stored before files were recorded the first time it is asked for, and refreshes a busy one at most hourly', async () => {
    const h = hex();
    const legacy = `report-pdf/${h.slice(0, 2)}/${h}-de.pdf`;
    await touchGeneratedFile(database.db, legacy);
    const first = await database.db.selectFrom('generated_files').select(['kind', 'last_used_at']).where('storage_key', '=', legacy).executeTakeFirstOrThrow();
    expect(first.kind).toBe('report_pdf');
    await database.db.updateTable('generated_files').set({ last_used_at: ago(0.01) }).where('storage_key', '=', legacy).execute();
    const before = (await database.db.selectFrom('generated_files').select('last_used_at').where('storage_key', '=', legacy).executeTakeFirstOrThrow()).last_used_at;
    await touchGeneratedFile(database.db, legacy);
    const after = (await database.db.selectFrom('generated_files').select('last_used_at').where('storage_key', '=', legacy).executeTakeFirstOrThrow()).last_used_at;
    expect(new Date(after).getTime()).toBe(new Date(before).getTime());
    // keys outside the generated folders are not recorded
    await touchGeneratedFile(database.db, `documents/${hex()}.pdf`);
    expect(await rows()).toEqual([legacy]);
  });

  it('works in batches of the least recently used first and goes on in the next run', async () => {
    const keys = [];
    for (let i = 0; i < 7; i++) keys.push(await generated('report-pdf', 31 + i));
    expect(await deleteUnusedGeneratedFiles(database.db, storage, { batchSize: 2, maxBatches: 2 })).toEqual({ deleted: 4, batches: 2 });
    // the four used longest ago went first
    expect(await rows()).toEqual(keys.slice(0, 3).sort());
    expect(await deleteUnusedGeneratedFiles(database.db, storage, { batchSize: 2, maxBatches: 2 })).toEqual({ deleted: 3, batches: 2 });
  });

  it('finds files no row records (printed before the table existed) and lets them age from then on, never touching uploads', async () => {
    const own = await tempDir('insp-generated-legacy-');
    try {
      const legacyStorage = createLocalStorage({ dir: own.dir, urlSecret: randomBytes(32) });
      const h = hex();
      const legacy = [`report-pdf/${h.slice(0, 2)}/${h}-en.pdf`, `audit-pdf/00/${h}-fi.pdf`, `protocol-export/ff/${h}-en.xlsx`];
      for (const k of legacy) await legacyStorage.put(k, Buffer.from('%PDF old'), { contentType: 'application/pdf' });
      const upload = `images/2026-01/${h}.png`;
      await legacyStorage.put(upload, Buffer.from('png'), { contentType: 'image/png' });

      const deps = { db: database.db, storage: legacyStorage, log: memoryLog() } as unknown as JobDeps;
      expect(await runJob(jobRegistry, deps, 'maintenance.generatedFiles', {}, { attempt: 1 })).toEqual({ deleted: 0, batches: 1, adopted: 3 });
      expect(await rows()).toEqual([...legacy].sort());
      expect((await database.db.selectFrom('generated_files').select('size').execute()).map((r) => Number(r.size))).toEqual([8, 8, 8]);

      // a month on, still unused: gone; the upload stays
      await database.db.updateTable('generated_files').set({ last_used_at: ago(31) }).execute();
      expect(await runJob(jobRegistry, deps, 'maintenance.generatedFiles', {}, { attempt: 1 })).toEqual({ deleted: 3, batches: 1, adopted: 0 });
      for (const k of legacy) expect(await legacyStorage.exists(k)).toBe(false);
      expect(await legacyStorage.exists(upload)).toBe(true);
    } finally {
      await own.remove();
    }
  });

  it('keeps the rows when storage fails, so the next run tries again', async () => {
    const key = await generated('audit-pdf', 50);
    const failing: Storage = { ...storage, delete: async () => Promise.reject(new Error('S3 unavailable')) };
    await expect(deleteUnusedGeneratedFiles(database.db, failing)).rejects.toThrow('S3 unavailable');
    expect(await rows()).toEqual([key]);
    expect(await deleteUnusedGeneratedFiles(database.db, storage)).toEqual({ deleted: 1, batches: 1 });
  });

  it('makes a request that touches a file during its deletion wait, then find it gone (and print it anew)', async () => {
    const key = await generated('report-pdf', 40);
    let touched: Promise<void> | undefined;
    let touchDone = false;
    const slow: Storage = {
      ...storage,
      async delete(k) {
        // a request arrives while the batch holds the row
        touched = touchGeneratedFile(database.db, key).then(() => void (touchDone = true));
        await new Promise((r) => setTimeout(r, 300));
        expect(touchDone).toBe(false);
        await storage.delete(k);
      },
    };
    expect(await deleteUnusedGeneratedFiles(database.db, slow)).toEqual({ deleted: 1, batches: 1 });
    await touched;
    expect(await storage.exists(key)).toBe(false);
    // the touch, let through after the commit, recorded the key afresh: the next print finds its row young
    expect(await rows()).toEqual([key]);
  });
});
