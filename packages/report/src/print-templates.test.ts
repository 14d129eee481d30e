import { describe, expect, it } from 'vitest';
import type { TReportData } from '@insp/contracts';
import { reportPrintTemplates } from './print-templates.js';

const data = (header: Partial<TReportData['header']>) => ({ header: { name: 'Daily <check> & more', serialNumber: null, nickName: null, ...header } }) as unknown as TReportData;

describe('the PDF page templates (issue 20)', () => {
  it('head every page with the report name (escaped) and the serial number, else the nickname', () => {
    const withSerial = reportPrintTemplates(data({ serialNumber: 'JC150-7100008', nickName: 'Crusher 1' }), 'en');
    expect(withSerial.headerTemplate).toContain('Daily &#60;check&#62; &#38; more');
    expect(withSerial.headerTemplate).not.toContain('<check>');
    expect(withSerial.headerTemplate).toContain('Serial number JC150-7100008');
    expect(reportPrintTemplates(data({ nickName: 'Crusher 1' }), 'de').headerTemplate).toContain('Crusher 1');
    expect(reportPrintTemplates(data({}), 'en').headerTemplate).not.toContain('Serial');
  });

  it("foot every page with 'Page n of N' in the report's language, for Chromium to fill in", () => {
    expect(reportPrintTemplates(data({}), 'en').footerTemplate).toContain('Page <span class="pageNumber"></span> of <span class="totalPages"></span>');
    expect(reportPrintTemplates(data({}), 'fi').footerTemplate).toContain('Sivu <span class="pageNumber"></span> / <span class="totalPages"></span>');
    expect(reportPrintTemplates(data({}), 'xx').footerTemplate).toContain('Page ');
  });
});
