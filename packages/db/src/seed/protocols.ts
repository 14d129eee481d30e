import { sql } from 'kysely';
import { insertMany, json, type SeedContext } from './context.js';
import type { Reference } from './reference.js';
import type { SeedPoint } from './points.js';
import { daysAgo } from './random.js';

interface ProtocolSpec {
  name: string;
  type: string;
  families?: string[];
  models?: string[];
  sections: [string, string[]][];
  phases?: boolean;
  subcategories?: boolean;
  groups?: boolean;
  deleted?: boolean;
}

const SPECS: ProtocolSpec[] = [
  { name: 'Daily check for Jaw JC', type: 'Daily', families: ['Jaw JC'], groups: true,
    sections: [['General', ['remarks', 'tracks']], ['Safety', ['estop', 'safetykit']], ['Feeder', ['grizzly']], ['Crusher', ['jawdies', 'css']], ['Hydraulics', ['oiltemp']], ['Engine', ['hours']]] },
  { name: 'Daily check for Drill DX', type: 'Daily', families: ['Drill DX'], sections: [['Boom', ['boomhoses']], ['Rock drill', ['percussion']], ['Engine', ['hours']]] },
  { name: 'Weekly maintenance for crushers', type: 'Weekly', families: ['Jaw JC', 'Cone HC', 'Impact IC'],
    sections: [['Safety', ['estop']], ['Lubrication', ['lube']], ['Conveyors', ['beltwear']], ['Wear parts', ['wearparts', 'wearsummary']]] },
  { name: 'Monthly check for screens', type: 'Monthly', families: ['Screen ST', 'Screen TS'], sections: [['Screen deck', ['mesh', 'screenbear', 'screenincl']]] },
  { name: 'Annual inspection for Cone HC HC300', type: 'Annual', families: ['Cone HC'], models: ['HC300'], phases: true,
    sections: [['Crusher', ['profile', 'css']], ['Hydraulics', ['oiltemp']], ['Conveyors', ['beltwear']], ['General', ['remarks']]] },
  { name: 'Commissioning for Screen ST', type: 'Commissioning', families: ['Screen ST'], sections: [['Screen deck', ['mesh', 'screenincl', 'screenbear']], ['Safety', ['estop']]] },
  { name: 'Commission for Drill DX', type: 'Commission', families: ['Drill DX'], subcategories: true,
    sections: [['Boom', ['boomhoses']], ['Rock drill', ['percussion']], ['General', ['remarks', 'tracks']]] },
  { name: 'Equipment configurator', type: 'Equipment_Configurator', sections: [['Crusher', ['css']], ['Engine', ['hours']]] },
  { name: 'Site audit', type: 'Audit_Site', sections: [['Plant', ['siteaccess', 'dust']], ['Safety', ['estop']]] },
  { name: 'Site operational audit', type: 'Audit_Site_Operational', sections: [['Operation', ['capacity', 'practices']], ['Plant', ['dust']]] },
  { name: 'Extra points', type: 'Audit_Extra_Points', sections: [['General', ['remarks']]] },
  { name: 'Machine audit for crushers', type: 'Audit_Machine', sections: [['Crusher', ['jawdies', 'css']], ['Hydraulics', ['oiltemp']], ['Conveyors', ['beltwear']]] },
  { name: 'Screen audit', type: 'Audit_Screen', sections: [['Screen deck', ['mesh', 'screenbear']]] },
  { name: 'Quick audit', type: 'Audit_Quick', sections: [['Crusher', ['css']], ['Safety', ['estop']]] },
  { name: 'Old daily check (retired)', type: 'Daily', families: ['Jaw JC'], deleted: true, sections: [['General', ['remarks']]] },
];

export interface SeedProtocol {
  id: string;
  name: string;
  type: string;
  familyIds: string[];
  categories: { id: string; index: number; title: string; points: { protocolPointId: string; point: SeedPoint }[] }[];
}

export async function seedProtocols(ctx: SeedContext, ref: Reference, points: SeedPoint[]): Promise<SeedProtocol[]> {
  const { db, now } = ctx;
  const out: SeedProtocol[] = [];
  const fam = (name: string) => ref.families.find((f) => f.name === name)!;
  for (const [i, s] of SPECS.entries()) {
    const created = daysAgo(now, 400 - i * 20);
    const p = await db
      .insertInto('protocols')
      .values({
        name: s.name, type: s.type, summary: `${s.name} (demo)`, date: created, index: i, phases_on: !!s.phases,
        info_appendix: !['Equipment_Configurator', 'Closed'].includes(s.type) && !s.type.startsWith('Audit'),
        rating_table_location: s.type.startsWith('Audit') ? 'End' : 'Start',
        created_by_user_id: ref.users.admin, updated_by_user_id: ref.users.admin, created_at: created, updated_at: created,
        deleted_at: s.deleted ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const targets = (s.families ?? []).flatMap((f) => {
      const models = fam(f).models.filter((m) => s.models?.includes(m.name));
      return models.length ? models.map((m) => ({ product_family_id: fam(f).id, product_model_id: m.id })) : [{ product_family_id: fam(f).id }];
    });
    if (targets.length) await insertMany(db, 'protocol_targets', targets.map((t) => ({ protocol_id: p.id, ...t })));
    if (s.phases) {
      await insertMany(db, 'protocol_phases', ref.phases.map((phase_id, order) => ({ protocol_id: p.id, phase_id, sort_order: order + 1 })));
    }
    const protocol: SeedProtocol = { id: p.id, name: s.name, type: s.type, familyIds: (s.families ?? []).map((f) => fam(f).id), categories: [] };
    for (const [index, [title, keys]] of s.sections.entries()) {
      const c = await db
        .insertInto('protocol_categories')
        .values({ protocol_id: p.id, index, title, category_title_id: ref.titles[title] ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (s.subcategories) {
        await insertMany(db, 'protocol_subcategory_titles', [
          { protocol_category_id: c.id, index: 0, title: 'Before start' },
          { protocol_category_id: c.id, index: 1, title: 'In operation' },
        ]);
      }
      const cat: SeedProtocol['categories'][number] = { id: c.id, index, title, points: [] };
      for (const [pi, key] of keys.entries()) {
        const point = points.find((x) => x.key === key)!;
        const pp = await db
          .insertInto('protocol_points')
          .values({
            protocol_id: p.id, protocol_category_id: c.id, inspection_point_id: point.id, index: pi, name: point.name,
            subcategory_title_index: s.subcategories ? pi % 2 : null,
            phase_id: s.phases ? ref.phases[pi % ref.phases.length] : null,
            // Engine hours are prefilled from the equipment's last known value.
            prefill: key === 'hours' ? json({ source: 'equipment', field: 'loadedHours' }) : null,
            sample_id_index: point.type === 'SummaryWithRows' ? 0 : null,
            show_value_in_report_header: key === 'hours',
            // Hidden from the daily check's report only, so reports still show a RangeValues point (commission).
            show_in_report: !(key === 'tracks' && s.type === 'Daily'),
            optional: key === 'remarks',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (key === 'hours' || key === 'css') {
          await db
            .insertInto('protocol_point_dependencies')
            .values({ protocol_point_id: pp.id, json: json(key === 'hours' ? { dependsOn: 'equipment.productModelId' } : { dependsOn: 'point', parameter: 'value', min: 0 }) })
            .execute();
        }
        cat.points.push({ protocolPointId: pp.id, point });
      }
      protocol.categories.push(cat);
    }
    if (s.groups) {
      await insertMany(db, 'protocol_category_groups', [
        { protocol_id: p.id, index: 0, name: 'Walk-around', category_indices: [0, 1] },
        { protocol_id: p.id, index: 1, name: 'Machine', category_indices: [2, 3, 4, 5] },
      ]);
    }
    out.push(protocol);
  }
  // A copy of the first protocol (copy_of_protocol_id), with the same targets but no categories yet.
  const first = out[0];
  const copy = await db
    .insertInto('protocols')
    .values({ name: `${first.name} (copy)`, type: first.type, copy_of_protocol_id: first.id, created_by_user_id: ref.users.manager, updated_by_user_id: ref.users.manager })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('protocol_targets').values({ protocol_id: copy.id, product_family_id: fam('Jaw JC').id }).execute();
  await sql`insert into protocol_categories (protocol_id, index, title, category_title_id)
    select ${copy.id}, index, title, category_title_id from protocol_categories where protocol_id = ${first.id}`.execute(db);
  await sql`insert into protocol_points (protocol_id, protocol_category_id, inspection_point_id, index, name, show_in_report, optional)
    select ${copy.id}, nc.id, pp.inspection_point_id, pp.index, pp.name, pp.show_in_report, pp.optional
    from protocol_points pp
    join protocol_categories oc on oc.id = pp.protocol_category_id
    join protocol_categories nc on nc.protocol_id = ${copy.id} and nc.index = oc.index
    where pp.protocol_id = ${first.id}`.execute(db);
  return out.filter((_, i) => !SPECS[i].deleted);
}
