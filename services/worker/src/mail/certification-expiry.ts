import type { RenderedEmail } from './templates.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The certification expiry notice (issue 22): which certifications expire, on which day (UTC), in how many days. */
export function renderCertificationExpiryEmail({ name, rows }: { name: string; rows: { productFamily: string; date: string; inDays: number }[] }): RenderedEmail {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const intro = rows.length === 1 ? 'Your certification expires soon:' : 'Your certifications expire soon:';
  const line = (r: (typeof rows)[number]) => `${r.productFamily}: expires on ${r.date} (in ${r.inDays} ${r.inDays === 1 ? 'day' : 'days'})`;
  const outro = 'Please contact your certification manager to renew it in time.';
  const text = [greeting, '', intro, ...rows.map((r) => `- ${line(r)}`), '', outro, ''].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${rows.map((r) => `<li>${escapeHtml(line(r))}</li>`).join('')}</ul>
<p>${escapeHtml(outro)}</p>
</body></html>`;
  return { subject: rows.length === 1 ? 'Your certification expires soon' : 'Your certifications expire soon', text, html };
}
