import { sql } from 'kysely';
import type { TextTranslations } from '@insp/contracts';
import type { SeedContext } from './context.js';

/**
 * Issue 19: German and Finnish for the demo library's report texts (options, choices, dropdowns, range values, table,
 * row and field titles, measurement titles, category titles) and the point names and descriptions the seed left untranslated, so a
 * demo report printed in German or Finnish reads German or Finnish. Keyed by the English text.
 */
const TEXTS: Record<string, [de: string, fi: string]> = {
  // option groups and their follow-ups
  Good: ['Gut', 'Hyvä'], Worn: ['Verschlissen', 'Kulunut'], Damaged: ['Beschädigt', 'Vaurioitunut'], OK: ['In Ordnung', 'Kunnossa'],
  'Not OK': ['Nicht in Ordnung', 'Ei kunnossa'], 'Replace now': ['Sofort ersetzen', 'Vaihdettava heti'],
  'Remaining die thickness': ['Verbleibende Backendicke', 'Leukalevyn jäljellä oleva paksuus'], 'Part number': ['Teilenummer', 'Osanumero'],
  // measurement, table and range value titles
  Temperature: ['Temperatur', 'Lämpötila'], CSS: ['Spaltweite (CSS)', 'Asetusrako (CSS)'], Hours: ['Betriebsstunden', 'Käyttötunnit'],
  Wear: ['Verschleiß', 'Kuluminen'], Thickness: ['Dicke', 'Paksuus'], Inclination: ['Neigung', 'Kaltevuus'], Pressure: ['Druck', 'Paine'],
  Capacity: ['Kapazität', 'Kapasiteetti'], Measurements: ['Messungen', 'Mittaukset'], 'Mesh measurements': ['Siebmaße', 'Verkon mitat'],
  Consumption: ['Verbrauch', 'Kulutus'],
  // table fields and rows
  Part: ['Teil', 'Osa'], 'Wear %': ['Verschleiß %', 'Kuluminen %'], Left: ['Links', 'Vasen'], Centre: ['Mitte', 'Keski'], Right: ['Rechts', 'Oikea'],
  Average: ['Durchschnitt', 'Keskiarvo'], Top: ['Oben', 'Ylä'], 'Upper middle': ['Obere Mitte', 'Yläkeski'], 'Lower middle': ['Untere Mitte', 'Alakeski'],
  Bottom: ['Unten', 'Ala'], 'Jaw dies': ['Brechbacken', 'Leukalevyt'], 'Cheek plates': ['Seitenplatten', 'Sivulevyt'],
  'Main conveyor': ['Hauptförderband', 'Pääkuljetin'], 'Side conveyor': ['Seitenförderband', 'Sivukuljetin'], 'Fines conveyor': ['Feingutband', 'Hienoainekuljetin'],
  // range values
  'Aperture (mm)': ['Maschenweite (mm)', 'Silmäkoko (mm)'], 'Tension (kN)': ['Spannung (kN)', 'Kireys (kN)'],
  'Left track sag (mm)': ['Durchhang linke Kette (mm)', 'Vasemman telan riippuma (mm)'], 'Right track sag (mm)': ['Durchhang rechte Kette (mm)', 'Oikean telan riippuma (mm)'],
  'Grease used (kg/week)': ['Fettverbrauch (kg/Woche)', 'Rasvankulutus (kg/viikko)'],
  // multiple choices
  Guards: ['Schutzvorrichtungen', 'Suojukset'], Present: ['Vorhanden', 'Paikallaan'], Missing: ['Fehlt', 'Puuttuu'], 'Warning signs': ['Warnschilder', 'Varoituskyltit'],
  Readable: ['Lesbar', 'Luettavissa'], Faded: ['Verblasst', 'Haalistunut'], 'Fire extinguisher': ['Feuerlöscher', 'Sammutin'], Inspected: ['Geprüft', 'Tarkastettu'],
  Expired: ['Abgelaufen', 'Vanhentunut'], 'Grease points': ['Schmierstellen', 'Voitelukohdat'], 'All greased': ['Alle geschmiert', 'Kaikki rasvattu'],
  'Some dry': ['Einige trocken', 'Osa kuivia'], 'Blocked nipple': ['Verstopfter Schmiernippel', 'Tukkeutunut rasvanippa'],
  // dropdowns
  Supplier: ['Lieferant', 'Toimittaja'], 'Original parts': ['Originalteile', 'Alkuperäiset osat'], 'Third-party parts': ['Fremdteile', 'Muiden valmistajien osat'],
  'Observed leaks': ['Festgestellte Lecks', 'Havaitut vuodot'], Hose: ['Schlauch', 'Letku'], Cylinder: ['Zylinder', 'Sylinteri'], 'Valve block': ['Ventilblock', 'Venttiililohko'],
  // category titles
  General: ['Allgemein', 'Yleistä'], Safety: ['Sicherheit', 'Turvallisuus'], Feeder: ['Aufgeber', 'Syötin'], Crusher: ['Brecher', 'Murskain'],
  Conveyors: ['Förderbänder', 'Kuljettimet'], Engine: ['Motor', 'Moottori'], Hydraulics: ['Hydraulik', 'Hydrauliikka'], Electrics: ['Elektrik', 'Sähköjärjestelmä'],
  Lubrication: ['Schmierung', 'Voitelu'], 'Screen deck': ['Siebdeck', 'Seulakansi'], Boom: ['Ausleger', 'Puomi'], 'Rock drill': ['Bohrhammer', 'Porakone'],
  Plant: ['Anlage', 'Laitos'], Operation: ['Betrieb', 'Käyttö'], 'Wear parts': ['Verschleißteile', 'Kulutusosat'], Documentation: ['Dokumentation', 'Dokumentaatio'],
};

/** Names of demo points the library seed did not translate into German or Finnish. */
const POINT_NAMES: Record<string, [de: string, fi: string]> = {
  'Feeder grizzly bars condition': ['Zustand der Rostsiebstäbe', 'Syöttimen välpän kunto'],
  'Emergency stop buttons': ['Not-Aus-Taster', 'Hätäpysäytyspainikkeet'],
  'Jaw dies wear': ['Verschleiß der Brechbacken', 'Leukalevyjen kuluminen'],
  'Hydraulic oil temperature': ['Hydrauliköltemperatur', 'Hydrauliöljyn lämpötila'],
  'Crusher setting (CSS)': ['Brechereinstellung (CSS)', 'Murskaimen asetus (CSS)'],
  'Engine hours': ['Motorbetriebsstunden', 'Moottorin käyttötunnit'],
  'General remarks': ['Allgemeine Bemerkungen', 'Yleiset huomiot'],
  'Summary of wear parts': ['Übersicht der Verschleißteile', 'Yhteenveto kulutusosista'],
  'Conveyor belt thickness': ['Förderbanddicke', 'Kuljetinhihnan paksuus'],
  'Mantle and concave profile': ['Profil von Brechmantel und Brechring', 'Kartion ja vaipan profiili'],
  'Screen mesh condition': ['Zustand des Siebgewebes', 'Seulaverkon kunto'],
  'Track tension': ['Kettenspannung', 'Telojen kireys'],
  'Safety equipment on the machine': ['Sicherheitsausrüstung der Maschine', 'Koneen turvavarusteet'],
  'Lubrication system': ['Schmiersystem', 'Voitelujärjestelmä'],
  'Wear parts in use': ['Verwendete Verschleißteile', 'Käytössä olevat kulutusosat'],
  'Screen deck inclination': ['Neigung des Siebdecks', 'Seulakannen kaltevuus'],
  'Screen bearings noise and temperature': ['Geräusch und Temperatur der Sieblager', 'Seulan laakereiden ääni ja lämpötila'],
  'Boom hoses condition': ['Zustand der Auslegerschläuche', 'Puomin letkujen kunto'],
  'Rock drill percussion pressure': ['Schlagdruck des Bohrhammers', 'Porakoneen iskupaine'],
  'Site access and traffic routes': ['Zufahrt und Verkehrswege', 'Työmaan kulku- ja liikennereitit'],
  'Dust control': ['Staubbekämpfung', 'Pölynhallinta'],
  'Plant capacity': ['Anlagenkapazität', 'Laitoksen kapasiteetti'],
  'Operating practices': ['Betriebspraktiken', 'Käyttökäytännöt'],
};

/** Descriptions of demo points the library seed did not translate into German or Finnish. */
const POINT_DESCRIPTIONS: Record<string, [de: string, fi: string]> = {
  'Feeder grizzly bars condition': ['Rostsiebstäbe auf Verschleiß, Risse und lose Schrauben prüfen.', 'Tarkista välppäraudat kulumisen, halkeamien ja löysien pulttien varalta.'],
  'Emergency stop buttons': ['Jeden Not-Aus-Taster und jede Reißleine prüfen.', 'Testaa jokainen hätäpysäytyspainike ja -vetokytkin.'],
  'Jaw dies wear': ['Feste und bewegliche Brechbacken prüfen.', 'Tarkasta kiinteä ja liikkuva leukalevy.'],
  'Crusher setting (CSS)': ['Engste Spaltweite, mit einer Bleikugel gemessen.', 'Asetusrako mitattuna lyijypallolla.'],
  'General remarks': ['Alles, was der Kunde wissen sollte.', 'Kaikki, mitä asiakkaan tulee tietää.'],
};

/** The stored translations of a demo text (`{}` when the demo has none), as a library row and a result record them. */
export function demoTranslations(english: string | null | undefined): TextTranslations {
  const t = english ? TEXTS[english] : undefined;
  return t ? { de: { text: t[0], source: english! }, fi: { text: t[1], source: english! } } : {};
}

/**
 * Writes the translations onto the library rows (after seedPoints, before any inspection records them) and the missing
 * point names, set-based: one statement per table, the dictionary as one jsonb parameter.
 */
export async function seedTextTranslations(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const dict = JSON.stringify(Object.fromEntries(Object.keys(TEXTS).map((k) => [k, demoTranslations(k)])));
  const d = sql`${dict}::jsonb`;
  const tables: [string, string][] = [
    ['option_group_options', 'name'], ['follow_up_range_values', 'title'], ['range_values', 'title'], ['multiple_choices', 'title'],
    ['multiple_choice_options', 'title'], ['dropdowns', 'title'], ['dropdown_options', 'title'], ['inspection_point_fields', 'title'],
    ['inspection_point_rows', 'title'], ['category_titles', 'text'],
  ];
  for (const [table, column] of tables) {
    await sql`update ${sql.table(table)} set translations = ${d} -> ${sql.ref(column)} where ${d} ? ${sql.ref(column)}`.execute(db);
  }
  await sql`update inspection_points set title_translations = jsonb_strip_nulls(jsonb_build_object(
      'measurementTitle', ${d} -> measurement_title, 'fieldTitle', ${d} -> field_title, 'rangeValueTitle', ${d} -> range_value_title))`.execute(db);
  const points = await db.selectFrom('inspection_points').select(['id', 'name']).where('name', 'in', Object.keys(POINT_NAMES)).execute();
  const rows = points.flatMap((p) => (['de', 'fi'] as const).flatMap((language_id, i) => [
    { inspection_point_id: p.id, language_id, kind: 'Name', value: POINT_NAMES[p.name]![i]! },
    ...(POINT_DESCRIPTIONS[p.name] ? [{ inspection_point_id: p.id, language_id, kind: 'Description', value: POINT_DESCRIPTIONS[p.name]![i]! }] : []),
  ]));
  if (rows.length) {
    await db.insertInto('inspection_point_translations').values(rows)
      .onConflict((oc) => oc.columns(['inspection_point_id', 'kind', 'language_id']).doNothing()).execute();
  }
}
