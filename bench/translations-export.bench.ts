import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { createTestApp } from '../services/api/src/testing/test-app.js';
import { seedReference, signInRoles } from '../services/api/src/domains/equipment/equipment.fixtures.test-helpers.js';
import { translationsExcelLink } from '../services/api/src/domains/translations/translations-export.service.js';
import { importTranslations } from '../services/api/src/domains/translations/translations-import.service.js';
import { storageOf } from '../services/api/src/lib/storage.js';
import { timeRuns as time } from './stats.js';
import { adminServiceContext } from './service-context.js';

const POINTS = Number(process.env.BENCH_POINTS ?? 5000);
const LANGS: [string, string][] = [['en', 'English'], ['fi', 'Finnish'], ['sv', 'Swedish'], ['de', 'German'], ['fr', 'French'], ['es', 'Spanish'], ['pt', 'Portuguese']];

/**
 * The translations workbook (issue 21) at BENCH_POINTS points (default 5 000) in one category, 6 languages, about
 * two thirds of the cells translated: GET translations/excelLink through its service, built anew each time (one
 * translation is touched before each run so the stored file cannot be reused; budget 2 s) and served from storage;
 * beside the same rows read by its SQL over one pg connection. Then the import of that workbook unchanged, and
 * with every Finnish cell edited (5 000 writes).
 */
export default async function translationsExportBench() {
  const t = await createTestApp();
  const raw = new pg.Client({ connectionString: t.database.url });
  await raw.connect();
  try {
    await signInRoles(t);
    const ref = await seedReference(t);
    const ctx = await adminServiceContext(t);
    const category = ref.categories.crushers.id;
    await t.db.insertInto('languages').values(LANGS.map(([id, name], position) => ({ id, name, position }))).execute();
    await sql`insert into inspection_points (type, name, description, product_category_id)
      select 'Comment', 'Bench point ' || n, 'Check part ' || n || ' for wear, cracks and loose bolts.', ${category}
      from generate_series(1, ${POINTS}) n`.execute(t.db);
    await sql`insert into inspection_point_translations (inspection_point_id, language_id, kind, value)
      select p.id, l.id, 'Name', l.id || ' translation of ' || p.name from inspection_points p, languages l
      where l.id <> 'en' and abs(hashtext(p.id::text || l.id)) % 3 <> 0`.execute(t.db);
    await sql`analyze`.execute(t.db);
    const cells = Number((await sql<{ n: string }>`select count(*) as n from inspection_point_translations`.execute(t.db)).rows[0]!.n);
    console.log({ points: POINTS, languages: LANGS.length - 1, translations: cells });

    const query = { type: 'Name', categories: 'Crushers' };
    const touch = () => sql`update inspection_point_translations set value = value || '.' where id = (select id from inspection_point_translations order by random() limit 1)`.execute(t.db);
    const built = await time(async () => {
      await touch();
      await translationsExcelLink(ctx, query);
    }, 10, 2);
    const stored = await time(() => translationsExcelLink(ctx, query), 20, 3);
    const sqlOnly = await time(async () => {
      await raw.query(`select p.id, p.name, p.description, c.name as category from inspection_points p join product_categories c on c.id = p.product_category_id
        where p.deleted_at is null and p.product_category_id = any($1) order by lower(c.name), p.name, p.id`, [[category]]);
      await raw.query(`select t.inspection_point_id, t.language_id, t.value from inspection_point_translations t join inspection_points p on p.id = t.inspection_point_id
        where t.kind = 'Name' and p.product_category_id = any($1) and p.deleted_at is null`, [[category]]);
    }, 20, 3);
    console.log({ case: `excelLink, workbook built (budget 2000 ms)`, ...built });
    console.log({ case: 'excelLink, workbook from storage', ...stored });
    console.log({ case: 'the same rows by SQL (2 queries, one pg connection)', ...sqlOnly });

    const { link } = await translationsExcelLink(ctx, query);
    const key = decodeURIComponent(new URL(link).pathname.replace('/api/v1/files/', ''));
    const file = await storageOf(t.config).get(key);
    const chunks: Buffer[] = [];
    for await (const c of file!.body) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    let s = performance.now();
    const same = await importTranslations(ctx, { fileName: 'bench.xlsx', bytes });
    console.log({ case: 'import, nothing edited', ms: +(performance.now() - s).toFixed(1), bytes: bytes.length, updated: same.updated, unchanged: same.unchanged, refused: same.refused });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.getWorksheet('Translations')!;
    for (let r = 2; r <= ws.rowCount; r++) ws.getCell(r, 4).value = `edited ${r}`;
    const edited = Buffer.from(await wb.xlsx.writeBuffer());
    s = performance.now();
    const all = await importTranslations(ctx, { fileName: 'bench.xlsx', bytes: edited });
    console.log({ case: 'import, every Finnish cell edited', ms: +(performance.now() - s).toFixed(1), updated: all.updated, translationsChanged: all.translationsChanged, refused: all.refused });
  } finally {
    await raw.end();
    await t.close();
  }
}
