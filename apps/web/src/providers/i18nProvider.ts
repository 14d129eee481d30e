import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';

/**
 * react-admin's English texts, translated as its default provider does (react-admin 5: ra-i18n-polyglot over
 * ra-language-english with allowMissing), without node-polyglot: that library and the polyfills it requires
 * (object.entries, get-intrinsic and the rest) were about 7 kB gzip of every signed-in first load (issue 23). The
 * app is in English only. What polyglot does and this keeps: keys are the messages' nested names joined by dots;
 * a missing key falls back to `options._`, else to the key itself, interpolated; `smart_count` picks the singular
 * (exactly 1) or the plural of 'one |||| many', trimmed; `%{name}` takes an option that is set, else stays as written.
 * i18nProvider.test.ts compares every message with react-admin's own provider.
 */
const phrases = new Map<string, string>([['', '']]);
const flatten = (messages: object, prefix: string) => {
  for (const [key, value] of Object.entries(messages)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) flatten(value, name);
    else phrases.set(name, value as string);
  }
};
flatten(englishMessages, '');

function transform(phrase: string, options: Record<string, unknown>): string {
  let result = phrase;
  if (options.smart_count != null && phrase) {
    const forms = phrase.split('||||');
    result = (forms[options.smart_count !== 1 ? 1 : 0] || forms[0]!).replace(/^\s*|\s*$/g, '');
  }
  return result.replace(/%\{(.*?)\}/g, (expression, name: string) =>
    Object.hasOwn(options, name) && options[name] != null ? String(options[name]) : expression,
  );
}

export const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => {
    const phrase = phrases.get(key);
    if (typeof phrase === 'string') return transform(phrase, options);
    return transform(typeof options._ === 'string' ? options._ : key, options);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'en',
  getLocales: () => [{ locale: 'en', name: 'English' }],
};
