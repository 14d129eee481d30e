import type { TAuditReportData, TReportData } from '@insp/contracts';
import { translator } from './i18n.js';

/** What Chromium prints in every page's top and bottom margin (packages/pdf RenderOptions). */
export interface PrintTemplates {
  headerTemplate: string;
  footerTemplate: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The templates render outside the document: no stylesheet, a default font size of zero, so everything is inline.
const BOX = 'width:100%; margin:0 12mm; font-family:"Helvetica Neue",Helvetica,Arial,"Liberation Sans","DejaVu Sans",sans-serif; font-size:8px; color:#4a5662; display:flex; justify-content:space-between; gap:6mm;';

function templates(title: string, right: string, lang: string): PrintTemplates {
  const t = translator(lang);
  // Chromium fills the spans of class pageNumber and totalPages on each page.
  const page = t('print.page', { page: '<span class="pageNumber"></span>', pages: '<span class="totalPages"></span>' });
  return {
    headerTemplate: `<div style='${BOX}'><span style="overflow:hidden; white-space:nowrap; text-overflow:ellipsis;">${escape(title)}</span><span style="white-space:nowrap;">${escape(right)}</span></div>`,
    footerTemplate: `<div style='${BOX} justify-content:flex-end;'><span>${page}</span></div>`,
  };
}

/**
 * Issue 20 'The PDF': a running header with the report's name and the machine's serial number (else its nickname),
 * and 'Page n of N' in the report's language at the foot of every page.
 */
export function reportPrintTemplates(data: TReportData, lang: string): PrintTemplates {
  const t = translator(lang);
  const h = data.header;
  const machine = h.serialNumber ? `${t('header.serialNumber')} ${h.serialNumber}` : h.nickName ? `${t('header.nickName')} ${h.nickName}` : '';
  return templates(h.name, machine, lang);
}

/** An audit report's: its name and customer, and the page numbers. */
export function auditPrintTemplates(data: TAuditReportData, lang: string): PrintTemplates {
  return templates(data.audit.name, [data.audit.customer, data.audit.site].filter(Boolean).join(' · '), lang);
}
