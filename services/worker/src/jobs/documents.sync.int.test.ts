import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import type { JobDeps } from '../types.js';
import { memoryLog } from '../testing/helpers.js';
import { jobRegistry, runJob } from './registry.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const stored = async (id: string) =>
  database.db.selectFrom('document_packages').select(['manifest_version', 'manifest_changed_at', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('document sync (documents.sync)', () => {
  it("records each Automatic package's manifest version, rewrites it only when the content changes, and leaves other packages alone", async () => {
    const db = database.db;
    const doc = await db.insertInto('documents').values({ name: 'Manual', storage_key: 'documents/manual-v1', file_size: 10, sha256: 'a'.repeat(64) }).returning('id').executeTakeFirstOrThrow();
    const [auto, manual] = await db.insertInto('document_packages').values([{ name: 'Field kit', type: 'Auto' }, { name: 'Office', type: 'Manual' }]).returning('id').execute();
    await db.insertInto('document_package_documents').values([auto!, manual!].map((p) => ({ document_package_id: p.id, document_id: doc.id }))).execute();
    const empty = await db.insertInto('document_packages').values({ name: 'Empty kit', type: 'Auto' }).returning('id').executeTakeFirstOrThrow();

    const deps = { db, log: memoryLog() } as unknown as JobDeps;
    expect(await runJob(jobRegistry, deps, 'documents.sync', {}, { attempt: 1 })).toEqual({ packages: 2, changed: 2 });
    const first = await stored(auto!.id);
    expect(first.manifest_version).toMatch(/^[0-9a-f]{64}$/);
    expect((await stored(empty.id)).manifest_version).not.toBe(first.manifest_version);
    expect((await stored(manual!.id)).manifest_version).toBeNull();

    // Unchanged: nothing is written (a job may run twice, or every 5 minutes for months).
    expect(await runJob(jobRegistry, deps, 'documents.sync', {}, { attempt: 1 })).toEqual({ packages: 2, changed: 0 });
    expect(await stored(auto!.id)).toEqual(first);

    await db.updateTable('documents').set({ version: 2, storage_key: 'documents/manual-v2', file_size: 12, sha256: 'b'.repeat(64) }).where('id', '=', doc.id).execute();
    expect(await runJob(jobRegistry, deps, 'documents.sync', {}, { attempt: 1 })).toEqual({ packages: 2, changed: 1 });
    const second = await stored(auto!.id);
    expect(second.manifest_version).not.toBe(first.manifest_version);
    expect(new Date(second.manifest_changed_at!).getTime()).toBeGreaterThanOrEqual(new Date(first.manifest_changed_at!).getTime());
  });
});
