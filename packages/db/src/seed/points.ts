import type { RecordedLimits } from '@insp/contracts';
import { json, insertMany, createImage, type SeedContext } from './context.js';
import type { Reference } from './reference.js';
import { daysAgo } from './random.js';

type Opt = { name: string; comment?: string; followUp?: string };
interface PointSpec {
  key: string;
  type: string;
  name: string;
  description?: string;
  category: 'Crushers' | 'Screens' | 'Surface drills';
  /** Protocol section the demo protocols put it in. */
  section: string;
  unit?: string;
  measurementTitle?: string;
  keyboard?: string;
  ratingPresent?: boolean;
  group?: 'condition' | 'okNok' | Opt[];
  rangeValueTitle?: string;
  rangeValues?: { title: string; keyboard?: string; regexp?: string; consequence?: string; tags?: string[] }[];
  choices?: { title: string; radio?: boolean; tags?: string[]; options: string[] }[];
  dropdowns?: { title: string; multiselect?: boolean; hideImages?: boolean; options: { title: string; image?: boolean; followUp?: string }[] }[];
  fields?: { title: string; aggregation?: string; keyboard?: string }[];
  rows?: { title: string; aggregation?: string }[];
  aggregationDirection?: string;
  lineChart?: boolean;
  translations?: Record<string, [string, string?]>;
  families?: string[];
  protocolTypes?: string[];
  limits?: 'family' | 'model';
  deleted?: boolean;
}

const SPECS: PointSpec[] = [
  { key: 'grizzly', type: 'RadioButtonSelection', name: 'Feeder grizzly bars condition', description: 'Check the grizzly bars for wear, cracks and loose bolts.', category: 'Crushers', section: 'Feeder', group: 'condition',
    translations: { fi: ['Syöttimen välpän kunto', 'Tarkista välppäraudat kulumisen, halkeamien ja löysien pulttien varalta.'], sv: ['Matarens gallerstänger'], de: ['Zustand der Rostsiebstäbe'] }, families: ['Jaw JC', 'Impact IC'] },
  { key: 'estop', type: 'RadioButtonSelection', name: 'Emergency stop buttons', description: 'Test every emergency stop button and pull wire.', category: 'Crushers', section: 'Safety', group: 'okNok',
    translations: { fi: ['Hätäpysäytyspainikkeet'], sv: ['Nödstoppsknappar'], de: ['Not-Aus-Taster'], fr: ["Boutons d'arrêt d'urgence"], es: ['Botones de parada de emergencia'], pt: ['Botões de paragem de emergência'] } },
  { key: 'jawdies', type: 'RadioButtonSelection', name: 'Jaw dies wear', description: 'Inspect the fixed and movable jaw dies.', category: 'Crushers', section: 'Crusher', families: ['Jaw JC'],
    group: [{ name: 'Good' }, { name: 'Worn', comment: 'Turn or replace the jaw dies at the next service.', followUp: 'Remaining die thickness' }, { name: 'Replace now', comment: 'Jaw dies must be replaced before further operation.' }] },
  { key: 'oiltemp', type: 'Measurement', name: 'Hydraulic oil temperature', category: 'Crushers', section: 'Hydraulics', unit: '°C', measurementTitle: 'Temperature', keyboard: 'decimal-pad', limits: 'family',
    translations: { fi: ['Hydrauliöljyn lämpötila'], de: ['Hydrauliköltemperatur'] } },
  { key: 'css', type: 'Measurement', name: 'Crusher setting (CSS)', description: 'Closed side setting measured with a lead ball.', category: 'Crushers', section: 'Crusher', unit: 'mm', measurementTitle: 'CSS', keyboard: 'decimal-pad', limits: 'model', families: ['Jaw JC', 'Cone HC'] },
  { key: 'hours', type: 'Measurement', name: 'Engine hours', category: 'Crushers', section: 'Engine', unit: 'h', measurementTitle: 'Hours', keyboard: 'number-pad', ratingPresent: false },
  { key: 'remarks', type: 'Comment', name: 'General remarks', description: 'Anything the customer should know.', category: 'Crushers', section: 'General', ratingPresent: false,
    translations: { fi: ['Yleiset huomiot'], sv: ['Allmänna anmärkningar'] } },
  { key: 'wearsummary', type: 'Summary', name: 'Summary of wear parts', category: 'Crushers', section: 'Wear parts', measurementTitle: 'Wear', unit: '%',
    fields: [{ title: 'Part' }, { title: 'Wear %', keyboard: 'decimal-pad' }], rows: [{ title: 'Jaw dies' }, { title: 'Cheek plates' }] },
  { key: 'beltwear', type: 'SummaryWithRows', name: 'Conveyor belt thickness', category: 'Crushers', section: 'Conveyors', measurementTitle: 'Thickness', unit: 'mm', aggregationDirection: 'Row', lineChart: true, limits: 'family',
    fields: [{ title: 'Left', keyboard: 'decimal-pad' }, { title: 'Centre', keyboard: 'decimal-pad' }, { title: 'Right', keyboard: 'decimal-pad' }, { title: 'Average', aggregation: 'Average' }],
    rows: [{ title: 'Main conveyor' }, { title: 'Side conveyor' }, { title: 'Fines conveyor' }] },
  { key: 'profile', type: 'MeasurementsWithPicture', name: 'Mantle and concave profile', category: 'Crushers', section: 'Crusher', families: ['Cone HC'],
    fields: [{ title: 'Top' }, { title: 'Upper middle' }, { title: 'Lower middle' }, { title: 'Bottom' }] },
  { key: 'mesh', type: 'RadioButtonSelectionAndRangeValues', name: 'Screen mesh condition', category: 'Screens', section: 'Screen deck', group: 'condition', rangeValueTitle: 'Mesh measurements',
    rangeValues: [{ title: 'Aperture (mm)', keyboard: 'decimal-pad', regexp: '^[0-9]+([.,][0-9]+)?$', consequence: 'PreventMovingNextPoint', tags: ['mesh', 'aperture'] }, { title: 'Tension (kN)', keyboard: 'decimal-pad' }],
    translations: { fi: ['Seulaverkon kunto'], sv: ['Siktdukens skick'] }, families: ['Screen ST', 'Screen TS'] },
  { key: 'tracks', type: 'RangeValues', name: 'Track tension', category: 'Crushers', section: 'General',
    rangeValues: [{ title: 'Left track sag (mm)', keyboard: 'number-pad', tags: ['tracks'] }, { title: 'Right track sag (mm)', keyboard: 'number-pad', tags: ['tracks'] }] },
  { key: 'safetykit', type: 'MultipleChoices', name: 'Safety equipment on the machine', category: 'Crushers', section: 'Safety',
    choices: [
      { title: 'Guards', tags: ['safety', 'guards'], options: ['Present', 'Missing', 'Damaged'] },
      { title: 'Warning signs', tags: ['safety'], options: ['Readable', 'Faded', 'Missing'] },
      { title: 'Fire extinguisher', radio: true, options: ['Inspected', 'Expired'] },
    ] },
  { key: 'lube', type: 'MultipleChoicesAndRangeValues', name: 'Lubrication system', category: 'Crushers', section: 'Lubrication', rangeValueTitle: 'Consumption',
    choices: [{ title: 'Grease points', tags: ['lubrication'], options: ['All greased', 'Some dry', 'Blocked nipple'] }],
    rangeValues: [{ title: 'Grease used (kg/week)', keyboard: 'decimal-pad', tags: ['lubrication'] }] },
  { key: 'wearparts', type: 'Dropdown', name: 'Wear parts in use', category: 'Crushers', section: 'Wear parts',
    dropdowns: [
      { title: 'Supplier', options: [{ title: 'Original parts', image: true }, { title: 'Third-party parts', followUp: 'Part number' }] },
      { title: 'Observed leaks', multiselect: true, hideImages: true, options: [{ title: 'Hose' }, { title: 'Cylinder' }, { title: 'Valve block' }] },
    ] },
  { key: 'screenincl', type: 'Measurement', name: 'Screen deck inclination', category: 'Screens', section: 'Screen deck', unit: '%', measurementTitle: 'Inclination', keyboard: 'decimal-pad', limits: 'family', families: ['Screen TS'] },
  { key: 'screenbear', type: 'RadioButtonSelection', name: 'Screen bearings noise and temperature', category: 'Screens', section: 'Screen deck', group: 'okNok', families: ['Screen ST', 'Screen TS'] },
  { key: 'boomhoses', type: 'RadioButtonSelection', name: 'Boom hoses condition', category: 'Surface drills', section: 'Boom', group: 'condition', families: ['Drill DX', 'Drill DR'] },
  { key: 'percussion', type: 'Measurement', name: 'Rock drill percussion pressure', category: 'Surface drills', section: 'Rock drill', unit: 'bar', measurementTitle: 'Pressure', keyboard: 'decimal-pad', limits: 'model', families: ['Drill DX'] },
  { key: 'siteaccess', type: 'RadioButtonSelection', name: 'Site access and traffic routes', category: 'Crushers', section: 'Plant', group: 'condition', protocolTypes: ['Audit_Site', 'Audit_Site_Operational'] },
  { key: 'dust', type: 'RadioButtonSelection', name: 'Dust control', category: 'Crushers', section: 'Plant', group: 'okNok', protocolTypes: ['Audit_Site', 'Audit_Site_Operational'] },
  { key: 'capacity', type: 'Measurement', name: 'Plant capacity', category: 'Crushers', section: 'Operation', unit: 't/h', measurementTitle: 'Capacity', keyboard: 'number-pad', protocolTypes: ['Audit_Site_Operational'] },
  { key: 'practices', type: 'Comment', name: 'Operating practices', category: 'Crushers', section: 'Operation', protocolTypes: ['Audit_Site_Operational'] },
  { key: 'oldvib', type: 'Measurement', name: 'Vibration level (retired)', category: 'Crushers', section: 'General', unit: 'mm', deleted: true },
];

export interface SeedPoint {
  id: string;
  key: string;
  type: string;
  name: string;
  section: string;
  options: string[];
  fields: { id: string; title: string; aggregation: string }[];
  rows: { id: string; title: string }[];
  choices: { id: string; title: string; radio: boolean; options: { id: string; title: string }[] }[];
  rangeValues: { id: string; title: string }[];
  dropdowns: { id: string; title: string; multiselect: boolean; hideImages: boolean; options: { id: string; title: string; imageId: string | null }[] }[];
  measurementTitle: string | null;
  unit: string | null;
  fieldTitle: string | null;
  /** Measurement limits by family or model (a result records those of its inspection's model, else family). */
  limits: { familyId: string | null; modelId: string | null; limits: RecordedLimits }[];
}

async function optionGroup(ctx: SeedContext, name: string, custom: boolean, options: Opt[]) {
  const g = await ctx.db.insertInto('option_groups').values({ name, custom }).returning('id').executeTakeFirstOrThrow();
  for (const [index, o] of options.entries()) {
    const followUp = o.followUp ? await followUpRangeValue(ctx, o.followUp) : null;
    await ctx.db
      .insertInto('option_group_options')
      .values({ option_group_id: g.id, index, name: o.name, comment: o.comment ?? null, follow_up_range_value_id: followUp })
      .execute();
  }
  return g.id;
}

const followUpRangeValue = async (ctx: SeedContext, title: string) =>
  (await ctx.db.insertInto('follow_up_range_values').values({ index: 0, title, keyboard_type: 'decimal-pad' }).returning('id').executeTakeFirstOrThrow()).id;

export async function seedPoints(ctx: SeedContext, ref: Reference): Promise<SeedPoint[]> {
  const { db, now } = ctx;
  const predefined = {
    condition: await optionGroup(ctx, 'Condition', false, [
      { name: 'Good' },
      { name: 'Worn', comment: 'Wear observed; follow up at the next inspection.' },
      { name: 'Damaged', comment: 'Damaged; repair or replace.' },
    ]),
    okNok: await optionGroup(ctx, 'OK / Not OK', false, [{ name: 'OK' }, { name: 'Not OK', comment: 'Not working; fix before operation.' }]),
  };
  const familyId = (name: string) => ref.families.find((f) => f.name === name)!.id;
  const out: SeedPoint[] = [];

  for (const s of SPECS) {
    const groupId = !s.group ? null : typeof s.group === 'string' ? predefined[s.group] : await optionGroup(ctx, `${s.name} options`, true, s.group);
    const options = !s.group ? [] : typeof s.group === 'string' ? (s.group === 'condition' ? ['Good', 'Worn', 'Damaged'] : ['OK', 'Not OK']) : s.group.map((o) => o.name);
    const fieldTitle = s.fields ? 'Measurements' : null;
    const p = await db
      .insertInto('inspection_points')
      .values({
        type: s.type,
        name: s.name,
        description: s.description ?? '',
        content_required: ['Measurement', 'RadioButtonSelection'].includes(s.type),
        keyboard_type: s.keyboard ?? 'default',
        rating_field_present: s.ratingPresent ?? true,
        rating_field_required: s.ratingPresent ?? true,
        product_category_id: ref.categories[s.category],
        category: s.section,
        measurement_title: s.measurementTitle ?? null,
        measurement_unit_id: s.unit ? ref.units[s.unit] : null,
        field_title: fieldTitle,
        visualization_type: s.lineChart ? 'LineChart' : 'NoVisualization',
        life_estimate_type: s.lineChart ? 'Min' : 'Off',
        aggregation_direction: s.aggregationDirection ?? 'No',
        option_group_id: groupId,
        range_value_title: s.rangeValueTitle ?? null,
        source_system: 'Seed',
        created_by_user_id: ref.users.admin,
        updated_by_user_id: ref.users.admin,
        deleted_at: s.deleted ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const point: SeedPoint = { id: p.id, key: s.key, type: s.type, name: s.name, section: s.section, options, fields: [], rows: [], choices: [], rangeValues: [], dropdowns: [],
      measurementTitle: s.measurementTitle ?? null, unit: s.unit && ref.units[s.unit] ? s.unit : null, fieldTitle, limits: [] };

    const metas = [
      { type: 'PointType', value: 'general' },
      { type: 'ProtocolTypesDefined', value: String(!!s.protocolTypes) },
      { type: 'UseCaseTypesDefined', value: 'false' },
      ...(s.protocolTypes ?? []).map((value) => ({ type: 'ProtocolType', value })),
      ...(s.families ?? []).map((f) => ({ type: 'ProductFamily', value: familyId(f) })),
      ...(s.families ? [] : [{ type: 'AnyProductModel', value: 'true' }]),
    ];
    await insertMany(db, 'inspection_point_metas', metas.map((m) => ({ ...m, inspection_point_id: p.id })));

    const translations = Object.entries(s.translations ?? {}).flatMap(([language_id, [name, description]]) => [
      // One outdated translation (updated before the point's name), so the list shows the warning tag.
      { inspection_point_id: p.id, language_id, kind: 'Name', value: name, ...(s.key === 'oiltemp' && language_id === 'de' ? { created_at: daysAgo(now, 30), updated_at: daysAgo(now, 30) } : {}) },
      ...(description ? [{ inspection_point_id: p.id, language_id, kind: 'Description', value: description }] : []),
    ]);
    if (translations.length) await insertMany(db, 'inspection_point_translations', translations);

    if (s.fields) {
      point.fields = (await db
        .insertInto('inspection_point_fields')
        .values(s.fields.map((f, index) => ({ inspection_point_id: p.id, index, title: f.title, keyboard_type: f.keyboard ?? 'default', aggregation: f.aggregation ?? 'No' })))
        .returning(['id', 'title', 'aggregation'])
        .execute());
    }
    if (s.rows) {
      point.rows = await db
        .insertInto('inspection_point_rows')
        .values(s.rows.map((r, index) => ({ inspection_point_id: p.id, index, title: r.title, aggregation: r.aggregation ?? 'No' })))
        .returning(['id', 'title'])
        .execute();
    }
    if (s.lineChart) {
      await insertMany(db, 'inspection_point_visualization_datasets', point.rows.map((r) => ({ inspection_point_id: p.id, name: r.title, row_id: r.id })));
    }
    if (s.rangeValues) {
      point.rangeValues = await db
        .insertInto('range_values')
        .values(s.rangeValues.map((r, index) => ({
          inspection_point_id: p.id, index, title: r.title, keyboard_type: r.keyboard ?? 'default', input_validation_regexp: r.regexp ?? null,
          validation_consequence: r.consequence ?? 'NoAction', metas: json([{ type: 'AnyProductModel', value: 'true' }]), tags: r.tags ?? [],
        })))
        .returning(['id', 'title'])
        .execute();
    }
    for (const [index, c] of (s.choices ?? []).entries()) {
      const mc = await db
        .insertInto('multiple_choices')
        .values({ inspection_point_id: p.id, index, title: c.title, radio: c.radio ?? false, tags: c.tags ?? [] })
        .returning('id')
        .executeTakeFirstOrThrow();
      const opts = await db
        .insertInto('multiple_choice_options')
        .values(c.options.map((title, i) => ({ multiple_choice_id: mc.id, index: i, title })))
        .returning(['id', 'title'])
        .execute();
      point.choices.push({ id: mc.id, title: c.title, radio: c.radio ?? false, options: opts });
    }
    for (const [index, d] of (s.dropdowns ?? []).entries()) {
      const dd = await db
        .insertInto('dropdowns')
        .values({ inspection_point_id: p.id, index, title: d.title, multiselect: d.multiselect ?? false, hide_images: d.hideImages ?? false })
        .returning('id')
        .executeTakeFirstOrThrow();
      const opts: { id: string; title: string; imageId: string | null }[] = [];
      for (const [i, o] of d.options.entries()) {
        const row = await db
          .insertInto('dropdown_options')
          .values({
            dropdown_id: dd.id, index: i, title: o.title,
            image_id: o.image ? await createImage(ctx, ref.users.admin, `${o.title}.png`) : null,
            follow_up_range_value_id: o.followUp ? await followUpRangeValue(ctx, o.followUp) : null,
          })
          .returning(['id', 'title', 'image_id as imageId'])
          .executeTakeFirstOrThrow();
        opts.push(row);
      }
      point.dropdowns.push({ id: dd.id, title: d.title, multiselect: d.multiselect ?? false, hideImages: d.hideImages ?? false, options: opts });
    }
    if (s.limits) {
      const fams = ref.families.filter((f) => f.category === s.category);
      const base = s.unit === '°C' ? 40 : s.unit === 'bar' ? 150 : s.unit === '%' ? 15 : 20;
      const rows = s.limits === 'family'
        ? fams.map((f) => ({ product_family_id: f.id }))
        : fams.flatMap((f) => f.models.map((m) => ({ product_model_id: m.id })));
      point.limits = rows.map((target, i) => ({
        familyId: 'product_family_id' in target ? target.product_family_id : null, modelId: 'product_model_id' in target ? target.product_model_id : null,
        limits: { criticalLow: base * 0.5, low: base * 0.8, high: base * (1.5 + (i % 3) * 0.1), criticalHigh: i % 4 === 3 ? null : base * 2 },
      }));
      await insertMany(db, 'measurement_limits', point.limits.map(({ familyId, modelId, limits: l }) => ({
        inspection_point_id: p.id, ...(modelId ? { product_model_id: modelId } : { product_family_id: familyId }),
        critical_low: l.criticalLow, low: l.low, high: l.high, critical_high: l.criticalHigh,
      })));
    }
    out.push(point);
  }
  return out;
}
