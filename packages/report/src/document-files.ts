import { createHash } from 'node:crypto';
import { yyyymmddIn, type TAuditReportData, type TProtocolExportData, type TReportData } from '@insp/contracts';
import { auditPrintTemplates, reportPrintTemplates } from './print-templates.js';
import { renderAuditReportHtml, renderReportHtml } from './render.js';

/**
 * Storage keys and download names of the documents the product prints or exports. The worker stores each document
 * under its key and the API looks it up by the same key and serves it under the name, so both import them from here
 * (a service never imports another service: docs/decisions.md, one-way dependencies).
 */

/**
 * Where a report's PDF is stored: a hash of the report's document itself, rendered in that language with each
 * image named by its id (an id's bytes never change). The same report and language give the same key until the
 * report or the renderer (templates, styles, translations) changes, so a stored PDF is reused and anything else
 * is printed anew, without a version number to remember.
 */
export function reportPdfKey(data: TReportData, lang: string): string {
  // The page templates are printed too: a change of them prints anew.
  const html = renderReportHtml(data, { lang, forPdf: true, imageUrl: (id) => `image:${id}` });
  return documentPdfKey('report-pdf', lang, html + JSON.stringify(reportPrintTemplates(data, lang)));
}

/**
 * Where an audit report's PDF is stored: like a report's, the hash of the document rendered in that language with
 * image ids in place of images, so an unchanged audit is served from storage and any change to the audit, its
 * included runs or the renderer prints anew.
 */
export function auditPdfKey(data: TAuditReportData, lang: string): string {
  const html = renderAuditReportHtml(data, { lang, forPdf: true, imageUrl: (id) => `image:${id}` });
  return documentPdfKey('audit-pdf', lang, html + JSON.stringify(auditPrintTemplates(data, lang)));
}

/** `<folder>/<2 hex>/<sha256 of language and document>-<lang>.pdf`: the storage key of a printed document. */
function documentPdfKey(folder: string, lang: string, html: string): string {
  const hash = createHash('sha256').update(lang).update('\0').update(html).digest('hex');
  return `${folder}/${hash.slice(0, 2)}/${hash}-${lang.toLowerCase()}.pdf`;
}

/** yyyymmdd_{serialNumber}_{type}.pdf (000 §3), from the inspection date's day in the report's zone (the PDF's). */
export function reportPdfFileName(data: TReportData): string {
  const ymd = yyyymmddIn(data.header.inspectionDate, data.header.timeZone);
  const serial = (data.header.serialNumber ?? data.header.nickName ?? 'equipment').replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${ymd}_${serial}_${data.header.type}.pdf`;
}

/** {yyyymmdd}_audit_{lang}.pdf (000 §7), from the audit's inspection date's day in the report's zone. */
export function auditPdfFileName(data: TAuditReportData, lang: string): string {
  return `${yyyymmddIn(data.audit.inspectionDate, data.audit.timeZone)}_audit_${lang.toLowerCase().replace(/[^a-z0-9-]/g, '')}.pdf`;
}

/**
 * Bump when the workbook's layout (buildProtocolWorkbook in services/worker/src/jobs/protocols.export.ts) changes,
 * so stored exports of unchanged protocols are built anew.
 */
const PROTOCOL_EXPORT_LAYOUT = 'protocol-xlsx-2';
export const PROTOCOL_EXPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Stored under the hash of what it shows: an unchanged protocol is served from storage, a changed one built anew. */
export function protocolExportKey(data: TProtocolExportData, lang: string): string {
  const hash = createHash('sha256').update(PROTOCOL_EXPORT_LAYOUT).update('\0').update(lang).update('\0').update(JSON.stringify(data)).digest('hex');
  return `protocol-export/${hash.slice(0, 2)}/${hash}-${lang.toLowerCase()}.xlsx`;
}

/** '{protocol name}_v{version}_{lang}.xlsx' with characters file systems refuse replaced. */
export function protocolExportFileName(data: TProtocolExportData, lang: string): string {
  const name = data.protocol.name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 120) || 'protocol';
  return `${name}_v${data.protocol.version}_${lang.toLowerCase().replace(/[^a-z0-9-]/g, '')}.xlsx`;
}
