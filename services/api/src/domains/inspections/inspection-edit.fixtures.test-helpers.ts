import type { TestApp } from '../../testing/test-app.js';
import { seedReference, signInRoles } from '../equipment/equipment.fixtures.test-helpers.js';

/**
 * Fixtures for the inspection editing tests: signed-in roles, a point library with a radio selection (default
 * comments), a measurement (decimal, family limits), a table with an aggregated column and row, a multiple
 * choice, a dropdown and a comment; a Daily protocol using them; machines; images; inspections of staff, of the
 * distributor 'Dist Oy' and of another company.
 */
export async function seedEditFixtures(t: TestApp) {
  const tok = await signInRoles(t);
  const ref = await seedReference(t);
  const db = t.db;
  const users = Object.fromEntries((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email.split('@')[0]!, u.id]));
  const companyId = (await db.selectFrom('companies').select('id').where('name', '=', 'Dist Oy').executeTakeFirstOrThrow()).id;
  const otherCompanyId = (await db.insertInto('companies').values({ name: 'Other Dist' }).returning('id').executeTakeFirstOrThrow()).id;
  const otherDist = (await db.insertInto('users').values({ kind: 'distributor', email: 'other@other.example', name: 'Other', company_id: otherCompanyId, expires_at: new Date(Date.now() + 86400_000) }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('languages').values([{ id: 'en', name: 'English' }, { id: 'fi', name: 'Suomi' }]).execute();
  const unit = (await db.insertInto('units').values({ name: 'Millimetre', symbol: 'mm' }).returning('id').executeTakeFirstOrThrow()).id;
  const category = ref.categories.crushers.id;

  const group = (await db.insertInto('option_groups').values({ name: 'Condition', custom: false }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('option_group_options').values([
    { option_group_id: group, index: 0, name: 'Good' },
    { option_group_id: group, index: 1, name: 'Worn', comment: 'Wear observed.' },
    { option_group_id: group, index: 2, name: 'Damaged', comment: 'Repair or replace.' },
  ]).execute();
  const point = async (values: Record<string, unknown>) =>
    (await db.insertInto('inspection_points').values({ product_category_id: category, ...values } as never).returning('id').executeTakeFirstOrThrow()).id;
  const radio = await point({ type: 'RadioButtonSelection', name: 'Jaw dies wear', option_group_id: group });
  const measure = await point({ type: 'Measurement', name: 'Crusher setting', keyboard_type: 'decimal-pad', measurement_title: 'CSS', measurement_unit_id: unit });
  await db.insertInto('measurement_limits').values({ inspection_point_id: measure, product_family_id: ref.jaw.id, critical_low: 5, low: 10, high: 40, critical_high: 50 }).execute();
  const table = await point({ type: 'SummaryWithRows', name: 'Belt thickness', aggregation_direction: 'Both', field_title: 'Measurements' });
  const fields = await db.insertInto('inspection_point_fields').values([
    { inspection_point_id: table, index: 0, title: 'Left', keyboard_type: 'decimal-pad' },
    { inspection_point_id: table, index: 1, title: 'Right', keyboard_type: 'decimal-pad' },
    { inspection_point_id: table, index: 2, title: 'Average', aggregation: 'Average' },
  ]).returning('id').execute();
  const rows = await db.insertInto('inspection_point_rows').values([
    { inspection_point_id: table, index: 0, title: 'Main' },
    { inspection_point_id: table, index: 1, title: 'Side' },
    { inspection_point_id: table, index: 2, title: 'Total', aggregation: 'Sum' },
  ]).returning('id').execute();
  const choice = await point({ type: 'MultipleChoices', name: 'Safety equipment' });
  const mc = (await db.insertInto('multiple_choices').values({ inspection_point_id: choice, index: 0, title: 'Guards', radio: true }).returning('id').executeTakeFirstOrThrow()).id;
  const mcOptions = await db.insertInto('multiple_choice_options').values([{ multiple_choice_id: mc, index: 0, title: 'Present' }, { multiple_choice_id: mc, index: 1, title: 'Missing' }]).returning('id').execute();
  const dropdownPoint = await point({ type: 'Dropdown', name: 'Wear parts' });
  const dd = (await db.insertInto('dropdowns').values({ inspection_point_id: dropdownPoint, index: 0, title: 'Supplier', multiselect: false }).returning('id').executeTakeFirstOrThrow()).id;
  const ddOptions = await db.insertInto('dropdown_options').values([{ dropdown_id: dd, index: 0, title: 'Original' }, { dropdown_id: dd, index: 1, title: 'Third-party' }]).returning('id').execute();
  const comment = await point({ type: 'Comment', name: 'General remarks', rating_field_present: false });

  const protocol = async (name: string, type: string, sections: [string, string[]][], targets: Record<string, string>[] = [], deleted = false) => {
    const p = (await db.insertInto('protocols').values({ name, type, deleted_at: deleted ? new Date() : null }).returning('id').executeTakeFirstOrThrow()).id;
    if (targets.length) await db.insertInto('protocol_targets').values(targets.map((x) => ({ protocol_id: p, ...x }))).execute();
    const points: Record<string, string> = {};
    const categories: string[] = [];
    for (const [index, [title, ids]] of sections.entries()) {
      const c = (await db.insertInto('protocol_categories').values({ protocol_id: p, index, title }).returning('id').executeTakeFirstOrThrow()).id;
      categories.push(c);
      for (const [i, ip] of ids.entries()) {
        points[ip] = (await db.insertInto('protocol_points').values({ protocol_id: p, protocol_category_id: c, inspection_point_id: ip, index: i }).returning('id').executeTakeFirstOrThrow()).id;
      }
    }
    return { id: p, points, categories };
  };
  const daily = await protocol('Daily check for Jaw JC', 'Daily', [['General', [comment, radio]], ['Measurements', [measure, table]], ['Choices', [choice, dropdownPoint]]], [{ product_family_id: ref.jaw.id }]);

  const equipment = (await db.insertInto('equipment').values({ serial_number: 'SN-1', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC100!, customer_id: ref.customerId, customer_site_id: ref.siteId }).returning('id').executeTakeFirstOrThrow()).id;
  const image = async (by: string) =>
    (await db.insertInto('images').values({ storage_key: `images/${crypto.randomUUID()}.png`, content_type: 'image/png', size: 10, sha256: 'x', uploaded_by_user_id: by }).returning('id').executeTakeFirstOrThrow()).id;

  /** An In_Use inspection of the daily protocol on SN-1 with its categories, like POST api/v1/inspections makes. */
  const inspection = async (values: Record<string, unknown>) => {
    const id = (await db.insertInto('inspections').values({
      name: 'Daily check for Jaw JC', type: 'Daily', protocol_id: daily.id, customer_id: ref.customerId, customer_site_id: ref.siteId, equipment_id: equipment,
      serial_number: 'SN-1', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC100!, inspection_date: new Date(Date.UTC(2026, 0, 5)), ...values,
    } as never).returning('id').executeTakeFirstOrThrow()).id;
    const cats = await db.selectFrom('protocol_categories').select(['id', 'index', 'title']).where('protocol_id', '=', daily.id).orderBy('index').execute();
    const inserted = await db.insertInto('inspection_categories').values(cats.map((c) => ({ inspection_id: id, protocol_category_id: c.id, index: c.index, title: c.title }))).returning('id').execute();
    return { id, categories: inserted.map((c) => c.id) };
  };

  return {
    tok, ref, users, companyId, otherCompanyId, otherDist, daily, equipment, image, inspection, protocol,
    /** An inspection the staff inspector (Ivy) started and is filling in, with `status` (In_Use unless given). */
    startedByInspector: (status = 'In_Use') =>
      inspection({ status, inspector: 'Ivy', inspector_user_id: users.inspector, created_by_user_id: users.inspector, inspector_contact: 'inspector@company.example' }),
    points: { radio, measure, table, choice, dropdownPoint, comment },
    table: { fields: fields.map((f) => f.id), rows: rows.map((r) => r.id) },
    choice: { id: mc, options: mcOptions.map((o) => o.id) },
    dropdown: { id: dd, options: ddOptions.map((o) => o.id) },
  };
}
export type EditFixtures = Awaited<ReturnType<typeof seedEditFixtures>>;

/** Gives every point of an edit body that asks for a rating and has none `rating` (issue 20: finishing needs them). */
export function rateEveryPoint<T extends { categories: { inspectionPoints: { ratingField?: { present: boolean }; content: { rating?: unknown } }[] }[] }>(x: T, rating = 'Ok'): T {
  for (const p of x.categories.flatMap((c) => c.inspectionPoints)) {
    if (p.ratingField?.present !== false && (p.content.rating == null || p.content.rating === 'NotSet')) p.content.rating = rating;
  }
  return x;
}
