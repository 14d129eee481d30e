/** @jsxRuntime automatic */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TAuditReportData, TReportData } from '@insp/contracts';
import { ReportCtx } from './context.js';
import { formatter } from './format.js';
import { translator } from './i18n.js';
import { AuditDocument } from './views/AuditDocument.js';
import { ReportDocument } from './views/Document.js';

export interface RenderReportOptions {
  /** Language of the labels, numbers and dates; the data is already in this language. */
  lang: string;
  /** How an image id becomes a URL: an API link for the HTML view, a data URL for the PDF. */
  imageUrl(id: string): string;
  /** Printed to PDF (same markup today; lets the PDF job differ later without a second renderer). */
  forPdf?: boolean;
  /**
   * IANA zone to print dates and times in instead of the report's own (header.timeZone: the customer's or
   * REPORT_TIME_ZONE): the app's view of a report passes the viewer's, as the app shows every date (issue 20).
   */
  timeZone?: string;
}

/**
 * The one report renderer (ARCHITECTURE.md, Reports): report data in, one complete HTML document out, with
 * inline CSS and no scripts. Every text is escaped by React, so user text cannot become markup.
 */
export function renderReportHtml(data: TReportData, opts: RenderReportOptions): string {
  return render(<ReportDocument data={data} />, data.header.timeZone, opts);
}

/** The audit report (issue 8) with the same labels, styles and point views as the inspection report. */
export function renderAuditReportHtml(data: TAuditReportData, opts: RenderReportOptions): string {
  return render(<AuditDocument data={data} />, data.audit.timeZone, opts);
}

function render(document: ReactElement, timeZone: string, opts: RenderReportOptions): string {
  const ctx = { lang: opts.lang, t: translator(opts.lang), fmt: formatter(opts.lang, opts.timeZone ?? timeZone), imageUrl: opts.imageUrl, forPdf: !!opts.forPdf };
  const body = renderToStaticMarkup(<ReportCtx.Provider value={ctx}>{document}</ReportCtx.Provider>);
  return `<!DOCTYPE html>${body}`;
}
