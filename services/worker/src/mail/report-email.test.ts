import { describe, expect, it } from 'vitest';
import { locales } from '@insp/report';
import { renderReportEmail } from './report-email.js';

const mail = (lang: string, contactName: string | null = 'Greta Kunde') => renderReportEmail({ lang, title: 'Daily check <Jaw>', contactName, fileName: '20260105_SN-1_Daily.pdf' });

describe('the report e-mail (issue 20)', () => {
  it('is written in the report language: subject, greeting and text', () => {
    expect(mail('de')).toMatchObject({
      subject: 'Inspektionsbericht: Daily check <Jaw>',
      text: 'Guten Tag Greta Kunde,\n\nIm Anhang finden Sie den Bericht der Inspektion „Daily check <Jaw>“ (20260105_SN-1_Daily.pdf).\n',
    });
    expect(mail('en', null).text.startsWith('Hello,\n')).toBe(true);
  });

  it('has its own subject in every report language, and reads English for an unknown one', () => {
    const subjects = Object.keys(locales).map((lang) => mail(lang).subject);
    expect(new Set(subjects).size).toBe(Object.keys(locales).length);
    expect(mail('xx').subject).toBe(mail('en').subject);
  });

  it('escapes the inspection name in the HTML part and names its language', () => {
    const { html } = mail('fr');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Daily check &lt;Jaw&gt;');
    expect(html).not.toContain('<Jaw>');
  });
});
