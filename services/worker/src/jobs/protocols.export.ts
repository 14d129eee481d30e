import type { TProtocolExportData, TProtocolExportJob } from '@insp/contracts';
import { loadProtocolExportData, recordGeneratedFile, touchGeneratedFile } from '@insp/db';
import { PROTOCOL_EXPORT_CONTENT_TYPE, protocolExportKey } from '@insp/report';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';

/** Points per line of the default 11 pt font. */
const LINE_HEIGHT = 15;

export const PROTOCOL_EXPORT_COLUMNS = ['Category', 'Point', 'Type', 'Phase', 'Unit', 'Limits (critical low / low / high / critical high)', 'Show in report'];

/**
 * One sheet: the protocol's name and its type and version on rows of their own (a long name runs on into the empty
 * cells beside it), the header, then a bold row per category followed by its points (category repeated for
 * filters). Printed landscape, one page wide. A change of layout bumps PROTOCOL_EXPORT_LAYOUT beside the export's
 * storage key (packages/report/src/document-files.ts), so stored exports are built anew.
 */
export async function buildProtocolWorkbook(data: TProtocolExportData): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default; // loaded on first use: not part of every start (issue 18)
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Equipment Inspections';
  const ws = wb.addWorksheet('Protocol', {
    views: [{ state: 'frozen', ySplit: 3 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '3:3' },
  });
  ws.columns = [{ width: 30 }, { width: 45 }, { width: 22 }, { width: 18 }, { width: 10 }, { width: 46 }, { width: 14 }];
  ws.addRow([data.protocol.name]).font = { bold: true, size: 13 };
  ws.addRow([`${data.protocol.type}, version ${data.protocol.version}`]);
  const header = ws.addRow(PROTOCOL_EXPORT_COLUMNS);
  header.font = { bold: true };
  for (const c of data.categories) {
    const row = ws.addRow([c.title]);
    row.font = { bold: true };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
    for (const p of c.points) {
      const r = ws.addRow([c.title, p.name, p.type, p.phase, p.unit, p.limits, p.showInReport ? 'Yes' : 'No']);
      const lines = p.limits.split('\n').length;
      if (lines > 1) {
        r.alignment = { vertical: 'top' };
        r.getCell(6).alignment = { wrapText: true, vertical: 'top' };
        // Neither exceljs nor LibreOffice grows the row on opening: without a height the lines overlap the next row.
        r.height = LINE_HEIGHT * lines;
      }
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function protocolsExport(deps: JobDeps, job: TProtocolExportJob, _ctx: JobContext) {
  if (!deps.storage) throw new Error('protocols.export needs file storage in this process');
  const data = await loadProtocolExportData(deps.db, job.protocolId, job.lang);
  if (!data) throw new PermanentJobError(`protocol ${job.protocolId} not found`);
  const key = protocolExportKey(data, job.lang);
  await touchGeneratedFile(deps.db, key);
  // exists, not get: an unread S3 body would hold its socket
  if (await deps.storage.exists(key)) return { key, built: false };
  const bytes = await buildProtocolWorkbook(data);
  await deps.storage.put(key, bytes, { contentType: PROTOCOL_EXPORT_CONTENT_TYPE });
  await recordGeneratedFile(deps.db, key, bytes.byteLength);
  deps.log.info({ protocolId: job.protocolId, lang: job.lang, key }, 'protocol export ready');
  return { key, built: true };
}
