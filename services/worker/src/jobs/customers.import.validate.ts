import { canonicalTimeZone, CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE, TIME_ZONE_MESSAGE } from '@insp/contracts';
import type { Db } from '@insp/db';
import { importColumns, type ImportField, type ImportRow } from './customers.import.parse.js';

/** A problem with one row: reported with the row number and the column's heading, and the row skipped. */
export class RowError extends Error {
  constructor(
    public readonly field: ImportField | null,
    message: string,
  ) {
    super(message);
    this.name = 'RowError';
  }
  get column(): string | null {
    return this.field ? importColumns[this.field] : null;
  }
}

/** Families and models by lower-case name, loaded once per run: the file names them, rows need ids. */
export interface Catalogue {
  families: Map<string, { id: string; name: string }>;
  /** Models by lower-case name: one name may exist in several families. */
  models: Map<string, Array<{ id: string; familyId: string; name: string }>>;
  /** Report languages (rows of `languages`) by lower-case code and by lower-case English name ('de', 'german'). */
  languages: Map<string, string>;
}

export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const families = await db.selectFrom('product_families').select(['id', 'name']).execute();
  const models = await db.selectFrom('product_models').select(['id', 'product_family_id as familyId', 'name']).execute();
  const languages = await db.selectFrom('languages').select(['id', 'name']).orderBy('position').orderBy('id').execute();
  const byName = new Map<string, Array<{ id: string; familyId: string; name: string }>>();
  for (const m of models) {
    const key = m.name.toLowerCase();
    const same = byName.get(key);
    if (same) same.push(m);
    else byName.set(key, [m]);
  }
  const byLanguage = new Map<string, string>();
  for (const l of languages) byLanguage.set(l.name.toLowerCase(), l.id);
  for (const l of languages) byLanguage.set(l.id.toLowerCase(), l.id); // a code wins over a name spelled alike
  return { families: new Map(families.map((f) => [f.name.toLowerCase(), f])), models: byName, languages: byLanguage };
}

/** The codes a language cell may hold, for the error message ('en, fi, sv, …'). */
const languageCodes = (catalogue: Catalogue) => [...new Set(catalogue.languages.values())].join(', ');

export type ValidRow = ImportRow['values'] & { customerName: string; familyId?: string; modelId?: string; language?: string; timeZone?: string };

const MAX_LENGTH: Partial<Record<ImportField, number>> = { customerMdmId: 100, siteMdmId: 100, equipmentMdmId: 100, siteMdmType: 100 };
const SITE_FIELDS: ImportField[] = ['siteName', 'siteMdmId', 'siteMdmType', 'country', 'stateProvince'];
const EQUIPMENT_FIELDS: ImportField[] = ['serialNumber', 'nickName', 'equipmentMdmId', 'productFamily', 'productModel'];

/**
 * Checks a row without writing: every problem at once, so the administrator can fix a row in one go.
 * Family and model are resolved here (by name, ignoring case) because an unknown name is a row error.
 */
export function validateRow(values: ImportRow['values'], catalogue: Catalogue): { row?: ValidRow; errors: RowError[] } {
  const errors: RowError[] = [];
  for (const [field, value] of Object.entries(values) as Array<[ImportField, string]>) {
    const max = MAX_LENGTH[field] ?? 200;
    if (value.length > max) errors.push(new RowError(field, `is longer than ${max} characters`));
    // The same rule as every text the API takes (ZText): PostgreSQL refuses NUL, the rest is never meant.
    if (CONTROL_CHARACTERS.test(value)) errors.push(new RowError(field, CONTROL_CHARACTERS_MESSAGE));
  }
  if (!values.customerName) errors.push(new RowError('customerName', 'is required'));
  const hasSite = SITE_FIELDS.some((f) => values[f]);
  if (hasSite && !values.siteName && !values.siteMdmId) errors.push(new RowError('siteName', 'is required when other site columns are filled'));
  const hasEquipment = EQUIPMENT_FIELDS.some((f) => values[f]);
  if (hasEquipment && !values.serialNumber && !values.nickName) {
    errors.push(new RowError('serialNumber', 'is required when other equipment columns are filled (or give an Equipment nickname)'));
  }

  // Issue 20: as the customer screens and API check them (a row of `languages`; an IANA zone this runtime lists),
  // stored in their canonical spelling; an empty cell leaves the customer's value as it is.
  let language: string | undefined;
  if (values.customerLanguage) {
    language = catalogue.languages.get(values.customerLanguage.toLowerCase());
    if (!language) errors.push(new RowError('customerLanguage', `'${values.customerLanguage}' is not a report language (one of ${languageCodes(catalogue)})`));
  }
  let timeZone: string | undefined;
  if (values.customerTimeZone) {
    timeZone = canonicalTimeZone(values.customerTimeZone) ?? undefined;
    if (!timeZone) errors.push(new RowError('customerTimeZone', `'${values.customerTimeZone}' ${TIME_ZONE_MESSAGE}`));
  }

  let familyId: string | undefined;
  let modelId: string | undefined;
  if (values.productFamily) {
    familyId = catalogue.families.get(values.productFamily.toLowerCase())?.id;
    if (!familyId) errors.push(new RowError('productFamily', `'${values.productFamily}' is not a known product family`));
  }
  if (values.productModel) {
    const named = catalogue.models.get(values.productModel.toLowerCase()) ?? [];
    const candidates = values.productFamily ? named.filter((m) => m.familyId === familyId) : named;
    if (values.productFamily && familyId && !candidates.length) {
      errors.push(new RowError('productModel', `'${values.productModel}' is not a model of product family '${values.productFamily}'`));
    } else if (!values.productFamily && candidates.length !== 1) {
      errors.push(
        candidates.length
          ? new RowError('productFamily', `is required: model '${values.productModel}' exists in several product families`)
          : new RowError('productModel', `'${values.productModel}' is not a known product model`),
      );
    } else if (candidates[0]) {
      modelId = candidates[0].id;
      familyId = candidates[0].familyId;
    }
  }
  if (errors.length) return { errors };
  return { row: { ...values, customerName: values.customerName!, familyId, modelId, language, timeZone }, errors };
}
