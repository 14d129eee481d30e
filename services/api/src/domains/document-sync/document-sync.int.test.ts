import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordManifestVersion } from '@insp/db';
import type { TDocumentPackageManifest } from '@insp/contracts';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let tokens: Record<string, string>;
let packageId: string;
const docs: Record<string, string> = {};

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
const manifestUrl = (id: string) => `/api/v1/documentlibrary/documentpackage/${id}/manifest`;
const manifest = async (id = packageId) => {
  const res = await get(manifestUrl(id), tokens.manager);
  expect(res.statusCode).toBe(200);
  return res.json<TDocumentPackageManifest>();
};

/** A document with its versions as the library stores them: the current version's facts repeated on the document. */
async function addDocument(name: string, versions: number) {
  const sha = () => randomBytes(32).toString('hex');
  const current = { size: 1000 * versions, sha256: sha() };
  const d = await t.db
    .insertInto('documents')
    .values({ name, file_type: 'pdf', file_size: current.size, content_type: 'application/pdf', storage_key: `documents/${name}-v${versions}`, sha256: current.sha256, version: versions })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let v = 1; v <= versions; v++) {
    await t.db
      .insertInto('document_versions')
      .values({ document_id: d.id, version: v, file_name: `${name}-v${v}.pdf`, file_size: v === versions ? current.size : 1000 * v, content_type: 'application/pdf', storage_key: `documents/${name}-v${v}`, sha256: v === versions ? current.sha256 : sha() })
      .execute();
  }
  docs[name] = d.id;
  return d.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  const later = new Date(Date.now() + 86_400_000);
  tokens = await signInUsers(t, [
    { kind: 'staff', email: 'manager@company.example', name: 'Max Manager', idp_groups: ['manager'] },
    { kind: 'staff', email: 'inspector@company.example', name: 'Ina Inspector', idp_groups: ['inspection'] },
    { kind: 'distributor', email: 'distAdmin@distributor.example', name: 'Dana', company_id: company.id, distributor_admin: true, expires_at: later },
    { kind: 'distributor', email: 'distUser@distributor.example', name: 'Dave', company_id: company.id, distributor_admin: false, expires_at: later },
  ]);
  const pkg = await t.db.insertInto('document_packages').values({ name: 'Crusher field kit', type: 'Auto' }).returning('id').executeTakeFirstOrThrow();
  packageId = pkg.id;
  for (const [name, versions] of [['Manual', 3], ['Wiring diagram', 1], ['Old leaflet', 1]] as const) {
    const id = await addDocument(name, versions);
    await t.db.insertInto('document_package_documents').values({ document_package_id: packageId, document_id: id }).execute();
  }
  await t.db.updateTable('documents').set({ deleted_at: new Date() }).where('id', '=', docs['Old leaflet']!).execute();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET api/v1/documentlibrary/documentpackage/{id}/manifest', () => {
  it("lists the package's live documents with their current version, size, sha256 and file name", async () => {
    const m = await manifest();
    expect(m).toMatchObject({ documentPackageId: packageId, name: 'Crusher field kit', type: 'Auto', changedAt: null });
    expect(m.version).toMatch(/^[0-9a-f]{64}$/);
    const byName = Object.fromEntries(m.documents.map((d) => [d.name, d]));
    expect(Object.keys(byName).sort()).toEqual(['Manual', 'Wiring diagram']);
    expect(byName.Manual).toMatchObject({ documentId: docs.Manual, version: 3, fileName: 'Manual-v3.pdf', fileSize: 3000, contentType: 'application/pdf' });
    expect(byName.Manual!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps its version while the content stays the same, however often rows are touched or the package renamed', async () => {
    const before = (await manifest()).version;
    await t.db.updateTable('documents').set({ summary: 'touched' }).where('id', '=', docs.Manual!).execute();
    await t.db.updateTable('document_packages').set({ name: 'Crusher field kit (2027)' }).where('id', '=', packageId).execute();
    expect((await manifest()).version).toBe(before);
  });

  it('changes its version when a document gets a new version, and when one joins or leaves the package', async () => {
    const v1 = (await manifest()).version;
    const sha = randomBytes(32).toString('hex');
    await t.db.insertInto('document_versions').values({ document_id: docs['Wiring diagram']!, version: 2, file_name: 'Wiring diagram-v2.pdf', file_size: 4321, content_type: 'application/pdf', storage_key: 'documents/wiring-v2', sha256: sha }).execute();
    await t.db.updateTable('documents').set({ version: 2, file_size: 4321, sha256: sha, storage_key: 'documents/wiring-v2' }).where('id', '=', docs['Wiring diagram']!).execute();
    const m2 = await manifest();
    expect(m2.version).not.toBe(v1);
    expect(m2.documents.find((d) => d.name === 'Wiring diagram')).toMatchObject({ version: 2, fileSize: 4321, sha256: sha, fileName: 'Wiring diagram-v2.pdf' });

    const extra = await addDocument('Safety card', 1);
    await t.db.insertInto('document_package_documents').values({ document_package_id: packageId, document_id: extra }).execute();
    const m3 = await manifest();
    expect(m3.version).not.toBe(m2.version);
    await t.db.deleteFrom('document_package_documents').where('document_id', '=', extra).execute();
    expect((await manifest()).version).toBe(m2.version);
  });

  it('answers the version as ETag and 304 when the client already holds it', async () => {
    const res = await get(manifestUrl(packageId), tokens.manager);
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${res.json<TDocumentPackageManifest>().version}"`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await get(manifestUrl(packageId), tokens.manager, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(manifestUrl(packageId), tokens.manager, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it("tells when the sync job first saw the current version, and null once the content moved past it", async () => {
    const recorded = await recordManifestVersion(t.db, packageId);
    expect(recorded?.changed).toBe(true);
    const m = await manifest();
    expect(m.version).toBe(recorded!.version);
    expect(m.changedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await recordManifestVersion(t.db, packageId))?.changed).toBe(false);
    await t.db.updateTable('documents').set({ name: 'Operator manual' }).where('id', '=', docs.Manual!).execute();
    expect((await manifest()).changedAt).toBeNull();
  });

  it("is read at the document library's level (staff Manager; external Admin, which no distributor reaches); 404 for a package that does not exist", async () => {
    expect((await get(manifestUrl(packageId), tokens.inspector)).statusCode).toBe(403);
    expect((await get(manifestUrl(packageId), tokens.distAdmin)).statusCode).toBe(403);
    expect((await get(manifestUrl(packageId), tokens.distUser)).statusCode).toBe(403);
    expect((await get(manifestUrl(packageId))).statusCode).toBe(401);
    expect((await get(manifestUrl('00000000-0000-4000-8000-000000000000'), tokens.manager)).statusCode).toBe(404);
    expect((await get(manifestUrl('not-a-uuid'), tokens.manager)).statusCode).toBe(400);
  });
});
