import type { Response as LightMyRequestResponse } from 'light-my-request';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

/** Who calls: staff Admin, staff Manager, an inspector, a staff Admin with the Developer flag, distributor Manager and User. */
export type Who = 'admin' | 'manager' | 'inspector' | 'dev' | 'distManager' | 'distUser' | undefined;

export interface AuthoringFixture {
  t: TestApp;
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) => Promise<LightMyRequestResponse>;
  /** A pointAuthoring.* tRPC call over HTTP, as the web app makes it. */
  trpc: (kind: 'query' | 'mutation', path: string, input: unknown, who: Who) => Promise<LightMyRequestResponse>;
  ids: Awaited<ReturnType<typeof seed>>;
  close(): Promise<void>;
}

/** A test app with the users above and a small authoring world (points of several types, documents, groups). */
export async function authoringFixture(): Promise<AuthoringFixture> {
  const t = await createTestApp();
  const company = (await t.db.insertInto('companies').values({ name: 'Nordic' }).returning('id').executeTakeFirstOrThrow()).id;
  const later = new Date(Date.now() + 86_400_000);
  const tokens = await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Ada Admin', idp_groups: ['admin'] },
    { kind: 'staff', email: 'manager@company.example', name: 'Max Manager', idp_groups: ['manager'] },
    { kind: 'staff', email: 'inspector@company.example', name: 'Ina Inspector', idp_groups: ['inspection'] },
    { kind: 'staff', email: 'dev@company.example', name: 'Dev Eloper', idp_groups: ['admin'], account_flags: ['Developer'] },
    { kind: 'distributor', email: 'distManager@distributor.example', name: 'Dana', company_id: company, distributor_admin: true, expires_at: later },
    { kind: 'distributor', email: 'distUser@distributor.example', name: 'Dave', company_id: company, distributor_admin: false, expires_at: later, account_flags: ['Developer'] },
  ]);
  const ids = await seed(t);
  const headers = (who: Who) => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
  return {
    t,
    ids,
    call: (method, url, who, payload) => t.app.inject({ method, url, payload: payload as never, headers: headers(who) }),
    trpc: (kind, path, input, who) =>
      kind === 'query'
        ? t.app.inject({ method: 'GET', url: `/trpc/pointAuthoring.${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers: headers(who) })
        : t.app.inject({ method: 'POST', url: `/trpc/pointAuthoring.${path}`, headers: headers(who), payload: input as object }),
    close: () => t.close(),
  };
}

async function seed(t: TestApp) {
  const db = t.db;
  const id = async (q: { executeTakeFirstOrThrow(): Promise<{ id: string }> }) => (await q.executeTakeFirstOrThrow()).id;
  await db.insertInto('languages').values([{ id: 'en', name: 'English', position: 5 }, { id: 'fi', name: 'Suomi', position: 2 }, { id: 'de', name: 'Deutsch', position: 1 }]).execute();
  const category = await id(db.insertInto('product_categories').values({ name: 'Crushers', name_translation_key: 'cat.crushers' }).returning('id'));
  const family = await id(db.insertInto('product_families').values({ name: 'Jaw', product_category_id: category }).returning('id'));
  const family2 = await id(db.insertInto('product_families').values({ name: 'Cone', product_category_id: category }).returning('id'));
  const model = await id(db.insertInto('product_models').values({ name: 'J1', product_family_id: family }).returning('id'));
  const unit = await id(db.insertInto('units').values({ name: 'Millimetre', symbol: 'mm' }).returning('id'));
  await db.insertInto('category_titles').values([{ text: 'Feeder' }, { text: 'Engine' }]).execute();
  await db.insertInto('inspection_phases').values({ name: 'Preparation' }).execute();
  await db.insertInto('application_options').values([
    { application_name: 'web', key: 'defaultLanguage', value: JSON.stringify('en') },
    { application_name: 'inspection-app', key: 'minimumVersion', value: JSON.stringify('3.2.0') },
  ]).execute();

  const followUp = await id(db.insertInto('follow_up_range_values').values({ title: 'Thickness', keyboard_type: 'decimal-pad' }).returning('id'));
  const group = await id(db.insertInto('option_groups').values({ name: 'Condition', custom: false }).returning('id'));
  await db.insertInto('option_group_options').values([
    { option_group_id: group, index: 1, name: 'Worn', comment: 'Replace soon', follow_up_range_value_id: followUp },
    { option_group_id: group, index: 0, name: 'Good' },
  ]).execute();
  await db.insertInto('option_groups').values({ name: 'Mine', custom: true }).execute();

  const image = await id(db.insertInto('images').values({ content_type: 'image/png', sha256: 'x', size: 10, storage_key: 'images/x.png' }).returning('id'));
  const point = (name: string, type: string, extra: Record<string, unknown> = {}) =>
    id(db.insertInto('inspection_points').values({ name, type, product_category_id: category, ...extra }).returning('id'));
  const wear = await point('Wear parts', 'Dropdown');
  const paint = await point('Paint', 'Dropdown');
  const gone = await point('Gone point', 'Dropdown', { deleted_at: new Date() });
  const oil = await point('Oil temperature', 'Measurement', { measurement_unit_id: unit });
  const safety = await point('Safety kit', 'MultipleChoicesAndRangeValues');
  await db.insertInto('inspection_point_metas').values({ inspection_point_id: paint, type: 'UseCaseType', value: 'Rental' }).execute();

  const dropdown = (pointId: string, title: string, extra: Record<string, unknown> = {}) =>
    id(db.insertInto('dropdowns').values({ inspection_point_id: pointId, title, ...extra }).returning('id'));
  const option = (dropdownId: string, index: number, title: string, extra: Record<string, unknown> = {}) =>
    id(db.insertInto('dropdown_options').values({ dropdown_id: dropdownId, index, title, ...extra }).returning('id'));
  const supplier = await dropdown(wear, 'Supplier', { multiselect: true });
  const supplierFollowUp = await id(db.insertInto('follow_up_range_values').values({ title: 'Part number', validation_consequence: 'PreventReport', metas: JSON.stringify([{ type: 'AnyProductModel', value: 'true' }]) }).returning('id'));
  const original = await option(supplier, 0, 'Original', { image_id: image });
  const thirdParty = await option(supplier, 1, 'Third-party', { follow_up_range_value_id: supplierFollowUp });
  const colour = await dropdown(paint, 'Colour');
  const paintOriginal = await option(colour, 0, 'ORIGINAL');
  const paintOriginal2 = await option(colour, 1, 'original');
  const red = await option(colour, 2, 'Red');
  const zombie = await dropdown(gone, 'Zombie');
  const zombieOriginal = await option(zombie, 0, 'Original');

  const choice = await id(db.insertInto('multiple_choices').values({ inspection_point_id: safety, index: 0, title: 'Guards', tags: ['safety'] }).returning('id'));
  const rangeValue = await id(db.insertInto('range_values').values({ inspection_point_id: safety, index: 0, title: 'Grease (kg)', tags: [] }).returning('id'));

  const docCategory = (name: string, parent: string | null = null) =>
    id(db.insertInto('document_categories').values({ name, parent_category_id: parent }).returning('id'));
  const manuals = await docCategory('Manuals');
  const crusherManuals = await docCategory('Crusher manuals', manuals);
  const deepCategory = await docCategory('Deep', crusherManuals);
  const doc = (name: string, category: string | null, fileType: string, fileSize: number, extra: Record<string, unknown> = {}) =>
    id(db.insertInto('documents').values({ name, document_category_id: category, file_type: fileType, file_size: fileSize, storage_key: `docs/${name}`, ...extra }).returning('id'));
  const general = await doc('General manual', manuals, 'pdf', 2048);
  const jaw = await doc('Jaw manual', crusherManuals, 'pdf', 4096);
  const deep = await doc('Deep doc', deepCategory, 'pdf', 10);
  const loose = await doc('Loose note', null, 'docx', 1);
  await doc('Deleted doc', manuals, 'pdf', 1, { deleted_at: new Date() });
  await db.insertInto('document_product_families').values({ document_id: general, product_family_id: family }).execute();
  await db.insertInto('document_product_models').values({ document_id: jaw, product_model_id: model }).execute();

  return {
    category, family, family2, model, unit, group, image,
    points: { wear, paint, gone, oil, safety },
    dropdowns: { supplier, colour, zombie },
    options: { original, thirdParty, paintOriginal, paintOriginal2, red, zombieOriginal },
    supplierFollowUp, choice, rangeValue,
    docs: { manuals, crusherManuals, general, jaw, deep, loose },
  };
}

