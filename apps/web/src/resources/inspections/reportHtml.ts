import { userTimeZone } from '../../lib/dates';
import { trpc } from '../../providers/trpc';

/**
 * tRPC inspectionReports.html({ id, lang, timeZone }): the report as one HTML document (GET api/v1/inspections/{id}/reporthtml),
 * its dates and times in the user's zone as everywhere in the app (issue 20; the PDF prints the customer's).
 * Its image links are signed by the server for an hour or two, so the frame loads them without our token.
 */
export const reportHtmlQuery = (id: string, lang: string) => ({
  ...trpc.inspectionReports.html.queryOptions({ id, lang, timeZone: userTimeZone() }),
  staleTime: 60_000,
});

/**
 * The document the frame shows: links open in a new tab (the frame itself never navigates away), and with
 * `stripLinks` (the details page, 000 §2.7) every `<a ...>text</a>` becomes its text. Parsed, not matched
 * with a pattern, so nested markup and attributes holding '>' cannot break it; parsing runs no script.
 */
export function prepareReport(html: string, { stripLinks = false } = {}): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (stripLinks) for (const a of Array.from(doc.querySelectorAll('a'))) a.replaceWith(...Array.from(a.childNodes));
  const base = doc.createElement('base');
  base.target = '_blank';
  doc.head.prepend(base);
  return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
}
