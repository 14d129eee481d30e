import { sql, type RawBuilder } from 'kysely';
import type { TNameOrderLanguage } from '@insp/contracts';

/**
 * Issue 20: the collation (migration 0028) a language's readers sort names in. A fixed table: a collation name is
 * never taken from a request. English, German, French and Portuguese have no CLDR tailoring (root order); a new
 * language with its own (Danish, Polish…) needs a collation and index in a migration, then a row here.
 */
const NAME_COLLATIONS: Record<TNameOrderLanguage, 'sort_root' | 'sort_fi' | 'sort_sv' | 'sort_es'> = {
  en: 'sort_root',
  de: 'sort_root',
  fr: 'sort_root',
  pt: 'sort_root',
  fi: 'sort_fi',
  sv: 'sort_sv',
  es: 'sort_es',
};

export const nameCollation = (lang: TNameOrderLanguage | undefined) => NAME_COLLATIONS[lang ?? 'en'] ?? 'sort_root';

/**
 * `<column> collate <the language's collation>`, the expression the customers_name_sort_* indexes hold (so a
 * page is read from the index). On PGlite the collations hold only ICU's root data: every language sorts as root.
 */
export const nameInLanguage = (column: string, lang: TNameOrderLanguage | undefined): RawBuilder<string> =>
  sql<string>`${sql.ref(column)} collate ${sql.id(nameCollation(lang))}`;
