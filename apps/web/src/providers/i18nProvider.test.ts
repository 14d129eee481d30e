import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { defaultI18nProvider } from 'react-admin';
import { i18nProvider } from './i18nProvider';

const keys = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

// what react-admin's views pass: counts, names, a default text; and values that are missing, null or numbers
const OPTIONS: Record<string, unknown>[] = [
  {},
  { smart_count: 0 },
  { smart_count: 1 },
  { smart_count: 2, name: 'Customers' },
  { smart_count: '1' },
  { name: 'Kallio Oy', resource: 'customer', field: 'name', page: 3, offsetBegin: 1, offsetEnd: 10, total: 23, id: 'x', reference: 'r', title: 't', query: 'q' },
  { name: null, _: 'Default for %{name}' },
  { _: 'Default, %{smart_count} item |||| %{smart_count} items', smart_count: 4 },
];

describe('i18nProvider', () => {
  it("translates every one of react-admin's English messages exactly as react-admin's default provider does", () => {
    const all = keys(englishMessages);
    expect(all.length).toBeGreaterThan(150);
    for (const key of all) for (const options of OPTIONS) expect(i18nProvider.translate(key, options), `${key} ${JSON.stringify(options)}`).toBe(defaultI18nProvider.translate(key, options));
  });

  it('answers a missing key with the default text or the key, interpolated, as the default provider does', () => {
    for (const key of ['resources.Customers.name', 'Loading %{what}', '', 'toString', 'ra.action']) {
      for (const options of [...OPTIONS, { what: 'lists' }]) expect(i18nProvider.translate(key, options), `${key} ${JSON.stringify(options)}`).toBe(defaultI18nProvider.translate(key, options));
    }
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 23 })).toBe('1-10 of 23');
    expect(i18nProvider.getLocale()).toBe('en');
  });
});
