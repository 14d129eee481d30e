/** @jsxRuntime automatic */
import { renderToStaticMarkup } from 'react-dom/server';
import type { TReportData } from '@insp/contracts';
import { ReportCtx } from './context.js';
import { formatter } from './format.js';
import { translator } from './i18n.js';
import { ReportDocument } from './views/Document.js';

export interface RenderReportOptions {
  /** Language of the labels, numbers and dates; the data is already in this language. */
  lang: string;
  /** How an image id becomes a URL: an API link for the HTML view, a data URL for the PDF. */
  imageUrl(id: string): string;
  /** Printed to PDF (same markup today; lets the PDF job differ later without a second renderer). */
  forPdf?: boolean;
}

/**
 * The one report renderer (ARCHITECTURE.md, Reports): report data in, one complete HTML document out, with
 * inline CSS and no scripts. Every text is escaped by React, so user text cannot become markup.
 */
export function renderReportHtml(data: TReportData, opts: RenderReportOptions): string {
  const ctx = { lang: opts.lang, t: translator(opts.lang), fmt: formatter(opts.lang), imageUrl: opts.imageUrl, forPdf: !!opts.forPdf };
  const body = renderToStaticMarkup(
    <ReportCtx.Provider value={ctx}>
      <ReportDocument data={data} />
    </ReportCtx.Provider>,
  );
  return `<!DOCTYPE html>${body}`;
}
