import { randomUUID } from 'node:crypto';
import { P } from '@insp/contracts';
import { enqueueJob } from '@insp/db';
import { checkZipLimits, describeZipLimits, detectContentType, newStorageKey, SNIFF_BYTES, ZipRefusedError } from '@insp/storage';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { ZImportUploadQuery } from './customer-import.schemas.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** decision: 10 MB holds tens of thousands of rows; bigger files are split (the job takes at most 20 000 rows). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Stores an uploaded customers file and queues its import (issue 3). The file is judged by its bytes,
 * never by its name or the browser's content type: Excel (.xlsx) or UTF-8 CSV whose first row names a
 * 'Customer name' column. Everything else is a 400 naming the file, before anything is stored.
 * The import row and its job are written in one transaction; the job does the rest.
 */
export async function startCustomerImport(ctx: ServiceContext, input: { fileName?: string; bytes: Uint8Array }) {
  const authed = requirePermission(ctx, P.customersAdmin);
  const query = ZImportUploadQuery.safeParse({ fileName: input.fileName });
  if (!query.success) throw fromZodIssues(query.error.issues);
  const { fileName } = query.data;
  const { bytes } = input;
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', `file: '${fileName}' is empty`, 'file');
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError('BAD_REQUEST', `file: '${fileName}' is larger than 10 MB; split it into several files`, 'file');
  const contentType = kindOf(fileName, bytes);
  if (contentType === XLSX) await refuseZipBomb(fileName, bytes);

  const id = randomUUID();
  const key = newStorageKey('imports/customers', contentType === XLSX ? 'xlsx' : 'csv');
  // Stored first: a file without an import row is only clutter, an import row without its file would fail.
  await storageOf(ctx.config).put(key, bytes, { contentType, maxBytes: IMPORT_MAX_BYTES });
  await inTransaction(authed, async (tx) => {
    await tx.db
      .insertInto('customer_imports')
      .values({ id, created_by_user_id: authed.actor.userId, file_name: fileName, storage_key: key, content_type: contentType })
      .execute();
    await enqueueJob(tx.db, 'customers.import', { importId: id }, { idempotencyKey: `customers.import:${id}` });
  });
  ctx.log.info({ importId: id, fileName, size: bytes.byteLength }, 'customer import queued');
  return { id };
}

/**
 * The job unpacks a workbook whole in memory (exceljs), so one that would unpack to too much is refused here,
 * before it is stored or queued; the job checks again before parsing (docs/decisions.md, customer import).
 */
async function refuseZipBomb(fileName: string, bytes: Uint8Array) {
  try {
    await checkZipLimits(bytes);
  } catch (err) {
    if (!(err instanceof ZipRefusedError)) throw err;
    const limits = err.unreadable ? 'Save it again from your spreadsheet program' : `A workbook to import may be ${describeZipLimits()}; split it into several files`;
    throw new AppError('BAD_REQUEST', `file: '${fileName}' ${err.message}. ${limits}`, 'file');
  }
}

function kindOf(fileName: string, bytes: Uint8Array): string {
  if (detectContentType(bytes.subarray(0, SNIFF_BYTES)) === XLSX) return XLSX;
  const header = csvHeader(bytes);
  if (header === null) {
    throw new AppError('BAD_REQUEST', `file: '${fileName}' is not an Excel workbook (.xlsx) or a CSV file. Older .xls workbooks: save them as .xlsx first.`, 'file');
  }
  const columns = header.split(/[,;\t]/).map((h) => h.replace(/^\uFEFF/, '').replace(/"/g, '').toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (!columns.includes('customername') && !columns.includes('customer')) {
    throw new AppError('BAD_REQUEST', `file: '${fileName}' has no 'Customer name' column in its first row; start from the template`, 'file');
  }
  return 'text/csv';
}

/** The first non-empty line when the bytes are UTF-8 text, else null (binary files, UTF-16 exports). */
function csvHeader(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Control characters other than tab and line ends do not occur in CSV text.
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, SNIFF_BYTES))) return null;
  return text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? null;
}
