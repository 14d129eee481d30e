export { renderAuditReportHtml, renderReportHtml, type RenderReportOptions } from './render.js';
export { lifeEstimate, leastSquares, MIN_TREND_POINTS, FIT_WINDOW, type LifeEstimate, type TrendPoint } from './trend.js';
export { locales } from './locales/index.js';
export { translator, type Translate } from './i18n.js';
export { localeOf } from './format.js';
export { auditPrintTemplates, reportPrintTemplates, type PrintTemplates } from './print-templates.js';
export {
  reportPdfKey,
  reportPdfFileName,
  auditPdfKey,
  auditPdfFileName,
  protocolExportKey,
  protocolExportFileName,
  PROTOCOL_EXPORT_CONTENT_TYPE,
} from './document-files.js';
