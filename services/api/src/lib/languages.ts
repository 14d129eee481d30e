import type { Db } from '@insp/db';
import { AppError } from '../errors.js';

/** A report language must be one of the product's (the languages table); otherwise a 400 naming `lang`. */
export async function requireLanguage(db: Db, lang: string): Promise<void> {
  const language = await db.selectFrom('languages').select('id').where('id', '=', lang).executeTakeFirst();
  if (!language) throw new AppError('BAD_REQUEST', `lang: not a language of the product (${lang})`, 'lang');
}
