import i18next from 'i18next';
import { locales } from './locales/index.js';

/**
 * One i18next instance for the process, initialised synchronously with every language's labels (they are
 * bundled, nothing is fetched). A language without labels falls back to English. Interpolated values are
 * not escaped here: React escapes everything it writes.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(Object.entries(locales).map(([lang, labels]) => [lang, { translation: labels }])),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A label by key; with values, interpolated ({{name}}). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const translators = new Map<string, Translate>();

/**
 * Labels in `lang` (unknown languages read English). Plain labels are looked up once per process: a report
 * asks for the same few dozen labels hundreds of times, and i18next's lookup was a fifth of a render.
 */
export function translator(lang: string): Translate {
  const code = lang in locales ? lang : 'en';
  let t = translators.get(code);
  if (!t) {
    const fixed = instance.getFixedT(code);
    const plain = new Map<string, string>();
    t = (key, values) => {
      if (values) return String(fixed(key, values));
      let label = plain.get(key);
      if (label === undefined) plain.set(key, (label = String(fixed(key))));
      return label;
    };
    translators.set(code, t);
  }
  return t;
}
