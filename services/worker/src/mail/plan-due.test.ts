import { describe, expect, it } from 'vitest';
import { locales } from '@insp/report';
import { formatDueDay, reminderLanguage, renderCustomerReminderEmail, renderDueNoticeEmail, type DueLine } from './plan-due.js';

const lines: DueLine[] = [
  { machine: 'DI550 SN-1', where: 'Acme, North pit', inspectionType: 'Monthly', state: 'due', dueOn: '2026-11-26' },
  { machine: 'DI550 SN-2', where: 'Acme, North pit', inspectionType: 'Quarterly', state: 'overdue', dueOn: '2026-03-01' },
];
const remind = (language: string | null, shown = lines) => renderCustomerReminderEmail({ customer: 'Acme <Quarry>', language, lines: shown });

describe('the customer due reminder (issue 24)', () => {
  it('is written in the customer language: subject, intro, type names and dates in its words', () => {
    expect(remind('de').text).toBe(
      [
        'Guten Tag,',
        '',
        'Diese Maschinen von Acme <Quarry> sind zur Inspektion fällig:',
        '- DI550 SN-1 (Acme, North pit): Inspektion (monatlich) fällig am 26. November 2026',
        '- DI550 SN-2 (Acme, North pit): Inspektion (vierteljährlich) überfällig seit dem 1. März 2026',
        '',
        'Bitte kontaktieren Sie uns, um die Inspektion zu planen.',
        '',
      ].join('\n'),
    );
    expect(remind('de').subject).toBe('Erinnerung: 2 Maschinen sind zur Inspektion fällig');
    expect(remind('fi', lines.slice(0, 1)).subject).toBe('Tarkastusmuistutus: kone on tarkastettava');
    expect(remind('fi').text).toContain('DI550 SN-1 (Acme, North pit): Kuukausittainen tarkastus, eräpäivä 26. marraskuuta 2026');
    expect(remind('fr').text).toContain('Inspection trimestrielle en retard depuis le 1 mars 2026');
    expect(remind('es').text).toContain('Inspección mensual prevista para el 26 de noviembre de 2026');
    expect(remind('pt').text).toContain('Inspeção mensal prevista para 26 de novembro de 2026');
    expect(remind('sv').text).toContain('Månatlig inspektion, förfaller den 26 november 2026');
  });

  it('has its own text in each of the 7 report languages, every placeholder filled, the HTML in that language', () => {
    const langs = Object.keys(locales);
    expect(langs).toHaveLength(7);
    const mails = langs.map((lang) => remind(lang));
    for (const field of ['subject', 'text'] as const) expect(new Set(mails.map((m) => m[field])).size).toBe(7);
    mails.forEach((m, i) => {
      expect(m.text + m.subject).not.toMatch(/\{\{|dueReminder\./);
      expect(m.html).toContain(`<html lang="${langs[i]}">`);
      expect(m.html).toContain('Acme &lt;Quarry&gt;');
    });
  });

  it("reads English for no language or one without texts, and takes a language's base ('DE', 'pt-BR')", () => {
    const english = remind(null);
    expect(english.subject).toBe('Inspection reminder: 2 machines are due');
    expect(english.text).toContain('These machines of Acme <Quarry> are due for inspection:');
    expect(english.text).toContain('DI550 SN-1 (Acme, North pit): Monthly inspection due on 26 November 2026');
    expect(english.text).toContain('DI550 SN-2 (Acme, North pit): Quarterly inspection overdue since 1 March 2026');
    expect(remind('nl')).toEqual(english);
    expect(remind('')).toEqual(english);
    expect([reminderLanguage('DE'), reminderLanguage('pt-BR'), reminderLanguage('xx'), reminderLanguage(undefined)]).toEqual(['de', 'pt', 'en', 'en']);
    expect(formatDueDay('2026-02-28', 'fi')).toBe('28. helmikuuta 2026');
  });

  it('lists at most 200 machines and says how many more, in the language', () => {
    const many = Array.from({ length: 203 }, (_, n) => ({ ...lines[0]!, machine: `SN-${n}` }));
    const { text } = remind('es', many);
    expect(text.match(/^- /gm)).toHaveLength(200);
    expect(text).toContain('… y 3 más.');
  });
});

describe("the inspector's due message (issue 24)", () => {
  it('stays English with ISO dates: users have no language', () => {
    const { subject, text } = renderDueNoticeEmail({ name: 'Ida', lines });
    expect(subject).toBe('2 inspections are due');
    expect(text).toContain('- DI550 SN-2 (Acme, North pit): Quarterly inspection overdue since 2026-03-01');
  });
});
