import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { CellValue, stream } from 'exceljs';
import type { TranslationKind } from '@insp/contracts';

/**
 * The translations workbook (issue 21): sheet 'Translations' with one row per point — point id, category, English
 * text, one column per language — and a hidden 'Version' column holding the fingerprint of the row's texts at the
 * export. A very hidden sheet carries the marker an import recognises our files by, and the type (Name or
 * Description). The sheet is protected without a password so only the language cells are edited by mistake-free
 * hands; anyone may lift the protection, the import never trusts it (it checks ids, columns and fingerprints).
 */
export const MARKER_SHEET = 'insp-meta';
export const MARKER = 'insp-point-translations';
export const WORKBOOK_LAYOUT = 1;
export const SHEET = 'Translations';
export const FIXED_COLUMNS = ['Point id', 'Category', 'English'] as const;
export const VERSION_COLUMN = 'Version';

export interface WorkbookLanguage {
  id: string;
  name: string;
}
export interface WorkbookRow {
  pointId: string;
  category: string;
  english: string;
  /** Language id → text; a language without a translation is absent. */
  texts: Record<string, string>;
  fingerprint: string;
}
export interface WorkbookData {
  type: TranslationKind;
  languages: WorkbookLanguage[];
  rows: WorkbookRow[];
}

/** 'Suomi (fi)': people read the name, the import reads the id in brackets (a bare 'fi' is accepted too). */
export const languageHeading = (l: WorkbookLanguage) => `${l.name} (${l.id})`;

/**
 * Written with exceljs' streaming writer (rows committed as they go, fastest deflate): about twice as fast as the
 * document model for 5 000 rows, which is the wait on the screen (bench/translations-export.bench.ts).
 */
export async function buildTranslationsWorkbook(data: WorkbookData): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const drained = finished(out);
  const ExcelJS = (await import('exceljs')).default; // loaded on first use: not part of every start (issue 18)
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true, zip: { zlib: { level: 1 } } } as Partial<stream.xlsx.WorkbookStreamWriterOptions>);
  wb.creator = 'Equipment Inspections';
  const ws = wb.addWorksheet(SHEET, { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  const wide = data.type === 'Description' ? 60 : 40;
  ws.columns = [
    { header: FIXED_COLUMNS[0], width: 38 },
    { header: FIXED_COLUMNS[1], width: 18 },
    { header: FIXED_COLUMNS[2], width: wide },
    ...data.languages.map((l) => ({ header: languageHeading(l), width: wide, style: { protection: { locked: false } } })),
    { header: VERSION_COLUMN, width: 20, hidden: true },
  ];
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 3 + data.languages.length } };
  // Without a password and with the cheapest hash: a guard against slips, not a lock (the import checks everything).
  await ws.protect('', { spinCount: 1, autoFilter: true, sort: false, formatColumns: true, formatRows: true, selectLockedCells: true, selectUnlockedCells: true });
  for (const r of data.rows) {
    ws.addRow([r.pointId, r.category, r.english, ...data.languages.map((l) => r.texts[l.id] ?? ''), r.fingerprint]).commit();
  }
  ws.commit();

  const meta = wb.addWorksheet(MARKER_SHEET, { state: 'veryHidden' });
  meta.addRow(['marker', MARKER]).commit();
  meta.addRow(['layout', WORKBOOK_LAYOUT]).commit();
  meta.addRow(['type', data.type]).commit();
  meta.commit();
  await wb.commit();
  await drained;
  return Buffer.concat(chunks);
}

export interface ReadWorkbook {
  type: TranslationKind;
  /** Headings of the language columns as written, with their column numbers (1-based). */
  languageColumns: { heading: string; column: number }[];
  rows: { row: number; pointId: string; fingerprint: string; texts: Map<number, string> }[];
}

/** Why a file is not one the import can read; the whole file is refused, nothing is written. */
export class WorkbookRefused extends Error {}

const text = (v: CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result === undefined || v.result === null ? '' : String(v.result);
    if (v instanceof Date) return v.toISOString();
  }
  return String(v);
};

/** Reads a workbook this product exported, or throws WorkbookRefused saying why it is not one. */
export async function readTranslationsWorkbook(bytes: Uint8Array): Promise<ReadWorkbook> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as never);
  } catch {
    throw new WorkbookRefused('is not an Excel workbook (.xlsx)');
  }
  const meta = wb.getWorksheet(MARKER_SHEET);
  const ws = wb.getWorksheet(SHEET);
  if (!meta || text(meta.getCell('B1').value) !== MARKER || !ws) {
    throw new WorkbookRefused('is not a translations workbook of this product; download one on the Translations screen and edit that');
  }
  if (Number(text(meta.getCell('B2').value)) !== WORKBOOK_LAYOUT) throw new WorkbookRefused('comes from another version of this product; download a new workbook');
  const type = text(meta.getCell('B3').value);
  if (type !== 'Name' && type !== 'Description') throw new WorkbookRefused('has no type (Name or Description) in its marker; download a new workbook');

  const headings: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => (headings[col] = text(cell.value).trim()));
  FIXED_COLUMNS.forEach((h, i) => {
    if (headings[i + 1] !== h) throw new WorkbookRefused(`has '${headings[i + 1] ?? ''}' where column ${i + 1} should be '${h}'; do not move or remove columns`);
  });
  const versionColumn = headings.lastIndexOf(VERSION_COLUMN);
  if (versionColumn < 0) throw new WorkbookRefused(`has no '${VERSION_COLUMN}' column; do not remove columns`);
  const languageColumns: ReadWorkbook['languageColumns'] = [];
  for (let col = FIXED_COLUMNS.length + 1; col < headings.length; col++) {
    if (col === versionColumn || !headings[col]) continue;
    languageColumns.push({ heading: headings[col]!, column: col });
  }

  const rows: ReadWorkbook['rows'] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const pointId = text(row.getCell(1).value).trim();
    const texts = new Map<number, string>();
    for (const { column } of languageColumns) texts.set(column, text(row.getCell(column).value));
    const anything = pointId || [...texts.values()].some((t) => t.trim());
    if (anything) rows.push({ row: n, pointId, fingerprint: text(row.getCell(versionColumn).value).trim(), texts });
  });
  return { type, languageColumns, rows };
}
