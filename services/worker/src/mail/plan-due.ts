import { inspectionTypeName } from '@insp/contracts';
import { localeOf, locales, translator } from '@insp/report';
import type { RenderedEmail } from './templates.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** One machine of a due message: what it is, where it stands, which inspection, due on which day (the customer's). */
export interface DueLine {
  machine: string;
  where: string;
  inspectionType: string;
  state: 'due' | 'overdue';
  dueOn: string;
}

/** A message lists at most this many machines and says how many more there are (the Due view has them all). */
export const DUE_LINES_SHOWN = 200;

function render(lang: string, subject: string, greeting: string, intro: string, outro: string, lines: string[], more: (n: number) => string): RenderedEmail {
  const shown = lines.slice(0, DUE_LINES_SHOWN);
  const rest = lines.length > shown.length ? [more(lines.length - shown.length)] : [];
  const text = [greeting, '', intro, ...shown.map((l) => `- ${l}`), ...rest, '', outro, ''].join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${shown.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>${rest.map((m) => `<p>${escapeHtml(m)}</p>`).join('')}
<p>${escapeHtml(outro)}</p>
</body></html>`;
  return { subject, text, html };
}

const where = (l: DueLine) => `${l.machine}${l.where ? ` (${l.where})` : ''}`;

/** The inspector's message of the day (issue 24): the machines that became due or overdue. English: users have no language. */
export function renderDueNoticeEmail({ name, lines }: { name: string; lines: DueLine[] }): RenderedEmail {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const one = lines.length === 1;
  const typeName = (t: string) => (t === 'Mid_Year' ? 'Mid-year' : t);
  return render(
    'en',
    one ? 'An inspection is due' : `${lines.length} inspections are due`,
    greeting,
    one ? 'This inspection became due or overdue:' : 'These inspections became due or overdue:',
    'You find them under Due and on My page.',
    lines.map((l) => `${where(l)}: ${typeName(l.inspectionType)} inspection ${l.state === 'due' ? 'due on' : 'overdue since'} ${l.dueOn}`),
    (n) => `… and ${n} more.`,
  );
}

/** A report language of ours for a customer's `language` ('de', 'DE', 'de-at' → 'de'); English when there is none. */
export function reminderLanguage(language: string | null | undefined): string {
  const code = (language ?? '').trim().toLowerCase();
  if (code in locales) return code;
  const base = code.split(/[-_]/)[0] ?? '';
  return base in locales ? base : 'en';
}

/** A due date (YYYY-MM-DD, already the customer's day) in the language's long form: '26. November 2026'. */
export function formatDueDay(ymd: string, lang: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d!));
}

/**
 * The reminder to a customer's contacts (issue 24), where a plan asks for one, in the customer's language (the report
 * languages' labels, @insp/report locales key `dueReminder`; any other language or none reads English), with the type
 * names of the reports and the dates in the language's long form.
 */
export function renderCustomerReminderEmail({ customer, language, lines }: { customer: string; language?: string | null; lines: DueLine[] }): RenderedEmail {
  const lang = reminderLanguage(language);
  const t = translator(lang);
  const one = lines.length === 1;
  const typed = (l: DueLine) => {
    const type = inspectionTypeName(l.inspectionType, lang);
    return t(`dueReminder.${l.state}`, { type, typeLower: type.toLocaleLowerCase(localeOf(lang)), date: formatDueDay(l.dueOn, lang) });
  };
  return render(
    lang,
    one ? t('dueReminder.subjectOne') : t('dueReminder.subjectMany', { count: lines.length }),
    t('dueReminder.greeting'),
    t(one ? 'dueReminder.introOne' : 'dueReminder.introMany', { customer }),
    t('dueReminder.outro'),
    lines.map((l) => `${where(l)}: ${typed(l)}`),
    (n) => t('dueReminder.more', { count: n }),
  );
}
