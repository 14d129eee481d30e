import { z } from 'zod';
import { ZText } from './common.js';

/**
 * Issue 20: the languages a list of names (the customer pickers, /Customers) can be sorted in, the product's
 * languages (the seeded `languages` table). The web sends the user's (the browser's, as for time zones); each
 * maps to a collation in packages/db `nameCollation` (docs/decisions.md, "Customer pickers in the user's language").
 */
export const NAME_ORDER_LANGUAGES = ['en', 'fi', 'sv', 'de', 'fr', 'es', 'pt'] as const;
export type TNameOrderLanguage = (typeof NAME_ORDER_LANGUAGES)[number];

/**
 * `lang` of a query whose names sort in a language: optional (absent sorts as English, the root order), lower-cased,
 * one of NAME_ORDER_LANGUAGES, else 400 naming `lang`. A fixed list, never passed on as SQL: the collation comes
 * from a fixed table.
 */
export const ZNameOrderLanguage = ZText.trim()
  .toLowerCase()
  .pipe(z.enum(NAME_ORDER_LANGUAGES, { error: `must be one of ${NAME_ORDER_LANGUAGES.join(', ')}` }))
  .optional();

/** The language among the user's (browser) languages whose name order the lists use: the first the product has, else English. */
export function nameOrderLanguage(preferred: readonly string[]): TNameOrderLanguage {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const found = NAME_ORDER_LANGUAGES.find((l) => l === primary);
    if (found) return found;
  }
  return 'en';
}
