import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';
import { recordedWebhookEvents, subscribeToEveryEvent } from '../webhooks/webhooks.fixtures.test-helpers.js';

/** Document library (issue 21) on a real database with the local storage driver. */
let t: TestApp;
let tok: Record<string, string>;
const ids: Record<string, string> = {};
const MAX = 64 * 1024;

const pdf = (text: string, size = 0) => Buffer.concat([Buffer.from(`%PDF-1.7\n${text}\n`), Buffer.alloc(size, 0x20)]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(64)]);

function form(fields: Record<string, string | string[]>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----doclib-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${one}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const as = (who: string) => ({ authorization: `Bearer ${tok[who]}` });
const upload = (who: string, name: string, bytes: Buffer, fields: Record<string, string | string[]> = {}) => {
  const f = form({ sourceSystem: 'UI', ...fields }, { name, bytes });
  return t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/document', headers: { ...as(who), ...f.headers }, payload: f.payload });
};
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: as(who) });
const storedFiles = async () => {
  const root = join((t.config.storage as { dir: string }).dir, 'documents');
  // (the local driver keeps each key's metadata under .meta, out of this walk)
  const walk = async (d: string): Promise<string[]> =>
    (await readdir(d, { withFileTypes: true }).catch(() => [])).flatMap((e) => (e.isDirectory() ? [] : [join(d, e.name)])).concat(
      ...(await Promise.all((await readdir(d, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => walk(join(d, e.name))))),
    );
  return walk(root);
};
const count = async () => Number((await t.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  // Its own storage folder, so counting stored files sees no other test file's uploads.
  t = await createTestApp({ documentMaxBytes: MAX, documentLinkSeconds: 2, storage: { driver: 'local', dir: join(tmpdir(), `doclib-${process.pid}-${Date.now()}`) } });
  const company = (await t.db.insertInto('companies').values({ name: 'Nordic' }).returning('id').executeTakeFirstOrThrow()).id;
  const future = new Date(Date.now() + 86_400_000);
  tok = await signInUsers(t, [
    { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] },
    { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
    { kind: 'distributor', email: 'distadmin@distributor.example', name: 'Dist admin', company_id: company, distributor_admin: true, expires_at: future },
  ]);
  const category = (await t.db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.family = (await t.db.insertInto('product_families').values({ name: 'Cone', product_category_id: category }).returning('id').executeTakeFirstOrThrow()).id;
  ids.model = (await t.db.insertInto('product_models').values({ name: 'HP300', product_family_id: ids.family }).returning('id').executeTakeFirstOrThrow()).id;
  ids.point = (await t.db.insertInto('inspection_points').values({ name: 'Liner wear', type: 'Comment', product_category_id: category }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

describe('document library', () => {
  it('uploads a document into a new category, lists it, and downloads the same bytes', async () => {
    const cat = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/categories', headers: as('manager'), payload: { name: 'Manuals' } });
    expect(cat.statusCode, cat.body).toBe(201);
    ids.category = cat.json().id;
    const sub = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/categories', headers: as('manager'), payload: { name: 'Cone', parentCategoryId: ids.category } });
    expect(sub.statusCode, sub.body).toBe(201);
    ids.sub = sub.json().id;
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/categories', headers: as('manager'), payload: { name: 'manuals' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('name');

    const bytes = pdf('manual v1', 1000);
    const res = await upload('manager', 'HP300 manual.pdf', bytes, { summary: 'Operator manual', categoryId: ids.sub!, productFamilyIds: ids.family!, productModelIds: [ids.model!] });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    ids.doc = doc.id;
    expect(doc).toMatchObject({ name: 'HP300 manual.pdf', fileType: 'pdf', fileSize: bytes.length, version: 1, documentCategoryId: ids.sub, productFamilyIds: [ids.family], productModelIds: [ids.model], state: 'Active' });
    const row = await t.db.selectFrom('document_versions').select(['file_size', 'sha256', 'storage_key']).where('document_id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.storage_key).toMatch(/^documents\/\d{4}-\d{2}\/[0-9a-f]{32}\.pdf$/);

    const tree = (await get('manager', '/api/v1/documentlibrary/categories')).json();
    expect(tree[0]).toMatchObject({ name: 'Manuals', subCategories: [{ name: 'Cone', documents: [{ id: doc.id, linked: true }] }] });

    const dl = await get('manager', `/api/v1/documentlibrary/${doc.id}/`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('HP300 manual.pdf');
    expect(Buffer.compare(dl.rawPayload, bytes)).toBe(0);
  });

  it('refuses a taken name with a 409 naming file, storing nothing', async () => {
    const before = (await storedFiles()).length;
    expect(before).toBe(1);
    const res = await upload('manager', 'hp300 MANUAL.pdf', pdf('other'));
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('file');
    expect(await count()).toBe(1);
    expect((await storedFiles()).length).toBe(before);
  });

  it('refuses an oversize or mislabelled file with a 400 naming file, leaving no row and no stored object', async () => {
    const before = (await storedFiles()).length;
    for (const [name, bytes] of [
      ['big.pdf', pdf('big', MAX + 10)],
      ['photo.pdf', png],
      ['tool.exe', Buffer.from('MZ\x90\x00')],
      ['notes.txt', Buffer.from([0x61, 0, 0x62])],
    ] as const) {
      const res = await upload('manager', name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().field).toBe('file');
    }
    const badField = await upload('manager', 'ok.pdf', pdf('ok'), { categoryId: '00000000-0000-4000-8000-000000000000' });
    expect(badField.json()).toMatchObject({ statusCode: 400, field: 'categoryId' });
    const unknown = await upload('manager', 'ok.pdf', pdf('ok'), { colour: 'red' });
    expect(unknown.json()).toMatchObject({ statusCode: 400, field: 'colour' });
    expect(await count()).toBe(1);
    expect((await storedFiles()).length).toBe(before);
  });

  it('keeps old versions downloadable when a new version is uploaded', async () => {
    const v2 = pdf('manual v2', 2000);
    const f = form({ sourceSystem: 'UI', parentDocumentId: ids.doc! }, { name: 'HP300 manual rev B.pdf', bytes: v2 });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/document/version', headers: { ...as('manager'), ...f.headers }, payload: f.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'HP300 manual.pdf', version: 2, fileSize: v2.length });
    expect(res.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(Buffer.compare((await get('manager', `/api/v1/documentlibrary/${ids.doc}/`)).rawPayload, v2)).toBe(0);
    expect(Buffer.compare((await get('manager', `/api/v1/documentlibrary/${ids.doc}`)).rawPayload, v2)).toBe(0);
    const old = await get('manager', `/api/v1/documentlibrary/${ids.doc}/?version=1`);
    expect(old.rawPayload.toString()).toContain('manual v1');
  });

  it('saves metadata; the links show in GET documents/inspectionPoint/{id}, which an inspector and a distributor read too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/document/metadata', headers: as('manager'), payload: { documentId: ids.doc, categoryId: null, inspectionPointIds: [ids.point], productFamilyIds: [], productModelIds: [ids.model] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ documentCategoryId: null, inspectionPointIds: [ids.point], productFamilyIds: [], productModelIds: [ids.model] });
    for (const who of ['manager', 'inspector', 'distadmin']) {
      const list = await get(who, `/api/v1/documentlibrary/documents/inspectionPoint/${ids.point}`);
      expect(list.statusCode, who).toBe(200);
      expect(list.json().map((d: { id: string }) => d.id)).toEqual([ids.doc]);
      expect((await get(who, `/api/v1/documentlibrary/${ids.doc}/`)).statusCode).toBe(200);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/document/metadata', headers: as('manager'), payload: { documentId: ids.doc, productFamilyIds: [ids.family, ids.point] } });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'productFamilyIds.1' });
    expect(await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', ids.doc!).orderBy('created_at').execute()).toEqual([{ action: 'create' }, { action: 'version' }, { action: 'metadata' }]);
  });

  it('answers an expiring storage URL that needs no token', async () => {
    const res = await get('manager', `/api/v1/documentlibrary/document/${ids.doc}/storageurl`);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    const path = url.pathname + url.search;
    const file = await t.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString()).toContain('manual v2');
    expect((await t.app.inject({ method: 'GET', url: path.replace(/expires=\d+/, (m) => `expires=${Number(m.slice(8)) + 100}`) })).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
  });

  it('serves the screen: tree with counts and the uncategorized bucket, paged and searched lists, details with names', async () => {
    await upload('manager', 'Cone spare parts.pdf', pdf('parts'), { categoryId: ids.sub! });
    await upload('manager', 'Liner chart.png', png, { categoryId: ids.category! });
    const trpc = (path: string, input?: unknown) =>
      t.app.inject({ method: 'GET', url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers: as('manager') });
    const tree = (await trpc('documents.categoryTree')).json().result.data;
    expect(tree).toMatchObject({ uncategorizedCount: 1, totalCount: 3, categories: [{ name: 'Manuals', documentCount: 1, totalCount: 2, subCategories: [{ name: 'Cone', documentCount: 1 }] }] });
    const uncategorized = (await trpc('documents.list', { category: 'uncategorized' })).json().result.data;
    expect(uncategorized).toMatchObject({ count: 1, result: [{ id: ids.doc }] });
    const all = (await trpc('documents.list', { category: ids.category, includeSubcategories: true, orderKey: 'name', orderDirection: 'desc', amount: 1 })).json().result.data;
    expect(all).toMatchObject({ count: 2, result: [{ name: 'Liner chart.png' }] });
    const searched = (await trpc('documents.list', { search: 'spare' })).json().result.data;
    expect(searched.result.map((d: { name: string }) => d.name)).toEqual(['Cone spare parts.pdf']);
    const details = (await trpc('documents.details', { id: ids.doc })).json().result.data;
    expect(details).toMatchObject({ inspectionPoints: [{ id: ids.point, name: 'Liner wear' }], productModels: [{ name: 'HP300' }], versions: [{ version: 2 }, { version: 1 }] });
  });

  it('creates and updates packages, taking every spelling of the type', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/documentpackage', headers: as('manager'), payload: { name: 'Cone kit', type: 'Automatic synching', DocumentIds: [ids.doc] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().documentPackageId;
    expect(created.json()).toMatchObject({ type: 'Auto', typeName: 'Automatic synching', DocumentIds: [ids.doc] });
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/documentlibrary/documentpackage/${id}`, headers: as('manager'), payload: { documentPackageId: id, name: 'Cone kit', type: 'Manual', DocumentIds: [] } });
    expect(put.json()).toMatchObject({ type: 'Manual', typeName: 'Manual synching', documents: [] });
    const wrongId = await t.app.inject({ method: 'PUT', url: `/api/v1/documentlibrary/documentpackage/${id}`, headers: as('manager'), payload: { documentPackageId: ids.doc, name: 'x', type: 'Proposed' } });
    expect(wrongId.json()).toMatchObject({ statusCode: 400, field: 'documentPackageId' });
    const badType = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/documentpackage', headers: as('manager'), payload: { name: 'x', type: 'Sometimes' } });
    expect(badType.json()).toMatchObject({ statusCode: 400, field: 'type' });
    const list = (await get('manager', '/api/v1/documentlibrary/documentpackage')).json();
    expect(list).toMatchObject([{ documentPackageId: id, name: 'Cone kit', type: 'Manual' }]);
  });

  it('pages the screen\'s package list in SQL with live-document counts, and opens one package with its documents', async () => {
    const made: string[] = [];
    for (const name of ['Pack A', 'Pack B', 'Pack C']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/documentpackage', headers: as('manager'), payload: { name, type: 'Proposed', DocumentIds: name === 'Pack B' ? [ids.doc] : [] } });
      made.push(res.json().documentPackageId);
    }
    const page = async (input: Record<string, unknown>) => (await get('manager', `/trpc/documents.packagesPage?input=${encodeURIComponent(JSON.stringify(input))}`)).json().result.data;
    const first = await page({ offset: 0, amount: 2, search: 'pack ' });
    expect(first).toEqual({
      result: [
        { documentPackageId: made[0], name: 'Pack A', type: 'Proposed', typeName: 'Proposed for synching', documentCount: 0 },
        { documentPackageId: made[1], name: 'Pack B', type: 'Proposed', typeName: 'Proposed for synching', documentCount: 1 },
      ],
      count: 3,
    });
    expect((await page({ offset: 2, amount: 2, search: 'pack ' })).result.map((p: { name: string }) => p.name)).toEqual(['Pack C']);
    const one = (await get('manager', `/trpc/documents.package?input=${encodeURIComponent(JSON.stringify({ id: made[1] }))}`)).json().result.data;
    expect(one).toMatchObject({ name: 'Pack B', DocumentIds: [ids.doc] });
    const missing = await get('manager', `/trpc/documents.package?input=${encodeURIComponent(JSON.stringify({ id: ids.family }))}`);
    expect(missing.statusCode).toBe(404);
  });

  it('issues pre-signed uploads (uploadId, uploadUrl, readUrl); the PUT answers 201 and the read link gives the bytes back', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/file/upload', headers: as('distadmin'), payload: { files: ['wear.png'] } });
    expect(res.statusCode, res.body).toBe(201);
    const [f] = res.json().files;
    expect(f.uploadId).toMatch(/^uploads\/.+\.png$/);
    const path = (u: string) => new URL(u).pathname + new URL(u).search;
    const wrong = await t.app.inject({ method: 'PUT', url: path(f.uploadUrl), headers: { 'content-type': 'image/png', 'x-ms-blob-type': 'BlockBlob' }, payload: pdf('not a png') });
    expect(wrong.json()).toMatchObject({ statusCode: 400, field: 'file' });
    const put = await t.app.inject({ method: 'PUT', url: path(f.uploadUrl), headers: { 'content-type': 'image/png', 'x-ms-blob-type': 'BlockBlob' }, payload: png });
    expect(put.statusCode, put.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: path(f.readUrl) });
    expect(Buffer.compare(read.rawPayload, png)).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/file/upload', headers: as('manager'), payload: { files: ['a.exe'] } })).json()).toMatchObject({ field: 'files.0' });
  });

  it('soft-deletes: the row stays, reads answer 404, lists and packages leave it out', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/documentlibrary/document/${ids.doc}`, headers: as('manager') });
    expect(res.statusCode).toBe(200);
    expect((await t.db.selectFrom('documents').select('deleted_at').where('id', '=', ids.doc!).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
    expect((await get('manager', `/api/v1/documentlibrary/${ids.doc}/`)).statusCode).toBe(404);
    expect((await get('manager', `/api/v1/documentlibrary/documents/inspectionPoint/${ids.point}`)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/documentlibrary/document/${ids.doc}`, headers: as('manager') })).statusCode).toBe(404);
    // the name is free again
    expect((await upload('manager', 'HP300 manual.pdf', pdf('new'))).statusCode).toBe(201);
  });

  it('answers a repeated package create with the same key with the package the first made, over REST and tRPC', async () => {
    const packages = async () => Number((await t.db.selectFrom('document_packages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await packages();
    const rest = (key: string, name: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/documentpackage', headers: { ...as('manager'), 'idempotency-key': key }, payload: { name, type: 'Manual' } });
    const first = await rest('pkg-key-1', 'Retried pack');
    const again = await rest('pkg-key-1', 'Retried pack');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().documentPackageId).toBe(first.json().documentPackageId);
    expect(await packages()).toBe(before + 1);
    // the same key with another body is a conflict naming the header, and makes nothing
    const other = await rest('pkg-key-1', 'Another pack');
    expect([other.statusCode, other.json().field]).toEqual([409, 'Idempotency-Key']);
    const trpc = (clientRequestId: string) =>
      t.app.inject({ method: 'POST', url: '/trpc/documents.createPackage', headers: as('manager'), payload: { name: 'Screen pack', type: 'Auto', clientRequestId } });
    const a = await trpc('pkg-key-2');
    const b = await trpc('pkg-key-2');
    expect(b.json().result.data.documentPackageId).toBe(a.json().result.data.documentPackageId);
    expect(await packages()).toBe(before + 2);
  });

  it('refuses every call to a too-low role', async () => {
    const live = (await t.db.selectFrom('documents').select('id').where('deleted_at', 'is', null).executeTakeFirstOrThrow()).id;
    const pkg = (await t.db.selectFrom('document_packages').select('id').executeTakeFirstOrThrow()).id;
    const f = form({ sourceSystem: 'UI' }, { name: 'x.pdf', bytes: pdf('x') });
    const v = form({ parentDocumentId: live }, { name: 'x.pdf', bytes: pdf('x') });
    const managerOnly = [
      { method: 'POST', url: '/api/v1/documentlibrary/document', headers: f.headers, payload: f.payload },
      { method: 'POST', url: '/api/v1/documentlibrary/document/version', headers: v.headers, payload: v.payload },
      { method: 'DELETE', url: `/api/v1/documentlibrary/document/${live}` },
      { method: 'GET', url: '/api/v1/documentlibrary/categories' },
      { method: 'POST', url: '/api/v1/documentlibrary/categories', payload: { name: 'X' } },
      { method: 'POST', url: '/api/v1/documentlibrary/document/metadata', payload: { documentId: live } },
      { method: 'GET', url: '/api/v1/documentlibrary/documentpackage' },
      { method: 'POST', url: '/api/v1/documentlibrary/documentpackage', payload: { name: 'X', type: 'Auto' } },
      { method: 'PUT', url: `/api/v1/documentlibrary/documentpackage/${pkg}`, payload: { name: 'X', type: 'Auto' } },
      { method: 'GET', url: '/trpc/documents.categoryTree' },
      { method: 'GET', url: `/trpc/documents.list?input=${encodeURIComponent('{}')}` },
      { method: 'GET', url: `/trpc/documents.details?input=${encodeURIComponent(JSON.stringify({ id: live }))}` },
      { method: 'GET', url: `/trpc/documents.packagesPage?input=${encodeURIComponent('{}')}` },
      { method: 'GET', url: `/trpc/documents.package?input=${encodeURIComponent(JSON.stringify({ id: pkg }))}` },
      { method: 'GET', url: `/trpc/documents.pointChoices?input=${encodeURIComponent('{}')}` },
      { method: 'POST', url: '/trpc/documents.createCategory', payload: { name: 'X' } },
      { method: 'POST', url: '/trpc/documents.saveMetadata', payload: { documentId: live } },
      { method: 'POST', url: '/trpc/documents.delete', payload: { id: live } },
      { method: 'POST', url: '/trpc/documents.createPackage', payload: { name: 'X', type: 'Auto' } },
      { method: 'POST', url: '/trpc/documents.updatePackage', payload: { documentPackageId: pkg, data: { name: 'X', type: 'Auto' } } },
    ] as const;
    for (const who of ['inspector', 'distadmin']) {
      for (const c of managerOnly) {
        const res = await t.app.inject({ method: c.method, url: c.url, headers: { ...as(who), ...('headers' in c ? c.headers : {}) }, ...('payload' in c ? { payload: c.payload } : {}) });
        expect(res.statusCode, `${who} ${c.method} ${c.url}`).toBe(403);
      }
    }
    // An unlinked document is the library's own: a reader without the library's level gets a 404, as for a missing one.
    for (const url of [`/api/v1/documentlibrary/${live}/`, `/api/v1/documentlibrary/document/${live}/storageurl`]) {
      expect((await get('inspector', url)).statusCode, url).toBe(404);
      expect((await get('distadmin', url)).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/file/upload', headers: as('inspector'), payload: { files: ['a.pdf'] } })).statusCode).toBe(403);
    for (const url of [`/api/v1/documentlibrary/documents/inspectionPoint/${ids.point}`, `/api/v1/documentlibrary/${live}/`, '/api/v1/documentlibrary/categories']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect(await count()).toBe(4);
  });
});

describe('the details panel\'s point choices', () => {
  it('lists live inspection points by name to a Manager, searched and paged in SQL', async () => {
    const { product_category_id } = await t.db.selectFrom('inspection_points').select('product_category_id').where('id', '=', ids.point!).executeTakeFirstOrThrow();
    const extra = await t.db.insertInto('inspection_points').values([
      { name: 'Liner bolts', type: 'Comment', product_category_id },
      { name: 'Gone point', type: 'Comment', product_category_id, deleted_at: new Date() },
    ]).returning('id').execute();
    expect(extra).toHaveLength(2);
    const call = async (input: unknown) => {
      const res = await t.app.inject({ method: 'GET', url: `/trpc/documents.pointChoices?input=${encodeURIComponent(JSON.stringify(input))}`, headers: as('manager') });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.data as { result: { id: string; name: string }[]; count: number };
    };
    const liner = await call({ search: 'liner' });
    expect(liner.result.map((p) => p.name)).toEqual(['Liner bolts', 'Liner wear']);
    expect(liner.count).toBe(2);
    const page = await call({ search: 'liner', offset: 1, amount: 1 });
    expect(page).toEqual({ result: [{ id: ids.point, name: 'Liner wear' }], count: 2 });
    expect((await call({ search: 'gone' })).count).toBe(0);
  });
});

describe('a new version sent again with its Idempotency-Key', () => {
  it('makes one version, removes the repeat\'s bytes, and refuses the key for other bytes', async () => {
    const doc = (await upload('manager', 'Retry manual.pdf', pdf('retry v1'))).json();
    const version = (bytes: Buffer, key: string) => {
      const f = form({ sourceSystem: 'UI', parentDocumentId: doc.id }, { name: 'Retry manual v2.pdf', bytes });
      return t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/document/version', headers: { ...as('manager'), ...f.headers, 'idempotency-key': key }, payload: f.payload });
    };
    const files = (await storedFiles()).length;
    const first = await version(pdf('retry v2'), 'version-key-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().version).toBe(2);
    const again = await version(pdf('retry v2'), 'version-key-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id: doc.id, version: 2 });
    expect(again.json().versions).toHaveLength(2);
    expect((await storedFiles()).length).toBe(files + 1);
    const other = await version(pdf('other bytes'), 'version-key-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().field).toBe('Idempotency-Key');
    expect((await storedFiles()).length).toBe(files + 1);
    const next = await version(pdf('retry v3'), 'version-key-2');
    expect(next.json().version).toBe(3);
  });
});

describe('webhook events of the library', () => {
  // last: it adds a document the counts of the tests above do not expect
  it('records a document.uploaded webhook event for a new document and for each new version', async () => {
    await subscribeToEveryEvent(t.db);
    const made = await upload('manager', 'Webhook notes.pdf', pdf('notes v1'));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const f = form({ sourceSystem: 'UI', parentDocumentId: id }, { name: 'Webhook notes.pdf', bytes: pdf('notes v2') });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/documentlibrary/document/version', headers: { ...as('manager'), ...f.headers }, payload: f.payload })).statusCode).toBe(201);
    const events = (await recordedWebhookEvents(t.db)).filter((e) => e.data.documentId === id);
    expect(events.map((e) => [e.type, e.data.version, e.data.name])).toEqual([
      ['document.uploaded', 1, 'Webhook notes.pdf'],
      ['document.uploaded', 2, 'Webhook notes.pdf'],
    ]);
  });
});
