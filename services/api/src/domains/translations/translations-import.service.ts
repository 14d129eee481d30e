import { sql } from 'kysely';
import { P, ZText, type TranslationKind, type TTranslationsImportReport, type TTranslationsImportRow } from '@insp/contracts';
import type { Db } from '@insp/db';
import { checkZipLimits, detectContentType, SNIFF_BYTES, ZipRefusedError } from '@insp/storage';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { fingerprint, loadPointTexts, type PointTexts } from './translations-data.js';
import { readTranslationsWorkbook, WorkbookRefused, type ReadWorkbook } from './translations-workbook.js';
import { XLSX } from './translations-export.service.js';

/** decision: 5 MB and 20 000 rows hold every point of the library several times over. */
export const TRANSLATIONS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHUNK = 1000;

const badFile = (fileName: string, why: string) => new AppError('BAD_REQUEST', `file: '${fileName}' ${why}`, 'file');

/**
 * POST api/v1/translations/import?fileName= (issue 21, beyond the spec): the edited translations workbook back.
 * The file must be one this product exported (its marker), with known language columns; otherwise it is refused
 * whole and nothing changes. Each row is then judged on its own: a point gone or changed since the export
 * (fingerprint of its texts) is refused with the reason, the others are written. Only the cells that differ from
 * the database are written or, when emptied, removed; all in one transaction, answered as a per-row report.
 * It runs in the request: reading and writing 5 000 rows takes about a second (docs/decisions.md).
 */
export async function importTranslations(ctx: ServiceContext, input: { fileName?: string; bytes: Uint8Array }): Promise<TTranslationsImportReport> {
  const c = requirePermission(ctx, P.translations);
  const fileName = ZText.trim().min(1).max(255).catch('workbook.xlsx').parse(input.fileName ?? 'workbook.xlsx');
  const { bytes } = input;
  if (bytes.byteLength === 0) throw badFile(fileName, 'is empty');
  if (bytes.byteLength > TRANSLATIONS_IMPORT_MAX_BYTES) throw badFile(fileName, 'is larger than 5 MB');
  if (detectContentType(bytes.subarray(0, SNIFF_BYTES)) !== XLSX) throw badFile(fileName, 'is not an Excel workbook (.xlsx)');
  try {
    await checkZipLimits(bytes);
  } catch (err) {
    if (err instanceof ZipRefusedError) throw badFile(fileName, err.message);
    throw err;
  }
  let book: ReadWorkbook;
  try {
    book = await readTranslationsWorkbook(bytes);
  } catch (err) {
    if (err instanceof WorkbookRefused) throw badFile(fileName, err.message);
    throw err;
  }
  if (book.rows.length > MAX_ROWS) throw badFile(fileName, `has more than ${MAX_ROWS} rows`);
  const columns = await languageColumns(c.db, fileName, book);

  return inTransaction(c, async (tx) => {
    const ids = [...new Set(book.rows.map((r) => r.pointId.toLowerCase()).filter((id) => UUID.test(id)))].sort();
    const current = new Map<string, PointTexts>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      // Locked in id order so the texts cannot change between the check and the write (the point editor share-locks).
      await tx.db.selectFrom('inspection_points').select('id').where('id', 'in', part).orderBy('id').forNoKeyUpdate().execute();
      for (const p of await loadPointTexts(tx.db, book.type, { pointIds: part })) current.set(p.pointId, p);
    }
    const upserts: { inspection_point_id: string; language_id: string; kind: TranslationKind; value: string }[] = [];
    const removals: { pointId: string; lang: string }[] = [];
    const trail: { pointId: string; changes: Record<string, string | null> }[] = [];
    const report: TTranslationsImportRow[] = [];
    const seen = new Set<string>();
    let unchanged = 0;
    for (const r of book.rows) {
      const id = r.pointId.toLowerCase();
      const point = current.get(id);
      const refuse = (reason: string) => report.push({ row: r.row, pointId: r.pointId || null, pointName: point?.name ?? null, status: 'refused', languages: [], reason });
      if (!UUID.test(id)) { refuse('no point id in the first column'); continue; }
      if (seen.has(id)) { refuse('the point appears on an earlier row too'); continue; }
      seen.add(id);
      if (!point) { refuse('the point no longer exists'); continue; }
      if (r.fingerprint !== fingerprint(point)) { refuse('the point\'s texts changed since the export; download a new workbook and edit that'); continue; }
      const changes: Record<string, string | null> = {};
      for (const { column, lang } of columns) {
        const text = (r.texts.get(column) ?? '').trim();
        const was = point.texts[lang] ?? '';
        if (text === was) continue;
        changes[lang] = text || null;
        if (text) upserts.push({ inspection_point_id: point.pointId, language_id: lang, kind: book.type, value: text });
        else removals.push({ pointId: point.pointId, lang });
      }
      const langs = Object.keys(changes);
      if (langs.length === 0) { unchanged++; continue; }
      trail.push({ pointId: point.pointId, changes });
      report.push({ row: r.row, pointId: point.pointId, pointName: point.name, status: 'updated', languages: langs, reason: null });
    }
    await writeChanges(tx.db, book.type, upserts, removals);
    for (let i = 0; i < trail.length; i += CHUNK) {
      await tx.db
        .insertInto('audit_trail')
        .values(trail.slice(i, i + CHUNK).map((t) => ({ entity_type: 'inspection_point', entity_id: t.pointId, actor_user_id: c.actor.userId, action: `translations.${book.type}.import`, changes: JSON.stringify(t.changes) })))
        .execute();
    }
    const count = (s: TTranslationsImportRow['status']) => report.filter((x) => x.status === s).length;
    c.log.info({ fileName, type: book.type, rows: book.rows.length, updated: count('updated'), refused: count('refused') }, 'translations imported');
    return { type: book.type, updated: count('updated'), unchanged, refused: count('refused'), translationsChanged: upserts.length + removals.length, rows: report.sort((a, b) => a.row - b.row) };
  });
}

/** Language columns by heading: 'Suomi (fi)' or 'fi'. English or an unknown or repeated language refuses the file. */
async function languageColumns(db: Db, fileName: string, book: ReadWorkbook) {
  const known = new Set((await db.selectFrom('languages').select('id').execute()).map((l) => l.id.toLowerCase()));
  const seen = new Set<string>();
  return book.languageColumns.map(({ heading, column }) => {
    const lang = (/\(([^()]+)\)\s*$/.exec(heading)?.[1] ?? heading).trim().toLowerCase();
    if (lang === 'en') throw badFile(fileName, `column '${heading}': English is the point's own text, edit it in the point`);
    if (!known.has(lang)) throw badFile(fileName, `column '${heading}' is not a language of the product`);
    if (seen.has(lang)) throw badFile(fileName, `column '${heading}' repeats a language`);
    seen.add(lang);
    return { column, lang };
  });
}

async function writeChanges(db: Db, kind: TranslationKind, upserts: { inspection_point_id: string; language_id: string; kind: TranslationKind; value: string }[], removals: { pointId: string; lang: string }[]) {
  for (let i = 0; i < upserts.length; i += CHUNK) {
    await db
      .insertInto('inspection_point_translations')
      .values(upserts.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['inspection_point_id', 'kind', 'language_id']).doUpdateSet({ value: (eb) => eb.ref('excluded.value'), updated_at: sql`now()` }))
      .execute();
  }
  for (let i = 0; i < removals.length; i += CHUNK) {
    const part = removals.slice(i, i + CHUNK);
    await db
      .deleteFrom('inspection_point_translations')
      .where('kind', '=', kind)
      .where((eb) => eb.or(part.map((r) => eb.and([eb('inspection_point_id', '=', r.pointId), eb('language_id', '=', r.lang)]))))
      .execute();
  }
}
