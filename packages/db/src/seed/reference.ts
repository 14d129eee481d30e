import { hash } from '@node-rs/argon2';
import { json, insertMany, type SeedContext } from './context.js';
import { DAY } from './random.js';

export const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['fi', 'Finnish'],
  ['sv', 'Swedish'],
  ['de', 'German'],
  ['fr', 'French'],
  ['es', 'Spanish'],
  ['pt', 'Portuguese'],
];

/** Product catalogue: category → family (name, long name, division) → models. */
const CATALOGUE: { category: string; families: { name: string; long: string; division: string; models: string[] }[] }[] = [
  {
    category: 'Crushers',
    families: [
      { name: 'Jaw JC', long: 'JC-series jaw crushers', division: 'Crushing', models: ['JC80', 'JC106', 'JC120', 'JC150'] },
      { name: 'Cone HC', long: 'HC-series cone crushers', division: 'Crushing', models: ['HC100', 'HC300', 'HC500'] },
      { name: 'Impact IC', long: 'IC-series horizontal shaft impactors', division: 'Crushing', models: ['IC1213', 'IC1415'] },
    ],
  },
  {
    category: 'Screens',
    families: [
      { name: 'Screen ST', long: 'ST-series mobile screens', division: 'Screening', models: ['ST2.4', 'ST3.8'] },
      { name: 'Screen TS', long: 'TS-series inclined screens', division: 'Screening', models: ['TS3.2', 'TS4.3'] },
    ],
  },
  {
    category: 'Surface drills',
    families: [
      { name: 'Drill DX', long: 'DX-series top hammer drill rigs', division: 'Drilling', models: ['DX800', 'DX900'] },
      { name: 'Drill DR', long: 'DR-series down-the-hole drill rigs', division: 'Drilling', models: ['DR410', 'DR580'] },
    ],
  },
];

export const CATEGORY_TITLES = [
  'General', 'Safety', 'Feeder', 'Crusher', 'Conveyors', 'Engine', 'Hydraulics', 'Electrics', 'Lubrication',
  'Screen deck', 'Boom', 'Rock drill', 'Plant', 'Operation', 'Wear parts', 'Documentation',
];

export const STAFF = {
  admin: { email: 'admin@company.example', name: 'Ada Admin', groups: ['admin'], flags: ['Developer', 'CertificationManager'] },
  manager: { email: 'manager@company.example', name: 'Max Manager', groups: ['manager'], flags: [] as string[] },
  inspector: { email: 'inspector@company.example', name: 'Ilkka Inspector', groups: ['inspection'], flags: ['Rater'] },
};
export const DISTRIBUTOR_PASSWORD = 'Distributor-1';

export interface Reference {
  categories: Record<string, string>;
  families: { id: string; name: string; categoryId: string; category: string; models: { id: string; name: string }[] }[];
  units: Record<string, string>;
  titles: Record<string, string>;
  phases: string[];
  users: { admin: string; manager: string; inspector: string; distAdmin: string; distUser: string };
  companyId: string;
}

export async function seedReference(ctx: SeedContext): Promise<Reference> {
  const { db, now } = ctx;
  await insertMany(db, 'languages', LANGUAGES.map(([id, name], position) => ({ id, name, position })));

  const categories: Record<string, string> = {};
  const families: Reference['families'] = [];
  for (const c of CATALOGUE) {
    const cat = await db.insertInto('product_categories').values({ name: c.category }).returning('id').executeTakeFirstOrThrow();
    categories[c.category] = cat.id;
    for (const f of c.families) {
      const fam = await db
        .insertInto('product_families')
        .values({ name: f.name, long_name: f.long, product_category_id: cat.id, division: f.division })
        .returning('id')
        .executeTakeFirstOrThrow();
      const models = await db
        .insertInto('product_models')
        .values(f.models.map((name) => ({ name, product_family_id: fam.id })))
        .returning(['id', 'name'])
        .execute();
      families.push({ id: fam.id, name: f.name, categoryId: cat.id, category: c.category, models });
    }
  }

  const unitRows = await db
    .insertInto('units')
    .values([
      ['Millimetre', 'mm'], ['Bar', 'bar'], ['Degree Celsius', '°C'], ['Hour', 'h'], ['Revolutions per minute', 'rpm'],
      ['Ampere', 'A'], ['Percent', '%'], ['Kilonewton', 'kN'], ['Litre', 'l'], ['Tonnes per hour', 't/h'],
    ].map(([name, symbol]) => ({ name, symbol })))
    .returning(['id', 'symbol'])
    .execute();
  const units = Object.fromEntries(unitRows.map((u) => [u.symbol, u.id]));

  const titleRows = await db.insertInto('category_titles').values(CATEGORY_TITLES.map((text) => ({ text }))).returning(['id', 'text']).execute();
  const titles = Object.fromEntries(titleRows.map((t) => [t.text, t.id]));

  const phaseRows = await db
    .insertInto('inspection_phases')
    .values(['Preparation', 'Running', 'Shutdown'].map((name) => ({ name })))
    .returning('id')
    .execute();

  await insertMany(db, 'application_options', [
    { application_name: 'inspection-app', key: 'minimumVersion', value: json('3.2.0') },
    { application_name: 'inspection-app', key: 'photoMaxSizeKb', value: json(2048) },
    { application_name: 'web', key: 'defaultLanguage', value: json('en') },
    { application_name: 'web', key: 'supportEmail', value: json('support@company.example') },
  ]);

  const company = await db.insertInto('companies').values({ name: 'Nordic Distribution Oy' }).returning('id').executeTakeFirstOrThrow();
  const other = await db.insertInto('companies').values({ name: 'Baltic Machinery AB' }).returning('id').executeTakeFirstOrThrow();

  const staffIds: Record<string, string> = {};
  for (const [key, s] of Object.entries(STAFF)) {
    const u = await db
      .insertInto('users')
      .values({ kind: 'staff', email: s.email, name: s.name, idp_groups: s.groups, account_flags: s.flags })
      .returning('id')
      .executeTakeFirstOrThrow();
    staffIds[key] = u.id;
  }
  // The development identity provider signs staff in from these rows.
  await insertMany(db, 'dev_idp_accounts', Object.values(STAFF).map((s) => ({ email: s.email, name: s.name, groups: s.groups })));

  const passwordHash = await hash(DISTRIBUTOR_PASSWORD);
  const inAYear = new Date(now.getTime() + 365 * DAY);
  const distributor = (email: string, name: string, admin: boolean, companyId: string, extra: Record<string, unknown> = {}) =>
    db
      .insertInto('users')
      .values({ kind: 'distributor', email, name, company_id: companyId, distributor_admin: admin, password_hash: passwordHash, expires_at: inAYear, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
  const distAdmin = await distributor('dist.admin@distributor.example', 'Dana Distributor', true, company.id);
  const distUser = await distributor('dist.user@distributor.example', 'Dave Distributor', false, company.id);
  // Two more rows so the distributor lists show every state: expired, and password not yet set.
  const expired = await distributor('dist.expired@distributor.example', 'Erik Expired', false, company.id, {
    expires_at: new Date(now.getTime() - 30 * DAY),
  });
  const unset = await distributor('baltic.user@baltic.example', 'Birgitta Baltic', false, other.id, { password_hash: null });

  await insertMany(db, 'user_product_categories', [
    ...[distAdmin.id, distUser.id, expired.id].flatMap((user_id) => [
      { user_id, product_category_id: categories.Crushers },
      { user_id, product_category_id: categories.Screens },
    ]),
    { user_id: distAdmin.id, product_category_id: categories['Surface drills'] },
    { user_id: unset.id, product_category_id: categories['Surface drills'] },
  ]);

  return {
    categories,
    families,
    units,
    titles,
    phases: phaseRows.map((p) => p.id),
    users: {
      admin: staffIds.admin,
      manager: staffIds.manager,
      inspector: staffIds.inspector,
      distAdmin: distAdmin.id,
      distUser: distUser.id,
    },
    companyId: company.id,
  };
}
