import type { Cell } from 'exceljs';
import { checkZipLimits, describeZipLimits, ZipRefusedError } from '@insp/storage';

/** The columns of an import file; headers are matched ignoring case, spaces and punctuation. */
export const importColumns = {
  customerName: 'Customer name',
  customerMdmId: 'Customer MDM id',
  // Issue 20: optional; the customer's report and e-mail language (code or English name) and IANA time zone.
  customerLanguage: 'Customer language',
  customerTimeZone: 'Customer time zone',
  siteName: 'Site name',
  siteMdmId: 'Site MDM id',
  siteMdmType: 'Site MDM type',
  country: 'Country',
  stateProvince: 'State/Province',
  serialNumber: 'Equipment serial number',
  nickName: 'Equipment nickname',
  equipmentMdmId: 'Equipment MDM id',
  productFamily: 'Product family',
  productModel: 'Product model',
} as const;
export type ImportField = keyof typeof importColumns;

/** Short forms an administrator is likely to type in a hand-made file. */
const aliases: Record<string, ImportField> = {
  customer: 'customerName',
  customermdm: 'customerMdmId',
  // As the customer screens name them ('Report language', 'Time zone of reports').
  language: 'customerLanguage',
  reportlanguage: 'customerLanguage',
  customerreportlanguage: 'customerLanguage',
  timezone: 'customerTimeZone',
  reporttimezone: 'customerTimeZone',
  timezoneofreports: 'customerTimeZone',
  site: 'siteName',
  sitemdm: 'siteMdmId',
  mdmtype: 'siteMdmType',
  state: 'stateProvince',
  province: 'stateProvince',
  serialnumber: 'serialNumber',
  serial: 'serialNumber',
  nickname: 'nickName',
  equipmentnickname: 'nickName',
  equipmentmdm: 'equipmentMdmId',
  family: 'productFamily',
  model: 'productModel',
};
const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const byHeader = new Map<string, ImportField>([
  ...Object.entries(importColumns).map(([field, label]) => [normalise(label), field as ImportField] as const),
  ...Object.entries(aliases),
]);

export type ImportRow = { rowNumber: number; values: Partial<Record<ImportField, string>> };

/** A file the job cannot read at all: the import fails as a whole with this message. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** More rows than one import should hold: the job stays within minutes and the error table readable. */
export const MAX_IMPORT_ROWS = 20_000;

/**
 * Table of cells (first row = headers) → rows keyed by field. Row numbers are the ones the administrator
 * sees in Excel (header = 1). Empty rows are skipped (spreadsheets often end with formatted blank rows);
 * columns we do not know are ignored, so an export with extra columns imports as it is.
 */
export function rowsFromTable(table: string[][]): ImportRow[] {
  const headerIndex = table.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (headerIndex < 0) throw new ImportFileError('The file is empty.');
  const fields = table[headerIndex]!.map((h) => byHeader.get(normalise(h)));
  if (!fields.includes('customerName')) {
    throw new ImportFileError(`The file has no '${importColumns.customerName}' column. The first row must hold the column names of the template.`);
  }
  const rows: ImportRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const values: ImportRow['values'] = {};
    table[i]!.forEach((cell, c) => {
      const field = fields[c];
      const v = cell.trim();
      if (field && v !== '' && values[field] === undefined) values[field] = v;
    });
    if (Object.keys(values).length === 0) continue;
    rows.push({ rowNumber: i + 1, values });
  }
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(`The file has ${rows.length} rows; an import takes at most ${MAX_IMPORT_ROWS}. Split it into several files.`);
  return rows;
}

/**
 * CSV as Excel and hand-made files write it: optional UTF-8 BOM, CRLF or LF, fields quoted with
 * doubled quotes inside, separated by commas, semicolons (Excel in most European locales) or tabs.
 * The separator is the one of those that occurs most in the header line outside quotes.
 */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const sep = detectSeparator(src);
  const table: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      table.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    table.push(row);
  }
  return table;
}

function detectSeparator(src: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of src) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ',';
}

/** The first worksheet as text cells: numbers as Excel shows them (serial numbers are often typed as numbers). */
export async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  // exceljs unpacks the whole archive in memory: a zip bomb is refused before it gets the bytes. The upload
  // checks the same; this covers files stored before that check or by another way in.
  try {
    await checkZipLimits(bytes);
  } catch (err) {
    if (!(err instanceof ZipRefusedError)) throw err;
    const limits = err.unreadable ? 'Save it again from your spreadsheet program.' : `A workbook to import may be ${describeZipLimits()}.`;
    throw new ImportFileError(`The file was not read: it ${err.message}. ${limits}`);
  }
  const ExcelJS = (await import('exceljs')).default; // loaded on first use: not part of every start (issue 18)
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch (err) {
    throw new ImportFileError(`The file could not be read as an Excel workbook (${err instanceof Error ? err.message : String(err)}).`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('The workbook has no worksheet.');
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    table[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

function cellText(cell: Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return cell.text ?? '';
}

/** Decodes CSV bytes; a file that is not UTF-8 text (a binary, a UTF-16 export) fails the import by name. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('NUL byte');
    return text;
  } catch {
    throw new ImportFileError('The file is not a UTF-8 CSV text file. In Excel, save it as "CSV UTF-8" or as an Excel workbook (.xlsx).');
  }
}
