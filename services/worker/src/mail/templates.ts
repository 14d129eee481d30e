import type { TEmailJob } from '@insp/contracts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// The link lifetimes match TOKEN_LIFETIME_MS in the API's password service (docs/decisions.md: 7 days, 24 hours).
const templates: Record<TEmailJob['template'], { subject: string; intro: string; action: string; validity: string }> = {
  'password-reset': {
    subject: 'Reset your password',
    intro: 'We received a request to reset the password of your Inspections account.',
    action: 'Choose a new password',
    validity: 'The link works once and expires in 24 hours. If you did not ask for it, ignore this e-mail.',
  },
  'set-password': {
    subject: 'Set your password',
    intro: 'An Inspections account has been created for you.',
    action: 'Set your password',
    validity: 'The link works once and expires in 7 days.',
  },
};

export function renderEmail(job: Pick<TEmailJob, 'template' | 'params'>): RenderedEmail {
  const t = templates[job.template];
  const { name, link } = job.params;
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const text = [greeting, '', t.intro, `${t.action}: ${link}`, '', t.validity, ''].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>
<p style="color:#555">${escapeHtml(t.validity)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
