import { createContext, useContext } from 'react';
import type { Formatter } from './format.js';
import type { Translate } from './i18n.js';

export interface ReportContext {
  lang: string;
  t: Translate;
  fmt: Formatter;
  /** Where the document finds an image: an API link in the HTML view, a data URL in the PDF. */
  imageUrl(id: string): string;
  forPdf: boolean;
}

export const ReportCtx = createContext<ReportContext | null>(null);

export function useReport(): ReportContext {
  const ctx = useContext(ReportCtx);
  if (!ctx) throw new Error('Report views render inside renderReportHtml');
  return ctx;
}
