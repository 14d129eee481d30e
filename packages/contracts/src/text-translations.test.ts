import { describe, expect, it } from 'vitest';
import { inspectionTypeName, readTextTranslations, translatedText } from './text-translations.js';
import { recordJudgement, recordPickTexts } from './recorded-picks.js';

const de = (text: string, source: string) => ({ de: { text, source } });

describe('report texts in the report language (issue 19)', () => {
  it('prints a translation only when it was written for this very English text, else English, text by text', () => {
    expect(translatedText('Good', de('Gut', 'Good'), 'de')).toBe('Gut');
    expect(translatedText('Worn', de('Gut', 'Good'), 'de')).toBe('Worn');
    expect(translatedText('Good', de('Gut', 'Good'), 'fi')).toBe('Good');
    expect(translatedText('Good', de('Gut', 'Good'), 'en')).toBe('Good');
    expect(translatedText('Good', undefined, 'de')).toBe('Good');
  });

  it('reads stored translations leniently: malformed and blank entries are skipped, no object is undefined', () => {
    expect(readTextTranslations({ de: { text: 'Gut', source: 'Good' }, fi: { text: ' ', source: 'Good' }, sv: 'Bra', fr: { text: 'Bon' } })).toEqual(de('Gut', 'Good'));
    expect(readTextTranslations(null)).toBeUndefined();
    expect(readTextTranslations([])).toBeUndefined();
  });

  it('names inspection types in the seven report languages, English as displayed', () => {
    expect(inspectionTypeName('Daily', 'de')).toBe('Täglich');
    expect(inspectionTypeName('Mid_Year', 'fi')).toBe('Puolivuotinen');
    expect(inspectionTypeName('Mid_Year', 'en')).toBe('Mid year');
    expect(inspectionTypeName('Something_New', 'de')).toBe('Something new');
  });

  it('records translations with the texts and keeps them with kept texts', () => {
    const library = { type: 'RadioButtonSelection', optionNames: ['Good', 'Worn'], limits: null, measurementTitle: null, unit: null, fieldTitle: null, optionTranslations: [de('Gut', 'Good'), {}] };
    const first = recordJudgement(library, 'Good');
    expect(first).toEqual({ optionNames: ['Good', 'Worn'], optionTranslations: [de('Gut', 'Good'), {}] });
    // the library's German changed since: a kept selection keeps the words it was recorded with
    expect(recordJudgement({ ...library, optionTranslations: [de('Prima', 'Good'), {}] }, 'Worn', first)).toEqual(first);
    const picks = recordPickTexts(
      { rangeValues: [], multipleChoices: [], dropdowns: [{ dropdownId: 'd', selectedOptionIds: ['o'] }] },
      { rangeValues: [], followUps: [], multipleChoices: [], dropdowns: [{ id: 'd', title: 'Supplier', multiselect: false, hideImages: false, translations: de('Lieferant', 'Supplier'), options: [{ id: 'o', title: 'Original', imageId: null, translations: de('Original', 'Original') }] }] },
    );
    expect(picks.dropdowns[0]).toMatchObject({ translations: de('Lieferant', 'Supplier'), selectedOptions: [{ translations: de('Original', 'Original') }] });
  });
});
