import { sql } from 'kysely';
import type { TPlan, TPlanDueExportJob } from '@insp/contracts';
import { countDueExportRows, dueExportKey, dueExportPage, recordGeneratedFile, syncDefaultTimeZone, type DueExportQuery, type PlanViewer } from '@insp/db';
import { PROTOCOL_EXPORT_CONTENT_TYPE } from '@insp/report';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';

/** Rows read per statement; the progress moves after each. */
const PAGE = 2000;

export const DUE_EXPORT_COLUMNS = [
  'Due on', 'State', 'Days past due', 'Serial number', 'Nickname', 'Product family', 'Model', 'Customer', 'Site',
  'Inspection type', 'Protocol', 'Inspector', 'Last done', 'Grace days',
];
const STATE_TEXT: Record<TPlan['state'], string> = { upcoming: 'Upcoming', due: 'Due', overdue: 'Overdue', in_progress: 'In progress' };

/** A YYYY-MM-DD day as an Excel date (midnight UTC, shown as a day). */
const day = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const dayIn = (ms: number, timeZone: string) => day(new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms));

const planRow = (p: TPlan) => [
  day(p.dueOn), STATE_TEXT[p.state], p.daysPastDue, p.serialNumber, p.nickName, p.productFamilyName, p.productModelName,
  p.customerName, p.customerSiteName, p.inspectionType === 'Mid_Year' ? 'Mid-year' : p.inspectionType, p.protocolName,
  p.inspectorName, p.lastDoneAt === null ? null : dayIn(p.lastDoneAt, p.timeZone), p.graceDays,
];

/**
 * The due list's Excel export (issue 24): the rows the caller saw (their scope and filters as stored with the
 * request), one sheet with a header row, frozen and filterable. `rows_done` of `rows_total` moves after each page
 * so the web can show progress; ready or failed when done.
 */
export async function planDueExport(deps: JobDeps, job: TPlanDueExportJob, _ctx: JobContext) {
  if (!deps.storage) throw new Error('plans.dueExport needs file storage in this process');
  const request = await deps.db.selectFrom('due_exports').selectAll().where('id', '=', job.exportId).executeTakeFirst();
  if (!request) throw new PermanentJobError(`due export ${job.exportId} not found`);
  if (request.status === 'ready') return { exportId: request.id, rows: request.rows_total, built: false };
  const zone = deps.config.reportTimeZone ?? 'UTC';
  await syncDefaultTimeZone(deps.db, zone);
  const viewer = request.viewer as unknown as PlanViewer;
  const query = request.query as unknown as DueExportQuery;
  try {
    const total = await countDueExportRows(deps.db, zone, viewer, query);
    await deps.db.updateTable('due_exports').set({ status: 'running', rows_total: total, rows_done: 0, error: null }).where('id', '=', request.id).execute();
    const ExcelJS = (await import('exceljs')).default; // loaded on first use, as the protocol export
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Equipment Inspections';
    const ws = wb.addWorksheet('Due', { views: [{ state: 'frozen', ySplit: 1 }], pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' } });
    ws.columns = DUE_EXPORT_COLUMNS.map((header, i) => ({ header, width: [12, 12, 8, 18, 18, 18, 14, 28, 22, 14, 28, 22, 12, 8][i] }));
    ws.getRow(1).font = { bold: true };
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: DUE_EXPORT_COLUMNS.length } };
    ws.getColumn(1).numFmt = 'yyyy-mm-dd';
    ws.getColumn(13).numFmt = 'yyyy-mm-dd';
    for (let done = 0; done < total; ) {
      const page = await dueExportPage(deps.db, zone, viewer, query, done, PAGE);
      if (!page.length) break;
      ws.addRows(page.map(planRow));
      done += page.length;
      await deps.db.updateTable('due_exports').set({ rows_done: done }).where('id', '=', request.id).execute();
    }
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const key = dueExportKey(request.id);
    await deps.storage.put(key, bytes, { contentType: PROTOCOL_EXPORT_CONTENT_TYPE });
    await recordGeneratedFile(deps.db, key, bytes.byteLength);
    await deps.db
      .updateTable('due_exports')
      .set({ status: 'ready', storage_key: key, finished_at: sql`now()` })
      .where('id', '=', request.id)
      .execute();
    return { exportId: request.id, rows: total, built: true };
  } catch (err) {
    await deps.db
      .updateTable('due_exports')
      .set({ status: 'failed', error: err instanceof Error ? err.message.slice(0, 1000) : String(err), finished_at: sql`now()` })
      .where('id', '=', request.id)
      .execute();
    throw err;
  }
}
