import { sql } from 'kysely';
import type { TCustomersImportJob } from '@insp/contracts';
import type { Selectable } from 'kysely';
import type { CustomerImports, Db } from '@insp/db';
import type { JobContext, JobDeps } from '../types.js';
import { applyRow, noCounts, type ImportActor, type ImportCounts } from './customers.import.apply.js';
import { decodeCsv, ImportFileError, parseCsv, readXlsx, rowsFromTable, type ImportRow } from './customers.import.parse.js';
import { loadCatalogue, RowError, validateRow, type Catalogue } from './customers.import.validate.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The last run the queues give a job: BullMQ stops after 5 (runtime/relay.ts), the embedded outbox after 8;
 * the import gives up at the lower number so both modes end the same way.
 */
const LAST_ATTEMPT = 5;

/** Another run of the same import moved on meanwhile (BullMQ re-delivered a job it thought stalled). */
class OvertakenError extends Error {}

/**
 * Imports customers, sites and equipment from the uploaded file of one customer_imports row.
 *
 * Each row commits in its own transaction together with the import's progress (processed_rows, counts,
 * the row's errors), so the screen sees progress row by row and a run that dies part-way resumes after
 * the last committed row: nothing is applied or counted twice. A row that fails validation or hits a
 * conflict is rolled back whole and reported (row number, column, message); the other rows still apply.
 * Idempotent: a finished import is not run again, and importing the same file again as a new import
 * matches every row by its keys and changes nothing.
 */
export async function customersImport(deps: JobDeps, job: TCustomersImportJob, ctx: JobContext) {
  const imp = await deps.db.selectFrom('customer_imports').selectAll().where('id', '=', job.importId).executeTakeFirst();
  if (!imp) {
    deps.log.warn({ importId: job.importId }, 'customer import row not found: nothing to do');
    return { skipped: 'missing' };
  }
  if (imp.status === 'done' || imp.status === 'failed') return { skipped: imp.status };
  try {
    return await runImport(deps, imp);
  } catch (err) {
    // The job is retried (the next run resumes); after the last attempt the screen must not say "Importing…" forever.
    if (ctx.attempt >= LAST_ATTEMPT) {
      const message = `The import stopped after ${ctx.attempt} attempts (${err instanceof Error ? err.message : String(err)}). Rows imported so far are kept; import the file again to finish: those rows are matched, not duplicated.`;
      await deps.db
        .updateTable('customer_imports')
        .set({ status: 'failed', error: message, finished_at: sql<Date>`now()` })
        .where('id', '=', imp.id)
        .execute()
        .catch((e: unknown) => deps.log.error({ err: e, importId: imp.id }, 'could not mark the customer import failed'));
    }
    throw err;
  }
}

async function runImport(deps: JobDeps, imp: Selectable<CustomerImports>) {
  const { db, log } = deps;

  let rows: ImportRow[];
  try {
    rows = await readRows(deps, imp.storage_key, imp.content_type);
  } catch (err) {
    if (!(err instanceof ImportFileError)) throw err; // storage unreachable: let the job retry
    await db
      .updateTable('customer_imports')
      .set({ status: 'failed', error: err.message, finished_at: sql<Date>`now()` })
      .where('id', '=', imp.id)
      .execute();
    log.info({ importId: imp.id, reason: err.message }, 'customer import failed: file not usable');
    return { failed: err.message };
  }

  // Conditional: a duplicate run that read the row before another run moved on (or finished) must not
  // set a finished import back to 'running' and leave it there; it stops without touching the row.
  const started = await db
    .updateTable('customer_imports')
    .set({ status: 'running', total_rows: rows.length, started_at: sql<Date>`coalesce(started_at, now())` })
    .where('id', '=', imp.id)
    .where('status', 'in', ['queued', 'running'])
    .where('processed_rows', '=', imp.processed_rows)
    .executeTakeFirst();
  if (Number(started.numUpdatedRows) !== 1) return { skipped: 'overtaken' };
  const catalogue = await loadCatalogue(db);
  try {
    // Resume: rows up to processed_rows were committed by an earlier run of this job.
    for (let i = imp.processed_rows; i < rows.length; i++) {
      await processRow(db, { importId: imp.id, userId: imp.created_by_user_id }, i, rows[i]!, catalogue);
      // The embedded database (PGlite) answers in microtasks: without a macrotask turn between rows the
      // process reads no request until the import ends, and the progress the screen polls never shows.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (err) {
    if (err instanceof OvertakenError) return { skipped: 'overtaken' };
    throw err;
  }
  // Only the run whose rows are all committed finishes the import (another run may have marked it failed).
  const done = await db
    .updateTable('customer_imports')
    .set({ status: 'done', finished_at: sql<Date>`now()` })
    .where('id', '=', imp.id)
    .where('status', '=', 'running')
    .where('processed_rows', '=', rows.length)
    .returning(['processed_rows', 'error_count'])
    .executeTakeFirst();
  if (!done) return { skipped: 'overtaken' };
  log.info({ importId: imp.id, rows: done.processed_rows, rowsWithErrors: done.error_count }, 'customer import done');
  return { rows: done.processed_rows, rowsWithErrors: done.error_count };
}

async function readRows(deps: JobDeps, key: string, contentType: string): Promise<ImportRow[]> {
  if (!deps.storage) throw new ImportFileError('The server has no file storage configured for imports. Tell your system administrator.');
  const stored = await deps.storage.get(key);
  if (!stored) throw new ImportFileError('The uploaded file is no longer stored. Upload it again.');
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  const table = contentType === XLSX ? await readXlsx(bytes) : parseCsv(decodeCsv(bytes));
  return rowsFromTable(table);
}

async function processRow(db: Db, actor: ImportActor, index: number, row: ImportRow, catalogue: Catalogue) {
  const { importId } = actor;
  const { row: valid, errors } = validateRow(row.values, catalogue);
  if (valid) {
    try {
      await db.transaction().execute(async (trx) => {
        const counts = await applyRow(trx as unknown as Db, valid, actor);
        await recordProgress(trx as unknown as Db, importId, index, row.rowNumber, counts, []);
      });
      return;
    } catch (err) {
      const rowError = asRowError(err);
      if (!rowError) throw err;
      errors.push(rowError);
    }
  }
  await db.transaction().execute((trx) => recordProgress(trx as unknown as Db, importId, index, row.rowNumber, noCounts(), errors));
}

/** Constraint violations (a row written at the same moment by someone else) are the row's problem, not the job's. */
function asRowError(err: unknown): RowError | undefined {
  if (err instanceof RowError) return err;
  const pg = err as { code?: unknown; detail?: unknown };
  if (typeof pg.code === 'string' && pg.code.startsWith('23')) {
    return new RowError(null, `conflicts with data saved meanwhile${typeof pg.detail === 'string' ? `: ${pg.detail}` : ''}; import the row again`);
  }
  return undefined;
}

/**
 * Moves processed_rows from `index` to `index + 1`; the condition makes a second, racing run of the same
 * import fail here (its row is rolled back) instead of counting the row twice.
 */
async function recordProgress(trx: Db, importId: string, index: number, rowNumber: number, counts: ImportCounts, errors: RowError[]) {
  const add = (column: string, n: number) => sql<number>`${sql.ref(column)} + ${n}`;
  const updated = await trx
    .updateTable('customer_imports')
    .set({
      processed_rows: index + 1,
      customers_created: add('customers_created', counts.customersCreated),
      customers_updated: add('customers_updated', counts.customersUpdated),
      sites_created: add('sites_created', counts.sitesCreated),
      sites_updated: add('sites_updated', counts.sitesUpdated),
      equipment_created: add('equipment_created', counts.equipmentCreated),
      equipment_updated: add('equipment_updated', counts.equipmentUpdated),
      error_count: add('error_count', errors.length ? 1 : 0),
    })
    .where('id', '=', importId)
    .where('processed_rows', '=', index)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new OvertakenError(`row ${rowNumber} was already processed by another run`);
  if (errors.length) {
    await trx
      .insertInto('customer_import_errors')
      .values(errors.map((e) => ({ import_id: importId, row_number: rowNumber, field: e.column, message: e.message })))
      .execute();
  }
}
