import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, signInUsers } from '../../testing/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let familyId: string;
let modelId: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.db.insertInto('companies').values({ name: 'Nordic' }).returning('id').executeTakeFirstOrThrow();
  Object.assign(tokens, await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'] },
    { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'] },
    { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
    { kind: 'distributor', email: 'dist@distributor.example', name: 'Dist', company_id: company.id, distributor_admin: true, expires_at: new Date(Date.now() + 86_400_000) },
  ]));
  const cat = await t.db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id').executeTakeFirstOrThrow();
  familyId = (await t.db.insertInto('product_families').values({ name: 'Cone', product_category_id: cat.id }).returning('id').executeTakeFirstOrThrow()).id;
  modelId = (await t.db.insertInto('product_models').values({ name: 'C-100', product_family_id: familyId }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

type Who = 'admin' | 'manager' | 'inspector' | 'dist' | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

let seq = 0;
/** A customer with `n` sites, contacts, equipment, inspections and audits (and one soft-deleted site). */
async function customerWith(name: string, n = 1) {
  seq++;
  const c = await t.db.insertInto('customers').values({ name, mdm_customer_id: `MDM-${seq}` }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < n; i++) {
    const site = await t.db.insertInto('customer_sites').values({ customer_id: c.id, name: `${name} site ${i}`, mdm_site_id: `S-${seq}-${i}`, country: 'FI' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('contacts').values({ customer_id: c.id, customer_site_id: site.id, name: `${name} contact ${i}`, email: `c${seq}${i}@x.example` }).execute();
    const e = await t.db
      .insertInto('equipment')
      .values({ customer_id: c.id, customer_site_id: site.id, serial_number: `SN-${seq}-${i}`, product_family_id: familyId, product_model_id: modelId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('inspections').values({ name: 'Run', type: 'Inspection', inspection_date: new Date(), customer_id: c.id, customer_site_id: site.id, equipment_id: e.id }).execute();
    await t.db.insertInto('audits').values({ name: 'Audit', inspection_date: new Date(), customer_id: c.id, customer_site_id: site.id }).execute();
  }
  await t.db.insertInto('customer_sites').values({ customer_id: c.id, name: 'gone', deleted_at: new Date() }).execute();
  return c.id;
}

async function ownedCounts(customerId: string) {
  const n = async (table: 'customer_sites' | 'contacts' | 'equipment' | 'inspections' | 'audits') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow()).n);
  return { sites: await n('customer_sites'), contacts: await n('contacts'), equipment: await n('equipment'), inspections: await n('inspections'), audits: await n('audits') };
}

describe('GET api/v1/customers/query', () => {
  it('lists live customers by name descending by default, pages and searches name or MDM id', async () => {
    const ids = [await customerWith('Query Alpha', 0), await customerWith('Query Beta', 0), await customerWith('Query Gamma', 0)];
    await t.db.updateTable('customers').set({ deleted_at: new Date() }).where('id', '=', ids[1]!).execute();
    const res = await call('GET', '/api/v1/customers/query?search=query', 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2, result: [expect.objectContaining({ name: 'Query Gamma' }), expect.objectContaining({ name: 'Query Alpha', mdmCustomerId: expect.stringMatching(/^MDM-/) })] });
    const page2 = (await call('GET', '/api/v1/customers/query?search=query&orderKey=name&orderDirection=asc&offset=1&amount=1', 'manager')).json();
    expect(page2).toEqual({ count: 2, result: [{ id: ids[2], name: 'Query Gamma', mdmCustomerId: expect.any(String) }] });
    const byMdm = (await call('GET', `/api/v1/customers/query?search=MDM-${seq - 2}`, 'admin')).json();
    expect(byMdm.result.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
  });

  it('answers 400 naming the field for a bad sort key or page size', async () => {
    const res = await call('GET', '/api/v1/customers/query?orderKey=secret', 'manager');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('orderKey');
    const amount = await call('GET', '/api/v1/customers/query?amount=0', 'manager');
    expect(amount.statusCode).toBe(400);
    expect(amount.json().message).toMatch(/^amount: /);
  });
});

describe('GET api/v1/customers/{id}', () => {
  it('answers the customer with live sites, contacts and equipment (002 §3 names) and the counts', async () => {
    const id = await customerWith('Details Oy', 2);
    const res = await call('GET', `/api/v1/customers/${id}`, 'manager');
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ id, name: 'Details Oy', mdmCustomerId: `MDM-${seq}`, counts: { sites: 2, contacts: 2, equipments: 2, inspections: 2, audits: 2 } });
    expect(c.sites[0]).toEqual({ id: expect.any(String), name: 'Details Oy site 0', mdmSiteId: `S-${seq}-0`, mdmType: null, country: 'FI', stateProvince: null });
    expect(c.contacts[0]).toMatchObject({ name: 'Details Oy contact 0', email: `c${seq}0@x.example`, phoneNumber: null });
    expect(c.equipments[0]).toEqual({
      id: expect.any(String), serialNumber: `SN-${seq}-0`, nickName: null, mdmEquipmentId: null,
      productFamilyId: familyId, productModelId: modelId, productFamilyName: 'Cone', productModelName: 'C-100',
    });
  });

  it('answers 404 for an unknown customer and 400 naming id for a malformed one', async () => {
    expect((await call('GET', `/api/v1/customers/${crypto.randomUUID()}`, 'manager')).statusCode).toBe(404);
    const bad = await call('GET', '/api/v1/customers/not-a-uuid', 'manager');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });
});

describe('create and update', () => {
  it('lets an admin create and rename a customer, add, edit and remove a site and a contact', async () => {
    const created = await call('POST', '/api/v1/customers', 'admin', { name: '  New Customer ', mdmCustomerId: '' });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'New Customer', mdmCustomerId: null, sites: [], contacts: [], equipments: [] });
    expect((await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Renamed', mdmCustomerId: 'MDM-NEW' })).json()).toMatchObject({ name: 'Renamed', mdmCustomerId: 'MDM-NEW' });

    const site = (await call('POST', `/api/v1/customers/${id}/sites`, 'admin', { name: 'Quarry', country: 'SE', stateProvince: 'Norrbotten' })).json();
    expect(site).toMatchObject({ name: 'Quarry', country: 'SE', stateProvince: 'Norrbotten', mdmSiteId: null });
    expect((await call('PUT', `/api/v1/customers/${id}/sites/${site.id}`, 'admin', { name: 'Pit', mdmType: 'Plant' })).json()).toMatchObject({ name: 'Pit', mdmType: 'Plant', country: null });
    const contact = (await call('POST', `/api/v1/customers/${id}/contacts`, 'admin', { name: 'Eva', email: 'eva@x.example', phoneNumber: '+358 1', siteId: site.id })).json();
    expect(contact).toEqual({ id: expect.any(String), name: 'Eva', email: 'eva@x.example', phoneNumber: '+358 1', siteId: site.id });
    expect((await call('PUT', `/api/v1/customers/${id}/contacts/${contact.id}`, 'admin', { name: 'Eva K' })).json()).toMatchObject({ name: 'Eva K', email: null });

    expect((await call('DELETE', `/api/v1/customers/${id}/contacts/${contact.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/customers/${id}/sites/${site.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/customers/${id}`, 'admin')).json()).toMatchObject({ sites: [], contacts: [] });
    expect((await call('DELETE', `/api/v1/customers/${id}/sites/${site.id}`, 'admin')).statusCode).toBe(404);
    const trail = await t.db.selectFrom('audit_trail').select(['entity_type', 'action']).where('entity_id', 'in', [id, site.id, contact.id]).execute();
    expect(trail).toHaveLength(8);
  });

  it('answers 400 naming the field for invalid input and writes nothing', async () => {
    const before = Number((await t.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const blank = await call('POST', '/api/v1/customers', 'admin', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ field: 'name', message: expect.stringMatching(/^name: /) });
    const id = await customerWith('Validation', 0);
    const email = await call('POST', `/api/v1/customers/${id}/contacts`, 'admin', { name: 'X', email: 'not-mail' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toMatch(/^email: /);
    const site = await call('POST', `/api/v1/customers/${id}/sites`, 'admin', { country: 'FI' });
    expect(site.json()).toMatchObject({ statusCode: 400, field: 'name' });
    const foreignSite = await call('POST', `/api/v1/customers/${id}/contacts`, 'admin', { name: 'X', siteId: crypto.randomUUID() });
    expect(foreignSite.json()).toMatchObject({ statusCode: 400, field: 'siteId' });
    expect(Number((await t.db.selectFrom('customers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before + 1);
    expect(await ownedCounts(id)).toMatchObject({ contacts: 0, sites: 1 });
  });

  it('answers 409 naming mdmCustomerId when a live customer already has it', async () => {
    await customerWith('Taken', 0);
    const res = await call('POST', '/api/v1/customers', 'admin', { name: 'Dup', mdmCustomerId: `MDM-${seq}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('mdmCustomerId');
  });

  it("keeps the customer's report language (issue 20): set, kept when a client leaves it out, cleared with null; unknown is 400 naming language", async () => {
    await t.db.insertInto('languages').values([{ id: 'en', name: 'English' }, { id: 'de', name: 'German' }]).onConflict((oc) => oc.doNothing()).execute();
    const created = await call('POST', '/api/v1/customers', 'admin', { name: 'Sprache GmbH', language: 'DE' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ language: 'de' });
    expect((await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Sprache AG' })).json()).toMatchObject({ name: 'Sprache AG', language: 'de' });
    const unknown = await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Sprache AG', language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'language', message: 'language: is not a known language' });
    expect((await call('POST', '/api/v1/customers', 'admin', { name: 'Nope', language: 'zz' })).json()).toMatchObject({ statusCode: 400, field: 'language' });
    expect((await call('GET', `/api/v1/customers/${id}`, 'manager')).json()).toMatchObject({ language: 'de' });
    expect((await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Sprache AG', language: null })).json()).toMatchObject({ language: null });
    const trpcSet = await call('POST', '/trpc/customers.update', 'admin', { id, data: { name: 'Sprache AG', language: 'de' } });
    expect(trpcSet.json().result.data).toMatchObject({ language: 'de' });
    const trpcBad = await call('POST', '/trpc/customers.update', 'admin', { id, data: { name: 'Sprache AG', language: 'xx' } });
    expect(trpcBad.statusCode).toBe(400);
    expect(trpcBad.json().error.data.field).toBe('language');
    expect((await call('PUT', `/api/v1/customers/${id}`, 'manager', { name: 'Sprache AG', language: 'en' })).statusCode).toBe(403);
  });

  it('serves the same services over tRPC for the web app', async () => {
    const res = await call('POST', '/trpc/customers.create', 'admin', { name: 'Via tRPC' });
    expect(res.statusCode).toBe(200);
    const id = res.json().result.data.id;
    const list = await call('GET', `/trpc/customers.list?input=${encodeURIComponent(JSON.stringify({ search: 'via trpc' }))}`, 'manager');
    expect(list.json().result.data).toEqual({ count: 1, result: [{ id, name: 'Via tRPC', mdmCustomerId: null }] });
    const bad = await call('POST', '/trpc/customers.update', 'admin', { id, data: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('data.name');
  });
});

describe("a customer's time zone (issue 20)", () => {
  const html = async (inspectionId: string, query = '') => {
    const res = await call('GET', `/api/v1/inspections/${inspectionId}/reporthtml${query}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('is stored in its IANA spelling, kept by an update that leaves it out and cleared by a blank one', async () => {
    const created = await call('POST', '/api/v1/customers', 'admin', { name: 'Zoned Oy', timeZone: 'europe/helsinki' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Zoned Oy', timeZone: 'Europe/Helsinki' });
    const id = created.json().id;
    expect((await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Zoned Oy 2' })).json()).toMatchObject({ name: 'Zoned Oy 2', timeZone: 'Europe/Helsinki' });
    expect((await call('GET', `/api/v1/customers/${id}`, 'manager')).json().timeZone).toBe('Europe/Helsinki');
    expect((await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Zoned Oy 2', timeZone: '' })).json().timeZone).toBeNull();
    expect((await call('POST', '/api/v1/customers', 'admin', { name: 'Unzoned' })).json().timeZone).toBeNull();
  });

  it('answers 400 naming timeZone for a zone that is not one, over REST and tRPC, and stores nothing', async () => {
    const id = await customerWith('Zone check', 0);
    for (const timeZone of ['Mars/Olympus_Mons', '+02:00', 'EEST', 42]) {
      const res = await call('POST', '/api/v1/customers', 'admin', { name: 'Bad zone', timeZone });
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(res.json(), String(timeZone)).toMatchObject({ field: 'timeZone', message: expect.stringMatching(/^timeZone: /) });
    }
    const put = await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Zone check', timeZone: 'Europe/Atlantis' });
    expect(put.json()).toMatchObject({ statusCode: 400, field: 'timeZone' });
    const trpc = await call('POST', '/trpc/customers.update', 'admin', { id, data: { name: 'Zone check', timeZone: 'Nowhere' } });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.field).toBe('data.timeZone');
    expect(await t.db.selectFrom('customers').select('id').where('name', '=', 'Bad zone').execute()).toEqual([]);
    expect((await t.db.selectFrom('customers').select('time_zone').where('id', '=', id).executeTakeFirstOrThrow()).time_zone).toBeNull();
  });

  it("prints the report's times in the customer's zone by name, else in REPORT_TIME_ZONE, and the app's view in the viewer's", async () => {
    await t.db.insertInto('languages').values({ id: 'en', name: 'English' }).onConflict((oc) => oc.doNothing()).execute();
    const id = await customerWith('Report zone', 1);
    // 20.11.2026 22:30 UTC: 00:30 on the 21st in Helsinki, 14:30 on the 20th in Los Angeles
    const started = new Date(Date.UTC(2026, 10, 20, 22, 30));
    const inspection = await t.db.updateTable('inspections').set({ inspection_date: started, started_at: started }).where('customer_id', '=', id).returning('id').executeTakeFirstOrThrow();
    expect(t.config.reportTimeZone).toBe('UTC');
    expect(await html(inspection.id)).toContain('20.11.2026 22:30 UTC');
    await call('PUT', `/api/v1/customers/${id}`, 'admin', { name: 'Report zone', timeZone: 'Europe/Helsinki' });
    const helsinki = await html(inspection.id);
    expect(helsinki).toContain('21.11.2026 00:30 EET');
    expect(helsinki).not.toContain('22:30 UTC');
    expect(await html(inspection.id, '?timeZone=America/Los_Angeles')).toContain('20.11.2026 14:30 GMT-8');
    const bad = await call('GET', `/api/v1/inspections/${inspection.id}/reporthtml?timeZone=Mars/Base`, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('timeZone');
  });
});

describe('DELETE api/v1/customers/{id}/sites/{siteId}', () => {
  it('detaches live equipment and contacts at the site (they stay with the customer); other sites, deleted rows and history keep theirs', async () => {
    const id = await customerWith('Site Closer', 2);
    const sites = await t.db.selectFrom('customer_sites').select('id').where('customer_id', '=', id).where('deleted_at', 'is', null).orderBy('name').execute();
    const [closing, staying] = [sites[0]!.id, sites[1]!.id];
    const retired = await t.db
      .insertInto('equipment')
      .values({ customer_id: id, customer_site_id: closing, serial_number: 'SN-retired', deleted_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/v1/customers/${id}/sites/${closing}`, 'admin')).statusCode).toBe(200);
    const siteOf = (table: 'contacts' | 'equipment') =>
      t.db.selectFrom(table).select(['customer_id', 'customer_site_id']).where('customer_id', '=', id).where('deleted_at', 'is', null).orderBy('customer_site_id').execute();
    for (const table of ['contacts', 'equipment'] as const) {
      expect(await siteOf(table), table).toEqual([
        { customer_id: id, customer_site_id: staying },
        { customer_id: id, customer_site_id: null },
      ]);
    }
    const kept = await t.db.selectFrom('equipment').select('customer_site_id').where('id', '=', retired.id).executeTakeFirstOrThrow();
    expect(kept.customer_site_id).toBe(closing);
    const history = await t.db.selectFrom('inspections').select('id').where('customer_site_id', '=', closing).execute();
    expect(history).toHaveLength(1);
  });
});

describe('DELETE api/v1/customers/{id}', () => {
  it('soft-deletes the customer with its sites, contacts and equipment; its inspections stay readable', async () => {
    const id = await customerWith('Delete Me', 2);
    const res = await call('DELETE', `/api/v1/customers/${id}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/v1/customers/${id}`, 'admin')).statusCode).toBe(404);
    const live = (table: 'customer_sites' | 'contacts' | 'equipment') =>
      t.db.selectFrom(table).select('id').where('customer_id', '=', id).where('deleted_at', 'is', null).execute();
    expect(await live('customer_sites')).toEqual([]);
    expect(await live('contacts')).toEqual([]);
    expect(await live('equipment')).toEqual([]);
    // The history still joins to its customer, site and equipment by name and serial.
    const runs = await t.db
      .selectFrom('inspections as i')
      .innerJoin('customers as c', 'c.id', 'i.customer_id')
      .innerJoin('customer_sites as s', 's.id', 'i.customer_site_id')
      .innerJoin('equipment as e', 'e.id', 'i.equipment_id')
      .select(['c.name', 's.name as site', 'e.serial_number', 'i.deleted_at'])
      .where('i.customer_id', '=', id)
      .execute();
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.name === 'Delete Me' && r.site.startsWith('Delete Me site') && r.serial_number && r.deleted_at === null)).toBe(true);
    expect((await call('DELETE', `/api/v1/customers/${id}`, 'admin')).statusCode).toBe(404);
  });
});

describe('POST api/v1/customers/{id}/merge', () => {
  it('moves everything of the first (path id) to the second (customerId), which survives under the new name', async () => {
    const first = await customerWith('First AB', 2);
    const second = await customerWith('Second Oy', 3);
    const [a, b] = [await ownedCounts(first), await ownedCounts(second)];
    const res = await call('POST', `/api/v1/customers/${first}/merge`, 'admin', { customerId: second, name: 'Merged Group' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: second, name: 'Merged Group', counts: { sites: 5, contacts: 5, equipments: 5, inspections: 5, audits: 5 } });
    expect(await ownedCounts(second)).toEqual({
      sites: a.sites + b.sites, contacts: a.contacts + b.contacts, equipment: a.equipment + b.equipment,
      inspections: a.inspections + b.inspections, audits: a.audits + b.audits,
    });
    expect(await ownedCounts(first)).toEqual({ sites: 0, contacts: 0, equipment: 0, inspections: 0, audits: 0 });
    const gone = await t.db.selectFrom('customers').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.merged_into_customer_id).toBe(second);
    const search = await t.db.selectFrom('inspections').select('search_text').where('customer_id', '=', second).execute();
    expect(search.every((r) => r.search_text.includes('merged group'))).toBe(true);
    const trail = await t.db.selectFrom('audit_trail').select(['entity_id', 'action']).where('entity_id', 'in', [first, second]).execute();
    expect(trail).toEqual(expect.arrayContaining([{ entity_id: second, action: 'merge' }, { entity_id: first, action: 'merged_into' }]));
  });

  it('refuses a merge with itself (400 naming customerId), a missing name and an unknown customer', async () => {
    const id = await customerWith('Self', 1);
    const self = await call('POST', `/api/v1/customers/${id}/merge`, 'admin', { customerId: id, name: 'X' });
    expect(self.statusCode).toBe(400);
    expect(self.json().field).toBe('customerId');
    const noName = await call('POST', `/api/v1/customers/${id}/merge`, 'admin', { customerId: crypto.randomUUID() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/^name: /);
    const unknown = await call('POST', `/api/v1/customers/${id}/merge`, 'admin', { customerId: crypto.randomUUID(), name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(await ownedCounts(id)).toMatchObject({ sites: 2, inspections: 1 });
    expect((await t.db.selectFrom('customers').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });
});

describe('permissions', () => {
  it('refuses every route to a too-low role: inspector and distributor read nothing, a manager changes nothing', async () => {
    const id = await customerWith('Guarded', 1);
    const other = await customerWith('Guarded 2', 0);
    const site = (await t.db.selectFrom('customer_sites').select('id').where('customer_id', '=', id).executeTakeFirstOrThrow()).id;
    const contact = (await t.db.selectFrom('contacts').select('id').where('customer_id', '=', id).executeTakeFirstOrThrow()).id;
    const reads: Array<[string, string]> = [['GET', '/api/v1/customers/query'], ['GET', `/api/v1/customers/${id}`]];
    const writes: Array<[string, string, unknown?]> = [
      ['POST', '/api/v1/customers', { name: 'X' }],
      ['PUT', `/api/v1/customers/${id}`, { name: 'X' }],
      ['DELETE', `/api/v1/customers/${id}`],
      ['POST', `/api/v1/customers/${id}/merge`, { customerId: other, name: 'X' }],
      ['POST', `/api/v1/customers/${id}/sites`, { name: 'X' }],
      ['PUT', `/api/v1/customers/${id}/sites/${site}`, { name: 'X' }],
      ['DELETE', `/api/v1/customers/${id}/sites/${site}`],
      ['POST', `/api/v1/customers/${id}/contacts`, { name: 'X' }],
      ['PUT', `/api/v1/customers/${id}/contacts/${contact}`, { name: 'X' }],
      ['DELETE', `/api/v1/customers/${id}/contacts/${contact}`],
    ];
    for (const who of ['inspector', 'dist'] as const) {
      for (const [m, url, body] of [...reads, ...writes]) expect((await call(m as 'GET', url, who, body)).statusCode, `${who} ${m} ${url}`).toBe(403);
    }
    for (const [m, url] of reads) expect((await call(m as 'GET', url, 'manager')).statusCode, `manager ${m} ${url}`).toBe(200);
    for (const [m, url, body] of writes) expect((await call(m as 'GET', url, 'manager', body)).statusCode, `manager ${m} ${url}`).toBe(403);
    for (const [m, url, body] of [...reads, ...writes]) expect((await call(m as 'GET', url, undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `/trpc/customers.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, 'dist')).statusCode).toBe(403);
    expect((await call('POST', '/trpc/customers.merge', 'manager', { id, customerId: other, name: 'X' })).statusCode).toBe(403);
    expect(await ownedCounts(id)).toMatchObject({ sites: 2, contacts: 1, equipment: 1 });
    expect((await call('GET', `/api/v1/customers/${id}`, 'admin')).json().name).toBe('Guarded');
  });
});
