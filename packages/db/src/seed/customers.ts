import type { SeedContext } from './context.js';
import type { Reference } from './reference.js';

const CUSTOMERS: [string, string | null, string][] = [
  ['Kalliomurske Oy', 'Rock Crushing Ltd', 'FI'],
  ['Pohjolan Kiviaines Oy', 'Northern Aggregates Ltd', 'FI'],
  ['Hämeen Sora Oy', null, 'FI'],
  ['Lapin Louhinta Oy', 'Lapland Quarrying Ltd', 'FI'],
  ['Göta Bergtäkt AB', 'Gota Quarry AB', 'SE'],
  ['Norrland Krossverk AB', null, 'SE'],
  ['Bergen Pukk AS', 'Bergen Aggregates AS', 'NO'],
  ['Tallinna Killustik AS', null, 'EE'],
  ['Baltic Quarries UAB', null, 'LT'],
  ['Steinbruch Müller GmbH', 'Mueller Quarry GmbH', 'DE'],
  ['Kieswerk Rheinland GmbH', null, 'DE'],
  ['Carrières du Nord SA', 'Northern Quarries SA', 'FR'],
  ['Granulats Atlantique SAS', null, 'FR'],
  ['Áridos del Sur SL', 'Southern Aggregates SL', 'ES'],
  ['Canteras Levante SA', null, 'ES'],
  ['Pedreiras do Minho Lda', 'Minho Quarries Lda', 'PT'],
  ['Highland Aggregates Ltd', null, 'GB'],
  ['Midlands Stone Ltd', null, 'GB'],
  ['Great Lakes Crushing Inc', null, 'US'],
  ['Prairie Rock Products Inc', null, 'US'],
];
/**
 * Issue 20: the report language and time zone of some customers, so the demo shows reports and e-mails in the
 * customer's language and times in its zone (a US zone among them); the others keep neither ('Not set': the
 * report's language is chosen per save, its times in REPORT_TIME_ZONE), and Tallinna a zone without a language
 * (Estonian is no report language).
 */
const PREFERENCES: Record<string, { language: string | null; timeZone: string }> = {
  'Kalliomurske Oy': { language: 'fi', timeZone: 'Europe/Helsinki' },
  'Lapin Louhinta Oy': { language: 'fi', timeZone: 'Europe/Helsinki' },
  'Göta Bergtäkt AB': { language: 'sv', timeZone: 'Europe/Stockholm' },
  'Tallinna Killustik AS': { language: null, timeZone: 'Europe/Tallinn' },
  'Steinbruch Müller GmbH': { language: 'de', timeZone: 'Europe/Berlin' },
  'Carrières du Nord SA': { language: 'fr', timeZone: 'Europe/Paris' },
  'Áridos del Sur SL': { language: 'es', timeZone: 'Europe/Madrid' },
  'Pedreiras do Minho Lda': { language: 'pt', timeZone: 'Europe/Lisbon' },
  'Great Lakes Crushing Inc': { language: 'en', timeZone: 'America/Chicago' },
};
const FIRST = ['Anna', 'Mikko', 'Sara', 'Lars', 'Jonas', 'Eva', 'Pierre', 'Lucía', 'João', 'Tom', 'Heidi', 'Karl'];
const LAST = ['Virtanen', 'Lindberg', 'Hansen', 'Tamm', 'Müller', 'Dubois', 'García', 'Silva', 'Smith', 'Korhonen'];

export interface SeedEquipment {
  id: string;
  serialNumber: string;
  nickName: string;
  familyId: string;
  modelId: string;
  category: string;
  customerIndex: number;
  siteId: string;
}
export interface SeedCustomer {
  id: string;
  name: string;
  siteIds: string[];
  contacts: { name: string; email: string; phone: string }[];
  equipment: SeedEquipment[];
}

export async function seedCustomers(ctx: SeedContext, ref: Reference): Promise<SeedCustomer[]> {
  const { db, rnd } = ctx;
  const out: SeedCustomer[] = [];
  let serial = 7100000;
  for (const [i, [name, english, country]] of CUSTOMERS.entries()) {
    const c = await db
      .insertInto('customers')
      .values({
        name,
        english_name: english ?? name,
        mdm_customer_id: `MDM-C-${1001 + i}`,
        language: PREFERENCES[name]?.language ?? null,
        time_zone: PREFERENCES[name]?.timeZone ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const siteCount = rnd.int(1, 3);
    const sites = await db
      .insertInto('customer_sites')
      .values(
        Array.from({ length: siteCount }, (_, s) => ({
          customer_id: c.id,
          name: `${name.split(' ')[0]} ${['Main quarry', 'North pit', 'Harbour plant'][s]}`,
          mdm_site_id: `MDM-S-${1001 + i}-${s + 1}`,
          mdm_type: s === 0 ? 'Quarry' : rnd.pick(['Quarry', 'Gravel pit', 'Plant']),
          country,
          state_province: country === 'US' ? rnd.pick(['Ohio', 'Kansas']) : null,
        })),
      )
      .returning('id')
      .execute();
    const siteIds = sites.map((s) => s.id);
    const contacts = Array.from({ length: rnd.int(1, 3) }, () => {
      const first = rnd.pick(FIRST);
      const last = rnd.pick(LAST);
      const domain = name.toLowerCase().replace(/[^a-z]/g, '').slice(0, 14);
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}@${domain}.example`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
        phone: `+${rnd.int(30, 49)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
      };
    });
    await db
      .insertInto('contacts')
      .values(contacts.map((p) => ({ customer_id: c.id, customer_site_id: rnd.pick(siteIds), name: p.name, email: p.email, phone_number: p.phone })))
      .execute();

    const equipment: SeedEquipment[] = [];
    // Every customer has a crusher and a screen (audits need both); the rest is random.
    const wanted = ['Crushers', 'Screens', ...Array.from({ length: rnd.int(0, 3) }, () => rnd.pick(['Crushers', 'Screens', 'Surface drills']))];
    for (const category of wanted) {
      const fam = rnd.pick(ref.families.filter((f) => f.category === category));
      const model = rnd.pick(fam.models);
      const siteId = rnd.pick(siteIds);
      const serialNumber = `${model.name.replace(/[^A-Z0-9]/g, '')}-${serial++}`;
      const nickName = `${category === 'Surface drills' ? 'Rig' : category === 'Screens' ? 'Screen' : 'Crusher'} ${equipment.length + 1}`;
      const e = await db
        .insertInto('equipment')
        .values({
          serial_number: serialNumber,
          nick_name: nickName,
          mdm_equipment_id: `MDM-E-${serial}`,
          product_family_id: fam.id,
          product_model_id: model.id,
          customer_id: c.id,
          customer_site_id: siteId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      equipment.push({ id: e.id, serialNumber, nickName, familyId: fam.id, modelId: model.id, category, customerIndex: i, siteId });
    }
    out.push({ id: c.id, name, siteIds, contacts, equipment });
  }
  // One equipment without a serial number (matched by nickname + site, spec 000 §4).
  const last = out[out.length - 1];
  const fam = ref.families.find((f) => f.category === 'Surface drills')!;
  await db
    .insertInto('equipment')
    .values({ nick_name: 'Old rig', product_family_id: fam.id, product_model_id: fam.models[0].id, customer_id: last.id, customer_site_id: last.siteIds[0] })
    .execute();
  return out;
}
