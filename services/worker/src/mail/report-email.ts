import { translator } from '@insp/report';
import type { RenderedEmail } from './templates.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The e-mail that carries a report's PDF to the customer contact, in the report's language (issue 20): the labels
 * are the report renderer's (@insp/report locales, key `email`), so the 7 report languages have their mail text
 * too, and an unknown language reads English as the report does.
 */
export function renderReportEmail({ lang, title, contactName, fileName }: { lang: string; title: string; contactName: string | null; fileName: string }): RenderedEmail {
  const t = translator(lang);
  const name = contactName?.trim();
  const greeting = name ? t('email.greetingNamed', { name }) : t('email.greeting');
  const intro = t('email.intro', { name: title, file: fileName });
  return {
    subject: t('email.subject', { name: title }),
    text: [greeting, '', intro, ''].join('\n'),
    html: `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p></body></html>`,
  };
}
