import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, contentOf, multipart, pointFixtures, storedDocumentFiles, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const create = (payload: unknown) => api.create(payload);
const NOBODY = '00000000-0000-4000-8000-000000000000';

const sendMultipart = (method: 'POST' | 'PUT', url: string, body: ReturnType<typeof multipart>, who: keyof typeof f.tok = 'admin') =>
  f.t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${f.tok[who]}` } });

describe('multipart create and files', () => {
  it("takes the web's form: sourceSystem 'UI', nested parts as JSON text, booleans as text, files as uploadedFiles", async () => {
    const body = multipart(
      {
        sourceSystem: 'UI', type: 'Dropdown', name: 'Wear parts', description: 'Which parts', productCategoryId: f.category, measurementUnitId: '',
        contentRequired: 'true', nameOverridable: 'false',
        metas: JSON.stringify([{ type: 'ProductFamily', value: f.ref.jaw.id }]),
        ratingField: JSON.stringify({ present: true, required: false }),
        dropdowns: JSON.stringify([{ id: 'temp-id-1', title: 'Supplier', options: [{ id: 'temp-id-2', title: 'OEM' }] }]),
        addedDocumentIds: JSON.stringify([f.document]), removedDocumentIds: '[]',
      },
      [{ name: 'Liner guide.PDF', content: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }],
    );
    const res = await sendMultipart('POST', '/api/v1/inspectionPoints', body);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ type: 'Dropdown', name: 'Wear parts', contentRequired: true, nameOverridable: false, ratingField: { present: true, required: false }, sourceSystem: 'UI' });
    expect(p.dropdowns[0]).toMatchObject({ title: 'Supplier', options: [{ title: 'OEM' }] });
    expect(p.documents.map((d: any) => [d.name, d.fileType, d.documentCategoryId])).toEqual([['Liner guide.PDF', 'pdf', null], ['Manual.pdf', 'pdf', null]]);
    const stored = await f.t.db.selectFrom('documents').select(['storage_key', 'file_size']).where('name', '=', 'Liner guide.PDF').executeTakeFirstOrThrow();
    expect(stored.storage_key).toMatch(/^documents\/\d{4}-\d{2}\/[0-9a-f]{32}\.pdf$/);

    // PUT …/files adds more documents and answers the point's documents.
    const more = await sendMultipart('PUT', `/api/v1/inspectionPoints/${p.id}/files`, multipart({}, [{ name: 'photo.png', content: Buffer.from('not really'), type: 'image/png' }]));
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().map((d: any) => d.name)).toEqual(['Liner guide.PDF', 'Manual.pdf', 'photo.png']);
    const none = await sendMultipart('PUT', `/api/v1/inspectionPoints/${p.id}/files`, multipart({ x: 'y' }));
    expect([none.statusCode, none.json().field]).toEqual([400, 'uploadedFiles']);
  });

  it('stores files outside the write transaction and removes them again when the write is refused', async () => {
    const documentsStored = () => storedDocumentFiles(f.t);
    const before = await documentsStored();
    expect(before).toBeGreaterThan(0); // the test above stored files: the count looks where they are
    const file = [{ name: 'Refused.pdf', content: Buffer.from('%PDF-1.4 refused'), type: 'application/pdf' }];
    // Refused inside the transaction (an unknown unit is found only by the database), after the file was stored.
    const refused = await sendMultipart('POST', '/api/v1/inspectionPoints', multipart({ type: 'Measurement', name: 'x', productCategoryId: f.category, measurementUnitId: NOBODY }, file));
    expect(refused.statusCode, refused.body).toBe(400);
    const missing = await sendMultipart('PUT', `/api/v1/inspectionPoints/${NOBODY}/files`, multipart({}, file));
    expect(missing.statusCode, missing.body).toBe(404);
    expect(await documentsStored()).toBe(before);
    expect(await f.t.db.selectFrom('documents').select('id').where('name', '=', 'Refused.pdf').execute()).toEqual([]);
  });

  it('answers 400 naming the field for bad JSON text, a bad boolean, an unknown document and a missing name', async () => {
    const good = { type: 'Comment', name: 'x', productCategoryId: f.category };
    for (const [extra, field] of [
      [{ metas: '[{' }, 'metas'],
      [{ contentRequired: 'yes' }, 'contentRequired'],
      [{ addedDocumentIds: NOBODY }, 'addedDocumentIds'],
      [{ name: '' }, 'name'],
      [{ productCategoryId: '' }, 'productCategoryId'],
    ] as [Record<string, string>, string][]) {
      const res = await sendMultipart('POST', '/api/v1/inspectionPoints', multipart({ ...good, ...extra }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field, res.body).toBe(field);
    }
  });
});

describe('reading, deleting and the protocols of a point', () => {
  it('404 for an unknown or deleted point, 400 for an id that is not a uuid', async () => {
    expect((await api.call('GET', `/api/v1/inspectionPoints/${NOBODY}`)).statusCode).toBe(404);
    const bad = await api.call('GET', '/api/v1/inspectionPoints/abc?fromWebApp=true');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'id']);
  });

  it('delete is soft and allowed while protocols include the point; the protocols are listed first', async () => {
    const p = await create(basePoint(f, 'Comment', { name: 'To be deleted' }));
    const pr = async (name: string, deleted = false, superseded = false) => {
      const id = (await f.t.db.insertInto('protocols').values({ name, type: 'Daily', deleted_at: deleted ? new Date() : null, superseded_at: superseded ? new Date() : null }).returning('id').executeTakeFirstOrThrow()).id;
      const c = (await f.t.db.insertInto('protocol_categories').values({ protocol_id: id, index: 0, title: 'General' }).returning('id').executeTakeFirstOrThrow()).id;
      await f.t.db.insertInto('protocol_points').values([{ protocol_id: id, protocol_category_id: c, inspection_point_id: p.id, index: 0 }, { protocol_id: id, protocol_category_id: c, inspection_point_id: p.id, index: 1 }]).execute();
      return id;
    };
    const b = await pr('B daily');
    const a = await pr('A daily');
    await pr('Gone daily', true);
    // An older version of a protocol keeps its points for the inspections that ran it; it is not listed again.
    await pr('A daily', false, true);
    const listed = await api.call('GET', `/api/v1/inspectionPoints/${p.id}/protocols`);
    expect(listed.json()).toEqual({ inspectionPointId: p.id, protocols: [{ id: a, name: 'A daily', type: 'Daily' }, { id: b, name: 'B daily', type: 'Daily' }], protocolNames: ['A daily', 'B daily'] });
    expect((await api.call('GET', `/api/v1/inspectionPoints/${p.id}`)).json().usage).toEqual({ inspections: 0, inspectionsCapped: false, protocols: 2 });

    const del = await api.call('DELETE', `/api/v1/inspectionPoints/${p.id}`);
    expect([del.statusCode, del.json()]).toEqual([200, { id: p.id }]);
    expect((await api.call('GET', `/api/v1/inspectionPoints/${p.id}`)).statusCode).toBe(404);
    expect((await api.call('DELETE', `/api/v1/inspectionPoints/${p.id}`)).statusCode).toBe(404);
    expect((await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', basePoint(f, 'Comment'))).statusCode).toBe(404);
    expect((await api.call('GET', `/api/v1/inspectionPoints/${p.id}/protocols`)).statusCode).toBe(404);
    // The protocol points keep their reference (the protocol screen shows 'Point not found!').
    const row = await f.t.db.selectFrom('inspection_points').select('deleted_at').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await f.t.db.selectFrom('protocol_points').select('id').where('inspection_point_id', '=', p.id).execute()).length).toBe(8);
    expect((await f.t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', p.id).orderBy('id').execute()).map((r) => r.action)).toEqual(['create', 'delete']);
  });
});

describe('duplicate', () => {
  it("copies everything under new ids as '<name> (copy)': content, metas, limits, translations (outdated stays outdated), documents", async () => {
    const p = await create(basePoint(f, 'SummaryWithRows', {
      name: 'Belt', metas: [{ type: 'ProductFamily', value: f.ref.jaw.id }], addedDocumentIds: [f.document],
      measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1, high: 9 }], visualizationType: 'LineChart', inspectionPointAggregationDirection: 'Both',
      fields: [{ id: 'temp-id-a', title: 'Left', inspectionPointFieldAggregation: 'Average' }], rows: [{ id: 'temp-id-r', title: 'Main', inspectionPointRowAggregation: 'Sum' }],
      visualizationDatasets: [{ name: 'Main', rowId: 'temp-id-r' }],
    }));
    const old = new Date(Date.now() - 86_400_000);
    await f.t.db.updateTable('inspection_points').set({ name_updated_at: new Date() }).where('id', '=', p.id).execute();
    await f.t.db.insertInto('inspection_point_translations').values([
      { inspection_point_id: p.id, language_id: 'fi', kind: 'Name', value: 'Hihna', updated_at: old },
      { inspection_point_id: p.id, language_id: 'de', kind: 'Description', value: 'Band' },
    ]).execute();
    const source = (await api.call('GET', `/api/v1/inspectionPoints/${p.id}`)).json();
    const res = await api.call('POST', `/api/v1/inspectionPoints/${p.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy.name).toBe('Belt (copy)');
    expect(copy.id).not.toBe(p.id);
    expect(contentOf({ ...copy, name: 'Belt' })).toEqual(contentOf(source));
    expect(copy.visualizationDatasets[0].rowId).toBe(copy.rows[0].id);
    expect(copy.translations.map((t: any) => [t.name, t.value, t.outdated])).toEqual([['fi', 'Hihna', true]]);
    expect(copy.descriptionTranslations.map((t: any) => [t.name, t.outdated])).toEqual([['de', false]]);
    const ids = (x: any) => [...x.fields, ...x.rows, ...x.measurementLimits, ...x.visualizationDatasets, ...x.translations].map((i: any) => i.id);
    expect(ids(copy).filter((id) => ids(source).includes(id))).toEqual([]);
  });
});

describe('general fields and outdated translations', () => {
  it('generalfields changes only the common option fields', async () => {
    const p = await create(basePoint(f, 'Measurement', { measurementTitle: 'T' }));
    const res = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}/generalfields`, 'admin', { id: p.id, contentRequired: true, photoField: { present: false, required: true, onlyForFailure: true }, keyboardType: 'numeric' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ contentRequired: true, keyboardType: 'numeric', photoField: { present: false, required: false, onlyForFailure: false }, measurementTitle: 'T', name: p.name });
    const mismatch = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}/generalfields`, 'admin', { id: NOBODY });
    expect([mismatch.statusCode, mismatch.json().field]).toEqual([400, 'id']);
    const badKb = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}/generalfields`, 'admin', { keyboardType: 'qwerty' });
    expect([badKb.statusCode, badKb.json().field]).toEqual([400, 'keyboardType']);
  });

  it('a translation becomes outdated when the English name changes after it, not when other fields change', async () => {
    const p = await create(basePoint(f, 'Comment', { name: 'Oil level', description: 'Check it' }));
    await f.t.db.insertInto('inspection_point_translations').values([
      { inspection_point_id: p.id, language_id: 'fi', kind: 'Name', value: 'Öljyn taso' },
      { inspection_point_id: p.id, language_id: 'fi', kind: 'Description', value: 'Tarkista' },
    ]).execute();
    const put = (body: Record<string, unknown>) => api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', basePoint(f, 'Comment', body));
    const same = (await put({ name: 'Oil level', description: 'Check it', contentRequired: true })).json();
    expect([same.translations[0].outdated, same.descriptionTranslations[0].outdated]).toEqual([false, false]);
    const renamed = (await put({ name: 'Oil level (engine)', description: 'Check it' })).json();
    expect([renamed.translations[0].outdated, renamed.descriptionTranslations[0].outdated]).toEqual([true, false]);
    const list = (await api.call('GET', `/api/v1/inspectionPoints/list?search=${encodeURIComponent('oil level (engine')}`)).json();
    expect(list).toEqual([{ id: p.id, name: 'Oil level (engine)', type: 'Comment', productCategoryId: f.category, familyNames: [], languages: [{ languageId: 'fi', outdated: true }] }]);
  });

  it('usage counts distinct live inspections that recorded a result for the point', async () => {
    const p = await create(basePoint(f, 'Comment'));
    const insp = async (deleted = false) => (await f.t.db.insertInto('inspections').values({ name: 'Run', type: 'Daily', inspection_date: new Date(), deleted_at: deleted ? new Date() : null }).returning('id').executeTakeFirstOrThrow()).id;
    const [a, b, gone] = [await insp(), await insp(), await insp(true)];
    await f.t.db.insertInto('inspection_point_results').values([a, a, b, gone].map((inspection_id) => ({ inspection_id, inspection_point_id: p.id }))).execute();
    expect((await api.call('GET', `/api/v1/inspectionPoints/${p.id}`)).json().usage).toEqual({ inspections: 2, inspectionsCapped: false, protocols: 0 });
  });
});

describe('who may author points', () => {
  it('refuses a staff manager and a distributor user (403) and an anonymous call (401) on every route; a distributor manager may', async () => {
    const p = await create(basePoint(f, 'Comment'));
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/v1/inspectionPoints/list'],
      ['GET', `/api/v1/inspectionPoints/${p.id}?fromWebApp=true`],
      ['GET', `/api/v1/inspectionPoints/${p.id}/protocols`],
      ['POST', '/api/v1/inspectionPoints', basePoint(f, 'Comment')],
      ['PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, basePoint(f, 'Comment')],
      ['PUT', `/api/v1/inspectionPoints/${p.id}/generalfields`, {}],
      ['POST', `/api/v1/inspectionPoints/${p.id}/duplicate`],
      ['DELETE', `/api/v1/inspectionPoints/${p.id}`],
    ];
    for (const [method, url, body] of routes) {
      for (const who of ['manager', 'distUser'] as const) expect((await api.call(method, url, who, body)).statusCode, `${who} ${method} ${url}`).toBe(403);
      expect((await api.call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    const upload = await sendMultipart('PUT', `/api/v1/inspectionPoints/${p.id}/files`, multipart({}, [{ name: 'a.txt', content: Buffer.from('a'), type: 'text/plain' }]), 'manager');
    expect(upload.statusCode).toBe(403);
    for (const [path, kind, input] of [['list', 'query', {}], ['get', 'query', { id: p.id }], ['protocols', 'query', { id: p.id }], ['create', 'mutation', basePoint(f, 'Comment')],
      ['update', 'mutation', { ...basePoint(f, 'Comment'), id: p.id }], ['duplicate', 'mutation', { id: p.id }], ['updateGeneralFields', 'mutation', { id: p.id }], ['delete', 'mutation', { id: p.id }]] as const) {
      expect((await api.trpc(kind, path, input, 'distUser')).statusCode, path).toBe(403);
    }
    expect(await f.t.db.selectFrom('inspection_points').select('id').where('id', '=', p.id).where('deleted_at', 'is', null).execute()).toHaveLength(1);
    const dist = await api.call('POST', '/api/v1/inspectionPoints', 'distAdmin', basePoint(f, 'Comment', { name: 'By a distributor manager' }));
    expect(dist.statusCode, dist.body).toBe(201);
    expect((await api.call('DELETE', `/api/v1/inspectionPoints/${dist.json().id}`, 'distAdmin')).statusCode).toBe(200);
  });

  it('the tRPC procedures answer the same shapes', async () => {
    const created = await api.trpc('mutation', 'create', basePoint(f, 'Measurement', { name: 'Via tRPC', measurementTitle: 'T', measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1 }] }));
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json().result.data;
    const got = (await api.trpc('query', 'get', { id: p.id })).json().result.data;
    expect(got).toEqual(p);
    const updated = (await api.trpc('mutation', 'update', { ...basePoint(f, 'Measurement', { name: 'Via tRPC 2' }), id: p.id })).json().result.data;
    expect([updated.name, updated.measurementLimits]).toEqual(['Via tRPC 2', []]);
    const list = (await api.trpc('query', 'list', { search: 'via trpc' })).json().result.data;
    expect(list).toMatchObject({ count: 1, result: [{ id: p.id, name: 'Via tRPC 2', type: 'Measurement' }] });
    const bad = await api.trpc('mutation', 'update', { ...basePoint(f, 'Measurement'), id: p.id, fields: [], measurementLimits: [{ low: 1 }] });
    expect([bad.statusCode, bad.json().error.data.field]).toEqual([400, 'measurementLimits[0].productFamilyId']);
    const dup = (await api.trpc('mutation', 'duplicate', { id: p.id })).json().result.data;
    expect(dup.name).toBe('Via tRPC 2 (copy)');
    expect((await api.trpc('query', 'protocols', { id: p.id })).json().result.data).toEqual({ inspectionPointId: p.id, protocols: [], protocolNames: [] });
    expect((await api.trpc('mutation', 'delete', { id: dup.id })).json().result.data).toEqual({ id: dup.id });
  });
});
