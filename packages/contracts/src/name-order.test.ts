import { describe, expect, it } from 'vitest';
import { nameOrderLanguage, ZNameOrderLanguage } from './name-order.js';

describe('the language names sort in', () => {
  it('is the first of the browser’s languages the product has, by its primary subtag, else English', () => {
    expect(nameOrderLanguage(['sv-FI', 'fi'])).toBe('sv');
    expect(nameOrderLanguage(['nb-NO', 'DE_at', 'en'])).toBe('de');
    expect(nameOrderLanguage(['ja', 'zh-Hant'])).toBe('en');
    expect(nameOrderLanguage([])).toBe('en');
  });

  it('takes a product language in any case and refuses anything else', () => {
    expect(ZNameOrderLanguage.parse(' SV ')).toBe('sv');
    expect(ZNameOrderLanguage.parse(undefined)).toBeUndefined();
    for (const bad of ['xx', 'sv-x-icu', 'sort_sv', '']) expect(ZNameOrderLanguage.safeParse(bad).success, bad).toBe(false);
  });
});
