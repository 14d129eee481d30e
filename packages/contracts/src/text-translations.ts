import { z } from 'zod';
import { ZId, ZText } from './common.js';
import { protocolTypeLabel } from './protocols.js';

/**
 * Issue 19 'A report in German is German': the texts a report prints beside a point's name (option names, range
 * values, choices, dropdowns, table/row/field titles, measurement titles, category titles) in the report's
 * language. Stored beside the English text, in the library row and, once a result records the text, in the result:
 * `{ [language]: { text, source } }`. `source` is the English text the translation was written for; when the
 * English changed since, the translation is outdated: the editor tags it and a report never prints it (a
 * translation of another text would say something else). English ('en') is the text itself.
 */
export interface TextTranslation {
  text: string;
  source: string;
}
export type TextTranslations = Record<string, TextTranslation>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Translations as stored, leniently (a malformed entry is skipped); undefined when there is no object at all. */
export function readTextTranslations(v: unknown): TextTranslations | undefined {
  if (!isObj(v)) return undefined;
  const out: TextTranslations = {};
  for (const [lang, t] of Object.entries(v)) {
    if (isObj(t) && typeof t.text === 'string' && typeof t.source === 'string' && t.text.trim()) out[lang] = { text: t.text, source: t.source };
  }
  return out;
}

/** The text in `lang`: its translation when one was written for this very English text, else the English (per text). */
export function translatedText(english: string, translations: TextTranslations | undefined, lang: string): string {
  if (lang === 'en' || !translations) return english;
  const t = translations[lang];
  return t && t.source === english && t.text.trim() ? t.text : english;
}

/** Whether a stored translation was written for another English text than `english`. */
export const isOutdated = (t: TextTranslation, english: string) => t.source !== english;

// ---- inspection type names ----------------------------------------------------------------------------------------

/**
 * Inspection type names in the report languages: a fixed table in code (docs/decisions.md), since the types are a
 * fixed list of the product, not authored data. A type or language missing here reads the English display name.
 */
const TYPE_NAMES: Record<string, Partial<Record<string, string>>> = {
  fi: {
    Daily: 'Päivittäinen', Weekly: 'Viikoittainen', Monthly: 'Kuukausittainen', Quarterly: 'Neljännesvuosittainen', Mid_Year: 'Puolivuotinen',
    Annual: 'Vuosittainen', Machine_assessment: 'Koneen arviointi', Closed: 'Suljettu', Commissioning: 'Käyttöönotto',
    Commission: 'Käyttöönottotarkastus', Equipment_Configurator: 'Laitekokoonpano', Audit_Site: 'Työmaa-auditointi',
    Audit_Site_Operational: 'Työmaan käyttöauditointi', Audit_Extra_Points: 'Auditoinnin lisäkohdat', Audit_Machine: 'Koneauditointi',
    Audit_Quick: 'Pika-auditointi', Audit_Screen: 'Seulan auditointi', FAT: 'FAT', Custom: 'Mukautettu', CustomPoints: 'Mukautetut kohdat',
  },
  sv: {
    Daily: 'Daglig', Weekly: 'Veckovis', Monthly: 'Månatlig', Quarterly: 'Kvartalsvis', Mid_Year: 'Halvårsvis', Annual: 'Årlig',
    Machine_assessment: 'Maskinbedömning', Closed: 'Stängd', Commissioning: 'Driftsättning', Commission: 'Driftsättningskontroll',
    Equipment_Configurator: 'Utrustningskonfigurator', Audit_Site: 'Platsrevision', Audit_Site_Operational: 'Driftrevision på plats',
    Audit_Extra_Points: 'Extra revisionspunkter', Audit_Machine: 'Maskinrevision', Audit_Quick: 'Snabbrevision', Audit_Screen: 'Siktrevision',
    FAT: 'FAT', Custom: 'Anpassad', CustomPoints: 'Anpassade punkter',
  },
  de: {
    Daily: 'Täglich', Weekly: 'Wöchentlich', Monthly: 'Monatlich', Quarterly: 'Vierteljährlich', Mid_Year: 'Halbjährlich', Annual: 'Jährlich',
    Machine_assessment: 'Maschinenbewertung', Closed: 'Abgeschlossen', Commissioning: 'Inbetriebnahme', Commission: 'Inbetriebnahmeprüfung',
    Equipment_Configurator: 'Ausrüstungskonfigurator', Audit_Site: 'Standortaudit', Audit_Site_Operational: 'Betriebsaudit am Standort',
    Audit_Extra_Points: 'Zusätzliche Auditpunkte', Audit_Machine: 'Maschinenaudit', Audit_Quick: 'Schnellaudit', Audit_Screen: 'Siebaudit',
    FAT: 'FAT', Custom: 'Benutzerdefiniert', CustomPoints: 'Benutzerdefinierte Punkte',
  },
  fr: {
    Daily: 'Quotidienne', Weekly: 'Hebdomadaire', Monthly: 'Mensuelle', Quarterly: 'Trimestrielle', Mid_Year: 'Semestrielle', Annual: 'Annuelle',
    Machine_assessment: 'Évaluation de la machine', Closed: 'Clôturée', Commissioning: 'Mise en service', Commission: 'Contrôle de mise en service',
    Equipment_Configurator: "Configurateur d'équipement", Audit_Site: 'Audit de site', Audit_Site_Operational: 'Audit opérationnel de site',
    Audit_Extra_Points: "Points d'audit supplémentaires", Audit_Machine: 'Audit machine', Audit_Quick: 'Audit rapide', Audit_Screen: 'Audit de crible',
    FAT: 'FAT', Custom: 'Personnalisée', CustomPoints: 'Points personnalisés',
  },
  es: {
    Daily: 'Diaria', Weekly: 'Semanal', Monthly: 'Mensual', Quarterly: 'Trimestral', Mid_Year: 'Semestral', Annual: 'Anual',
    Machine_assessment: 'Evaluación de la máquina', Closed: 'Cerrada', Commissioning: 'Puesta en marcha', Commission: 'Inspección de puesta en marcha',
    Equipment_Configurator: 'Configurador de equipo', Audit_Site: 'Auditoría de sitio', Audit_Site_Operational: 'Auditoría operativa de sitio',
    Audit_Extra_Points: 'Puntos de auditoría adicionales', Audit_Machine: 'Auditoría de máquina', Audit_Quick: 'Auditoría rápida', Audit_Screen: 'Auditoría de criba',
    FAT: 'FAT', Custom: 'Personalizada', CustomPoints: 'Puntos personalizados',
  },
  pt: {
    Daily: 'Diária', Weekly: 'Semanal', Monthly: 'Mensal', Quarterly: 'Trimestral', Mid_Year: 'Semestral', Annual: 'Anual',
    Machine_assessment: 'Avaliação da máquina', Closed: 'Fechada', Commissioning: 'Colocação em serviço', Commission: 'Inspeção de colocação em serviço',
    Equipment_Configurator: 'Configurador de equipamento', Audit_Site: 'Auditoria do local', Audit_Site_Operational: 'Auditoria operacional do local',
    Audit_Extra_Points: 'Pontos de auditoria adicionais', Audit_Machine: 'Auditoria da máquina', Audit_Quick: 'Auditoria rápida', Audit_Screen: 'Auditoria do crivo',
    FAT: 'FAT', Custom: 'Personalizada', CustomPoints: 'Pontos personalizados',
  },
};

/** An inspection (protocol) type's name in `lang`; English is the display name ('Mid_Year' → 'Mid year'). */
export function inspectionTypeName(type: string, lang: string): string {
  return TYPE_NAMES[lang]?.[type] ?? protocolTypeLabel(type);
}

// ---- authoring: a point's texts and the category titles -------------------------------------------------------------

/**
 * Which text of a point an item names: the point's own titles (id = the point's id) or a row of its parts. An
 * option of a predefined option group is shared by every point using the group, and so is its translation.
 */
export const PointTextKinds = [
  'measurementTitle', 'fieldTitle', 'rangeValueTitle', 'option', 'followUp', 'rangeValue', 'choice', 'choiceOption',
  'dropdown', 'dropdownOption', 'field', 'row',
] as const;
export type PointTextKind = (typeof PointTextKinds)[number];
/** The kinds stored on the point row itself, under their own key of `title_translations`. */
export const POINT_OWN_TEXT_KINDS = ['measurementTitle', 'fieldTitle', 'rangeValueTitle'] as const;

export const ZTextTranslationRead = z.object({ language: z.string(), text: z.string(), outdated: z.boolean() });
export const ZPointText = z.object({
  kind: z.enum(PointTextKinds),
  id: ZId,
  /** The English text. */
  english: z.string(),
  /** Where the text is, for people ('Dropdown "Wear"'). */
  context: z.string(),
  /** An option of a predefined group: its translation is every point's that uses the group. */
  shared: z.boolean(),
  translations: z.array(ZTextTranslationRead),
});
export type TPointText = z.infer<typeof ZPointText>;

export const ZTextTranslationItem = z.object({
  language: ZText.trim().toLowerCase().min(2).max(10),
  /** An empty (blank) text removes the translation. */
  text: ZText.max(2000),
});
export const ZPointTextTranslationUpdate = ZTextTranslationItem.extend({ kind: z.enum(PointTextKinds), id: ZId });
export const ZPointTextTranslationsSave = z.object({ id: ZId, items: z.array(ZPointTextTranslationUpdate).max(2000) });
export type TPointTextTranslationsSave = z.infer<typeof ZPointTextTranslationsSave>;
export const ZPointTextsQuery = z.object({ id: ZId });

export const ZCategoryTitleTranslations = z.object({ id: ZId, text: z.string(), translations: z.array(ZTextTranslationRead) });
export type TCategoryTitleTranslations = z.infer<typeof ZCategoryTitleTranslations>;
export const ZCategoryTitleTranslationUpdate = ZTextTranslationItem.extend({ categoryTitleId: ZId });
export const ZCategoryTitleTranslationsSave = z.object({ items: z.array(ZCategoryTitleTranslationUpdate).max(2000) });
export type TCategoryTitleTranslationsSave = z.infer<typeof ZCategoryTitleTranslationsSave>;
