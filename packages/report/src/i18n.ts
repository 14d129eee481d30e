import i18next, { type TFunction } from 'i18next';
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

export type Translate = TFunction;

/** Labels in `lang` (unknown languages read English). */
export const translator = (lang: string): Translate => instance.getFixedT(lang in locales ? lang : 'en');
