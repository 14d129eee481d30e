import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { TProtocolExportJob } from '@insp/contracts';
import type { Db } from '@insp/db';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';

/** Bump when the workbook's layout changes, so stored exports of unchanged protocols are built anew. */
const LAYOUT = 'protocol-xlsx-2';
export const PROTOCOL_EXPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ProtocolExportData {
  protocol: { id: string; name: string; type: string; version: number };
  categories: Array<{
    title: string;
    points: Array<{ name: string; type: string; phase: string; unit: string; limits: string; showInReport: boolean }>;
  }>;
}

const num = (v: number | null) => (v === null ? '–' : String(v));

/**
 * What the export shows, in `lang`: each point's name translated (inspection_point_translations), else the
 * protocol's own name for it, else the point's; its measurement limits per family or model. Null for a missing or
 * soft-deleted protocol.
 */
export async function loadProtocolExportData(db: Db, protocolId: string, lang: string): Promise<ProtocolExportData | null> {
  const protocol = await db.selectFrom('protocols').select(['id', 'name', 'type', 'version']).where('id', '=', protocolId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!protocol) return null;
  const [categories, points] = await Promise.all([
    db.selectFrom('protocol_categories').select(['id', 'title']).where('protocol_id', '=', protocolId).orderBy('index').execute(),
    db
      .selectFrom('protocol_points as pp')
      .leftJoin('inspection_points as ip', (j) => j.onRef('ip.id', '=', 'pp.inspection_point_id').on('ip.deleted_at', 'is', null))
      .leftJoin('inspection_point_translations as tr', (j) => j.onRef('tr.inspection_point_id', '=', 'ip.id').on('tr.kind', '=', 'Name').on('tr.language_id', '=', lang))
      .leftJoin('units as u', 'u.id', 'ip.measurement_unit_id')
      .leftJoin('inspection_phases as ph', 'ph.id', 'pp.phase_id')
      .select(['pp.protocol_category_id', 'ip.id as point_id', 'ip.type', 'pp.show_in_report', 'ph.name as phase', 'u.symbol as unit'])
      .select(sql<string | null>`case when ip.id is null then null else coalesce(nullif(tr.value, ''), pp.name, ip.name) end`.as('name'))
      .where('pp.protocol_id', '=', protocolId)
      .orderBy('pp.index')
      .orderBy('pp.id')
      .execute(),
  ]);
  const pointIds = [...new Set(points.map((p) => p.point_id).filter((x): x is string => !!x))];
  const limits = pointIds.length
    ? await db
        .selectFrom('measurement_limits as l')
        .leftJoin('product_families as f', 'f.id', 'l.product_family_id')
        .leftJoin('product_models as m', 'm.id', 'l.product_model_id')
        .select(['l.inspection_point_id', 'f.name as family', 'm.name as model', 'l.critical_low', 'l.low', 'l.high', 'l.critical_high'])
        .where('l.inspection_point_id', 'in', pointIds)
        .orderBy('f.name')
        .orderBy('m.name')
        .execute()
    : [];
  const limitText = new Map<string, string[]>();
  for (const l of limits) {
    const line = `${l.family ?? l.model}: ${num(l.critical_low)} / ${num(l.low)} / ${num(l.high)} / ${num(l.critical_high)}`;
    limitText.set(l.inspection_point_id, [...(limitText.get(l.inspection_point_id) ?? []), line]);
  }
  return {
    protocol,
    categories: categories.map((c) => ({
      title: c.title,
      points: points
        .filter((p) => p.protocol_category_id === c.id)
        .map((p) => ({
          name: p.name ?? 'Point not found!',
          type: p.type ?? '',
          phase: p.phase ?? '',
          unit: p.unit ?? '',
          limits: p.point_id ? (limitText.get(p.point_id) ?? []).join('\n') : '',
          showInReport: p.show_in_report,
        })),
    })),
  };
}

/** Stored under the hash of what it shows: an unchanged protocol is served from storage, a changed one built anew. */
export function protocolExportKey(data: ProtocolExportData, lang: string): string {
  const hash = createHash('sha256').update(LAYOUT).update('\0').update(lang).update('\0').update(JSON.stringify(data)).digest('hex');
  return `protocol-export/${hash.slice(0, 2)}/${hash}-${lang.toLowerCase()}.xlsx`;
}

/** '{protocol name}_v{version}_{lang}.xlsx' with characters file systems refuse replaced. */
export function protocolExportFileName(data: ProtocolExportData, lang: string): string {
  const name = data.protocol.name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 120) || 'protocol';
  return `${name}_v${data.protocol.version}_${lang.toLowerCase().replace(/[^a-z0-9-]/g, '')}.xlsx`;
}

/** Points per line of the default 11 pt font. */
const LINE_HEIGHT = 15;

export const PROTOCOL_EXPORT_COLUMNS = ['Category', 'Point', 'Type', 'Phase', 'Unit', 'Limits (critical low / low / high / critical high)', 'Show in report'];

/**
 * One sheet: the protocol's name and its type and version on rows of their own (a long name runs on into the empty
 * cells beside it), the header, then a bold row per category followed by its points (category repeated for
 * filters). Printed landscape, one page wide.
 */
export async function buildProtocolWorkbook(data: ProtocolExportData): Promise<Buffer> {
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
  if (await deps.storage.get(key)) return { key, built: false };
  await deps.storage.put(key, await buildProtocolWorkbook(data), { contentType: PROTOCOL_EXPORT_CONTENT_TYPE });
  deps.log.info({ protocolId: job.protocolId, lang: job.lang, key }, 'protocol export ready');
  return { key, built: true };
}
