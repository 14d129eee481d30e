import { en, type Labels } from './en.js';
import { fi } from './fi.js';
import { sv } from './sv.js';
import { de } from './de.js';
import { fr } from './fr.js';
import { es } from './es.js';
import { pt } from './pt.js';

/** One resource per seeded language (docs/decisions.md, Reports). A language without one reads English. */
export const locales: Record<string, Labels> = { en, fi, sv, de, fr, es, pt };
export type { Labels };
