import { createImage, insertMany, json, type SeedContext } from './context.js';
import type { Reference } from './reference.js';
import { STAFF } from './reference.js';
import type { SeedCustomer, SeedEquipment } from './customers.js';
import type { SeedProtocol } from './protocols.js';
import { writeFindings, writeRun } from './runs.js';
import { DAY, daysAgo } from './random.js';

const STATUSES = ['In_Use', 'Waiting', 'Finished', 'Finished', 'Finished'] as const;
const REPORT_TYPES = ['Daily', 'Weekly', 'Monthly', 'Annual', 'Commissioning', 'Commission', 'Equipment_Configurator'];

interface Person {
  userId: string;
  name: string;
  email: string;
  companyId: string | null;
}

/** ~60 reports in every status, most by staff, some by the distributor's users (company_id set). */
export async function seedInspections(ctx: SeedContext, ref: Reference, customers: SeedCustomer[], protocols: SeedProtocol[]) {
  const { db, rnd, now } = ctx;
  const staff: Person[] = [
    { userId: ref.users.inspector, name: STAFF.inspector.name, email: STAFF.inspector.email, companyId: null },
    { userId: ref.users.inspector, name: STAFF.inspector.name, email: STAFF.inspector.email, companyId: null },
    { userId: ref.users.manager, name: STAFF.manager.name, email: STAFF.manager.email, companyId: null },
    { userId: ref.users.admin, name: STAFF.admin.name, email: STAFF.admin.email, companyId: null },
  ];
  const distributors: Person[] = [
    { userId: ref.users.distAdmin, name: 'Dana Distributor', email: 'dist.admin@distributor.example', companyId: ref.companyId },
    { userId: ref.users.distUser, name: 'Dave Distributor', email: 'dist.user@distributor.example', companyId: ref.companyId },
  ];
  const reportProtocols = protocols.filter((p) => REPORT_TYPES.includes(p.type));
  const familyCategory = new Map(ref.families.map((f) => [f.id, f.category]));
  const count = 60;
  const ids: string[] = [];

  for (let i = 0; i < count; i++) {
    const protocol = reportProtocols[i % reportProtocols.length];
    // Equipment the protocol fits: one of its target families, or (no targets) any crusher.
    const fits = (e: SeedEquipment) =>
      protocol.familyIds.length ? protocol.familyIds.includes(e.familyId) : familyCategory.get(e.familyId) === 'Crushers';
    const candidates = customers.flatMap((c) => c.equipment).filter(fits);
    const equipment = candidates.length ? rnd.pick(candidates) : rnd.pick(customers.flatMap((c) => c.equipment));
    const customer = customers[equipment.customerIndex];
    const contact = rnd.pick(customer.contacts);
    const status = STATUSES[i % STATUSES.length];
    // Every 6th report is a distributor's, in a rotating status, so their scoped lists show each status.
    const person = i % 6 === 5 ? distributors[i % 2] : rnd.pick(staff);
    const date = daysAgo(now, status === 'In_Use' ? rnd.int(0, 5) : rnd.int(3, 540));
    const started = new Date(date.getTime() + 7 * 3600_000 + rnd.int(0, 120) * 60_000);
    const ended = status === 'In_Use' ? null : new Date(started.getTime() + rnd.int(30, 240) * 60_000);
    const finished = status === 'Finished';
    const rating = finished ? (rnd.chance(0.15) ? null : rnd.chance(0.3) ? 'Nok' : 'Ok') : null;
    const signed = finished && i % 2 === 0;
    const id = crypto.randomUUID();
    await db
      .insertInto('inspections')
      .values({
        id, name: protocol.name, type: protocol.type, status, rating, finished, finished_at: finished ? ended : null,
        protocol_id: protocol.id, customer_id: customer.id, customer_site_id: equipment.siteId, equipment_id: equipment.id,
        serial_number: equipment.serialNumber, nick_name: equipment.nickName, product_family_id: equipment.familyId, product_model_id: equipment.modelId,
        inspector: person.name, inspector_contact: person.email, inspector_user_id: person.userId, created_by_user_id: person.userId,
        updated_by_user_id: person.userId, company_id: person.companyId,
        inspection_date: date, started_at: started, ended_at: ended, version: rnd.pick(['3.4.1', '3.5.0', '3.5.2']),
        summary: finished ? 'Machine inspected; see findings and priority actions.' : '',
        comment: rnd.chance(0.5) ? 'Thank you for the cooperation.' : '',
        internal_comment: rnd.chance(0.3) ? 'Customer is interested in a service agreement.' : '',
        contact_name: contact.name, contact_phone: contact.phone, contact_email: contact.email, send_email: finished && rnd.chance(0.5),
        equipment_configurator: ['Commission', 'Equipment_Configurator'].includes(protocol.type)
          ? json({ engineHours: rnd.int(100, 9000), feederSpeed: rnd.int(40, 90), notes: 'As delivered' })
          : null,
        customer_signature_image_id: signed ? await createImage(ctx, person.userId, 'customer-signature.png') : null,
        provider_signature_image_id: signed ? await createImage(ctx, person.userId, 'provider-signature.png') : null,
        created_at: date, updated_at: ended ?? date,
      })
      .execute();
    const stats = await writeRun(ctx, id, protocol, {
      answered: status === 'In_Use' ? 0.5 : 1, badChance: rating === 'Nok' ? 0.4 : 0.1, userId: person.userId,
      target: { familyId: equipment.familyId, modelId: equipment.modelId },
    });
    if (status !== 'In_Use') await writeFindings(ctx, id, stats.worst, person.userId);
    await insertMany(db, 'audit_trail', [
      { entity_type: 'inspection', entity_id: id, actor_user_id: person.userId, action: 'create', changes: json({ status: 'In_Use' }), created_at: date },
      ...(status !== 'In_Use'
        ? [{ entity_type: 'inspection', entity_id: id, actor_user_id: person.userId, action: 'update', changes: json({ status: [ 'In_Use', 'Waiting' ] }), created_at: ended! }]
        : []),
      ...(finished
        ? [{ entity_type: 'inspection', entity_id: id, actor_user_id: ref.users.admin, action: 'update', changes: json({ status: ['Waiting', 'Finished'], rating: [null, rating] }), created_at: new Date(ended!.getTime() + DAY) }]
        : []),
    ]);
    ids.push(id);
  }
  // One deleted report: soft delete keeps it out of the lists.
  await db.updateTable('inspections').set({ deleted_at: now, updated_by_user_id: ref.users.manager }).where('id', '=', ids[ids.length - 1]).execute();
  return ids;
}

/** Open and finished audits with runs on several stages, extra points and suggestions. */
export async function seedAudits(ctx: SeedContext, ref: Reference, customers: SeedCustomer[], protocols: SeedProtocol[]) {
  const { db, rnd, now } = ctx;
  const byType = (t: string) => protocols.find((p) => p.type === t)!;
  const audits = [
    { customer: 0, finished: false, days: 3 },
    { customer: 4, finished: false, days: 12 },
    { customer: 9, finished: true, days: 60 },
    { customer: 13, finished: true, days: 200 },
    { customer: 17, finished: true, days: 380 },
  ];
  for (const [ai, a] of audits.entries()) {
    const customer = customers[a.customer];
    const contact = customer.contacts[0];
    const date = daysAgo(now, a.days);
    const inspector = ai === 1 ? STAFF.manager : STAFF.inspector;
    const inspectorId = ai === 1 ? ref.users.manager : ref.users.inspector;
    const name = `Audit ${customer.name} ${date.getUTCFullYear()}`;
    const audit = await db
      .insertInto('audits')
      .values({
        name, customer_id: customer.id, customer_site_id: customer.siteIds[0], inspection_date: date,
        inspector: inspector.name, inspector_contact: inspector.email, inspector_user_id: inspectorId, created_by_user_id: inspectorId, updated_by_user_id: inspectorId,
        contact_name: contact.name, contact_phone: contact.phone, contact_email: contact.email,
        finished: a.finished, finished_at: a.finished ? new Date(date.getTime() + 2 * DAY) : null,
        comment: 'Plant audited with the site manager.', internal_comment: a.finished ? 'Follow-up visit proposed.' : '',
        summary: a.finished ? 'Primary and secondary stages run close to capacity; screens need new meshes.' : '',
        created_at: date, updated_at: date,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const crushers = customer.equipment.filter((e) => e.category === 'Crushers');
    const screens = customer.equipment.filter((e) => e.category === 'Screens');
    const runs: { protocol: SeedProtocol; stage: string | null; equipment: SeedEquipment | null; included?: boolean }[] = [
      { protocol: byType('Audit_Site'), stage: null, equipment: null },
      { protocol: byType('Audit_Site_Operational'), stage: null, equipment: null },
      { protocol: byType('Audit_Machine'), stage: 'stage_1', equipment: crushers[0] },
      { protocol: byType('Equipment_Configurator'), stage: 'stage_1', equipment: crushers[0] },
      { protocol: byType(ai % 2 ? 'Audit_Quick' : 'Audit_Machine'), stage: 'stage_2', equipment: crushers[1] ?? crushers[0], included: ai !== 2 },
      { protocol: byType('Audit_Screen'), stage: 'stage_3', equipment: screens[0] },
      ...(ai === 0 ? [{ protocol: byType('Audit_Screen'), stage: 'stage_4', equipment: screens[1] ?? screens[0] }] : []),
    ];
    for (const [runIndex, r] of runs.entries()) {
      const id = crypto.randomUUID();
      const kind = r.protocol.type;
      await db
        .insertInto('inspections')
        .values({
          id, name: r.protocol.name, type: kind, status: a.finished ? 'Finished' : 'In_Use', finished: a.finished,
          protocol_id: r.protocol.id, customer_id: customer.id, customer_site_id: customer.siteIds[0], equipment_id: r.equipment?.id ?? null,
          serial_number: r.equipment?.serialNumber ?? null, nick_name: r.equipment?.nickName ?? null,
          product_family_id: r.equipment?.familyId ?? null, product_model_id: r.equipment?.modelId ?? null,
          inspector: inspector.name, inspector_contact: inspector.email, inspector_user_id: inspectorId, created_by_user_id: inspectorId,
          inspection_date: date, started_at: date, audit_id: audit.id, stage: r.stage,
          protocol_run_type: r.stage ? `${kind}:${r.stage}` : kind, included_in_report: r.included ?? true, run_index: runIndex,
          created_at: date, updated_at: date,
        })
        .execute();
      await writeRun(ctx, id, r.protocol, {
        answered: a.finished ? 1 : 0.6, badChance: 0.2, userId: inspectorId,
        target: { familyId: r.equipment?.familyId ?? null, modelId: r.equipment?.modelId ?? null },
      });
      if (kind === 'Audit_Site') {
        // Extra points added on site, each with its own result.
        const extra = protocols.find((p) => p.type === 'Audit_Extra_Points')!.categories[0].points[0].point;
        const ep = await db
          .insertInto('inspection_extra_points')
          .values({ inspection_id: id, inspection_point_id: extra.id, index: 0, name: 'Stockpile management' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('inspection_point_results')
          .values({ inspection_id: id, extra_point_id: ep.id, inspection_point_id: extra.id, index: 0, rating: 1, comment: 'Stockpiles mix 0/16 and 0/32.', name_override: 'Stockpile management' })
          .execute();
      }
    }
    const suggestions = [
      ['OptimizationTarget', 'Reduce the closed side setting of the secondary crusher to 22 mm.'],
      ['OptimizationTarget', 'Balance the feed between the tertiary crushers.'],
      ['ShortTerm', 'Replace the worn screen meshes on the top deck.'],
      ['LongTerm', 'Consider an additional screen for the fines fraction.'],
    ];
    await insertMany(db, 'audit_suggestions', suggestions.slice(0, rnd.int(3, 4)).map(([type, text], position) => ({ audit_id: audit.id, type, text, position })));
    await db.insertInto('audit_trail').values({ entity_type: 'audit', entity_id: audit.id, actor_user_id: inspectorId, action: 'create', changes: json({ name }), created_at: date }).execute();
  }
}
