import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { P, ZTranslationsExcelLinkQuery, type TTranslationsExcelLink } from '@insp/contracts';
import { recordGeneratedFile, touchGeneratedFile, type Db } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { fingerprint, loadPointTexts, workbookLanguages } from './translations-data.js';
import { buildTranslationsWorkbook, WORKBOOK_LAYOUT } from './translations-workbook.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** decision: a link lives 10 minutes; the screen asks for a new one on every download. */
const LINK_SECONDS = 600;

/**
 * GET api/v1/translations/excelLink?type=&categories= (002 §7, 'response link'): the workbook of the categories'
 * points, stored under the hash of what it shows (an unchanged selection is served from storage) and answered as a
 * signed download link the screen opens in a new tab. Built in the request: 5 000 points take well under 2 s
 * (bench/translations-export.bench.ts), so no job and no polling (docs/decisions.md, Translations workbook).
 */
export async function translationsExcelLink(ctx: ServiceContext, input: { type?: unknown; categories?: unknown }): Promise<TTranslationsExcelLink> {
  const c = requirePermission(ctx, P.translations);
  const parsed = ZTranslationsExcelLinkQuery.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const { type } = parsed.data;
  const categories = await resolveCategories(c.db, parsed.data.categories);
  const languages = await workbookLanguages(c.db);
  const points = await loadPointTexts(c.db, type, { categoryIds: categories.map((x) => x.id) });
  const data = { type, languages, rows: points.map((p) => ({ ...p, fingerprint: fingerprint(p) })) };

  const hash = createHash('sha256').update(`translations-xlsx-${WORKBOOK_LAYOUT}`).update('\0').update(JSON.stringify(data)).digest('hex');
  const key = `translations-export/${hash.slice(0, 2)}/${hash}.xlsx`;
  const storage = storageOf(c.config);
  // A generated file: touched before it is looked at, recorded when written, so the clean-up removes it once unused.
  await touchGeneratedFile(c.db, key);
  if (!(await storage.exists(key))) {
    const written = await storage.put(key, await buildTranslationsWorkbook(data), { contentType: XLSX });
    await recordGeneratedFile(c.db, key, written.size);
  }
  const names = categories.map((x) => x.name).join('_').replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 80);
  const fileName = `Translations_${type}_${names || 'categories'}.xlsx`;
  const link = await storage.signedDownloadUrl(key, { expiresInSeconds: LINK_SECONDS, fileName });
  c.log.info({ type, categories: categories.length, points: points.length }, 'translations workbook link');
  return { link, fileName, points: points.length, expiresInSeconds: LINK_SECONDS };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'a;b' → the product categories named by id or by name (case-insensitive); anything unknown is a 400 on `categories`. */
async function resolveCategories(db: Db, list: string) {
  const wanted = [...new Set(list.split(';').map((s) => s.trim()).filter(Boolean))];
  if (wanted.length === 0) throw new AppError('BAD_REQUEST', 'categories: choose at least one product category', 'categories');
  const ids = wanted.filter((w) => UUID.test(w));
  const names = wanted.filter((w) => !UUID.test(w)).map((w) => w.toLowerCase());
  const rows = await db
    .selectFrom('product_categories')
    .select(['id', 'name'])
    .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(names.length ? [eb(sql`lower(name)`, 'in', names)] : [])]))
    .orderBy(sql`lower(name)`)
    .execute();
  const unknown = wanted.filter((w) => !rows.some((r) => r.id === w.toLowerCase() || r.name.toLowerCase() === w.toLowerCase()));
  if (unknown.length) throw new AppError('BAD_REQUEST', `categories: not a product category: ${unknown.slice(0, 5).join(', ')}`, 'categories');
  return rows;
}
