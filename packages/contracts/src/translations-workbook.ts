import { z } from 'zod';
import { ZText } from './common.js';
import { TranslationKinds } from './domain-enums.js';

/**
 * GET api/v1/translations/excelLink?type={Name|Description}&categories={semicolon separated} (002 §7). Categories are
 * product category ids or names (what GET api/v1/translations/productCategories answers), separated by ';'.
 */
export const ZTranslationsExcelLinkQuery = z.object({
  type: z.enum(TranslationKinds, { error: 'must be Name or Description' }),
  categories: ZText.trim().min(1, 'choose at least one product category').max(4000),
});
export type TTranslationsExcelLinkQuery = z.input<typeof ZTranslationsExcelLinkQuery>;

/** 002 §7 'response link': a signed download link of the stored workbook (valid for `expiresInSeconds`). */
export const ZTranslationsExcelLink = z.object({
  link: z.string(),
  fileName: z.string(),
  points: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type TTranslationsExcelLink = z.infer<typeof ZTranslationsExcelLink>;

export const TranslationImportStatuses = ['updated', 'unchanged', 'refused'] as const;

/** One data row of an imported workbook: what the import did with it and why. */
export const ZTranslationsImportRow = z.object({
  /** The row number in the sheet (the header is row 1). */
  row: z.number().int(),
  pointId: z.string().nullable(),
  pointName: z.string().nullable(),
  status: z.enum(TranslationImportStatuses),
  /** Languages whose text changed (updated rows). */
  languages: z.array(z.string()),
  reason: z.string().nullable(),
});
export type TTranslationsImportRow = z.infer<typeof ZTranslationsImportRow>;

/** What an import did: counts per status and every row that was not unchanged (unchanged rows are only counted). */
export const ZTranslationsImportReport = z.object({
  type: z.enum(TranslationKinds),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Translations written or removed in all. */
  translationsChanged: z.number().int(),
  rows: z.array(ZTranslationsImportRow),
});
export type TTranslationsImportReport = z.infer<typeof ZTranslationsImportReport>;
