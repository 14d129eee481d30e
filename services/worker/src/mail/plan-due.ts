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

const typeName = (t: string) => (t === 'Mid_Year' ? 'Mid-year' : t);
const line = (l: DueLine) =>
  `${l.machine}${l.where ? ` (${l.where})` : ''}: ${typeName(l.inspectionType)} inspection ${l.state === 'due' ? 'due on' : 'overdue since'} ${l.dueOn}`;

function render(subject: string, greeting: string, intro: string, outro: string, lines: DueLine[]): RenderedEmail {
  const shown = lines.slice(0, DUE_LINES_SHOWN).map(line);
  const more = lines.length > shown.length ? [`… and ${lines.length - shown.length} more.`] : [];
  const text = [greeting, '', intro, ...shown.map((l) => `- ${l}`), ...more, '', outro, ''].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${shown.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>${more.map((m) => `<p>${escapeHtml(m)}</p>`).join('')}
<p>${escapeHtml(outro)}</p>
</body></html>`;
  return { subject, text, html };
}

/** The inspector's message of the day (issue 24): the machines that became due or overdue. English: users have no language. */
export function renderDueNoticeEmail({ name, lines }: { name: string; lines: DueLine[] }): RenderedEmail {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const one = lines.length === 1;
  return render(
    one ? 'An inspection is due' : `${lines.length} inspections are due`,
    greeting,
    one ? 'This inspection became due or overdue:' : 'These inspections became due or overdue:',
    'You find them under Due and on My page.',
    lines,
  );
}

/** The reminder to a customer's contacts (issue 24), where a plan asks for one. */
export function renderCustomerReminderEmail({ customer, lines }: { customer: string; lines: DueLine[] }): RenderedEmail {
  const one = lines.length === 1;
  return render(
    one ? 'Inspection reminder: a machine is due' : `Inspection reminder: ${lines.length} machines are due`,
    'Hello,',
    `${one ? 'This machine' : 'These machines'} of ${customer} ${one ? 'is' : 'are'} due for inspection:`,
    'Please contact us to plan the inspection.',
    lines,
  );
}
