import { sha256Hex } from './png.js';
import { insertMany, json, type SeedContext } from './context.js';
import type { Reference } from './reference.js';
import type { SeedPoint } from './points.js';
import { daysAgo } from './random.js';

/** Document library: nested categories, documents (tiny text files) with versions, packages and links. */
export async function seedDocuments(ctx: SeedContext, ref: Reference, points: SeedPoint[]) {
  const { db, now } = ctx;
  const category = async (name: string, parent: string | null = null) =>
    (await db.insertInto('document_categories').values({ name, parent_category_id: parent, name_translation_key: `doccat.${name.toLowerCase().replace(/\W+/g, '_')}` }).returning('id').executeTakeFirstOrThrow()).id;
  const manuals = await category('Manuals');
  const crusherManuals = await category('Crusher manuals', manuals);
  const screenManuals = await category('Screen manuals', manuals);
  const safety = await category('Safety');
  const bulletins = await category('Service bulletins');
  await category('Archived', bulletins);

  const pointId = (key: string) => points.find((p) => p.key === key)!.id;
  const family = (name: string) => ref.families.find((f) => f.name === name)!;
  const docs: { name: string; category: string | null; versions: number; points?: string[]; families?: string[]; models?: string[] }[] = [
    { name: 'Jaw crusher maintenance manual.txt', category: crusherManuals, versions: 2, points: ['jawdies', 'css'], families: ['Jaw JC'] },
    { name: 'Cone crusher liner change.txt', category: crusherManuals, versions: 1, points: ['profile'], families: ['Cone HC'] },
    { name: 'Screen mesh selection guide.txt', category: screenManuals, versions: 1, points: ['mesh'], families: ['Screen ST', 'Screen TS'] },
    { name: 'Emergency stop testing.txt', category: safety, versions: 3, points: ['estop'] },
    { name: 'Lockout tagout procedure.txt', category: safety, versions: 1 },
    { name: 'Bulletin 2026-07 hydraulic oil.txt', category: bulletins, versions: 1, points: ['oiltemp'], models: ['JC106', 'HC300'] },
    { name: 'Unsorted notes.txt', category: null, versions: 1 },
  ];
  const ids: string[] = [];
  for (const [i, d] of docs.entries()) {
    const id = crypto.randomUUID();
    let last = { key: '', size: 0, sha: '' };
    const versionRows = [];
    for (let v = 1; v <= d.versions; v++) {
      const bytes = new TextEncoder().encode(`${d.name.replace(/\.txt$/, '')}\nVersion ${v}\n\nDemo document content.\n`);
      const key = `documents/${id}/v${v}.txt`;
      await ctx.putFile(key, bytes, 'text/plain');
      last = { key, size: bytes.length, sha: sha256Hex(bytes) };
      const at = daysAgo(now, (d.versions - v) * 40 + i);
      versionRows.push({
        document_id: id, version: v, file_name: d.name, file_type: 'txt', file_size: bytes.length, content_type: 'text/plain',
        storage_key: key, sha256: last.sha, uploaded_by_user_id: ref.users.admin, created_at: at, updated_at: at,
      });
    }
    await db
      .insertInto('documents')
      .values({
        id, name: d.name, file_type: 'txt', file_size: last.size, content_type: 'text/plain', storage_key: last.key, sha256: last.sha,
        version: d.versions, summary: `Demo: ${d.name}`, metadata: json({ language: 'en' }), document_category_id: d.category,
        source_system: 'UI', uploaded_by_user_id: ref.users.admin,
      })
      .execute();
    await insertMany(db, 'document_versions', versionRows);
    if (d.points?.length) await insertMany(db, 'document_inspection_points', d.points.map((k) => ({ document_id: id, inspection_point_id: pointId(k) })));
    if (d.families?.length) await insertMany(db, 'document_product_families', d.families.map((f) => ({ document_id: id, product_family_id: family(f).id })));
    if (d.models?.length) {
      const models = ref.families.flatMap((f) => f.models).filter((m) => d.models!.includes(m.name));
      await insertMany(db, 'document_product_models', models.map((m) => ({ document_id: id, product_model_id: m.id })));
    }
    ids.push(id);
  }

  const pack = async (name: string, type: string, members: number[]) => {
    const p = await db.insertInto('document_packages').values({ name, type }).returning('id').executeTakeFirstOrThrow();
    await insertMany(db, 'document_package_documents', members.map((i) => ({ document_package_id: p.id, document_id: ids[i] })));
  };
  await pack('Crusher field pack', 'Auto', [0, 1, 3, 4]);
  await pack('Screen field pack', 'Proposed', [2, 3]);
  await pack('Office reading', 'Manual', [5]);
}
