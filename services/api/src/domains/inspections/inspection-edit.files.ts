import { sql } from 'kysely';
import type { Actor } from '@insp/contracts';
import type { Db } from '@insp/db';

/**
 * Which of the images and voice comments a save refers to exist and may be used by the caller, in one query each
 * (the rules of images.access.ts, set-based; `in (...)` rather than an array parameter, which PGlite and pg pass alike): staff use any; a distributor uses what its company's users uploaded,
 * what its company's inspections already show, and the catalogue's dropdown option images.
 */
export async function usableImageIds(db: Db, actor: Actor, ids: string[]): Promise<Set<string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Set();
  if (actor.kind === 'staff') {
    return new Set((await db.selectFrom('images').select('id').where('id', 'in', list).execute()).map((r) => r.id));
  }
  if (!actor.companyId) return new Set();
  const company = actor.companyId;
  const { rows } = await sql<{ id: string }>`select im.id from images im where im.id in (${sql.join(list)}) and (
      exists (select 1 from users u where u.id = im.uploaded_by_user_id and u.company_id = ${company})
      or exists (select 1 from inspection_result_photos p join inspection_point_results r on r.id = p.result_id
        join inspections i on i.id = r.inspection_id where p.image_id = im.id and i.company_id = ${company} and i.deleted_at is null)
      or exists (select 1 from inspection_finding_photos p join inspection_findings f on f.id = p.finding_id
        join inspections i on i.id = f.inspection_id where p.image_id = im.id and i.company_id = ${company} and i.deleted_at is null)
      or exists (select 1 from inspections i where (i.customer_signature_image_id = im.id or i.provider_signature_image_id = im.id)
        and i.company_id = ${company} and i.deleted_at is null)
      or exists (select 1 from dropdown_options o where o.image_id = im.id))`.execute(db);
  return new Set(rows.map((r) => r.id));
}

export async function usableVoiceCommentIds(db: Db, actor: Actor, ids: string[]): Promise<Set<string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Set();
  if (actor.kind === 'staff') {
    return new Set((await db.selectFrom('voice_comments').select('id').where('id', 'in', list).execute()).map((r) => r.id));
  }
  if (!actor.companyId) return new Set();
  const { rows } = await sql<{ id: string }>`select v.id from voice_comments v where v.id in (${sql.join(list)}) and (
      exists (select 1 from users u where u.id = v.uploaded_by_user_id and u.company_id = ${actor.companyId})
      or exists (select 1 from inspection_point_results r join inspections i on i.id = r.inspection_id
        where r.voice_comment_id = v.id and i.company_id = ${actor.companyId} and i.deleted_at is null))`.execute(db);
  return new Set(rows.map((r) => r.id));
}

type PhotoInput = { id?: string; imageId: string; caption: string; layout: string };
type PhotoTable = { table: 'inspection_result_photos'; owner: 'result_id' } | { table: 'inspection_finding_photos'; owner: 'finding_id' };

/**
 * Replaces the photos of one result or finding with the list sent (000 §3 Photo entry): with id updated, without
 * created, missing deleted, order kept in `position`. `existing` maps photo id → owner id for the inspection;
 * `usable` holds the image ids the caller may use. Errors name the field under `path`.
 */
export async function writePhotos(
  db: Db,
  where: PhotoTable,
  ownerId: string,
  photos: PhotoInput[],
  ctx: { existing: Map<string, string>; usable: Set<string>; path: string; bad: (path: string, message: string) => Error },
): Promise<void> {
  const { table, owner } = where;
  const keep = new Set<string>();
  photos.forEach((p, i) => {
    if (!ctx.usable.has(p.imageId)) throw ctx.bad(`${ctx.path}.photos.${i}.imageId`, 'image not found');
    if (p.id && ctx.existing.get(p.id) !== ownerId) throw ctx.bad(`${ctx.path}.photos.${i}.id`, 'is not a photo of this item');
    if (p.id) keep.add(p.id);
  });
  const stale = [...ctx.existing].filter(([id, o]) => o === ownerId && !keep.has(id)).map(([id]) => id);
  const t = db as unknown as Db & { deleteFrom(t: string): any; updateTable(t: string): any; insertInto(t: string): any };
  if (stale.length) await t.deleteFrom(table).where('id', 'in', stale).execute();
  for (const [position, p] of photos.entries()) {
    if (p.id) await t.updateTable(table).set({ image_id: p.imageId, caption: p.caption, layout: p.layout, position }).where('id', '=', p.id).execute();
  }
  const fresh = photos.flatMap((p, position) => (p.id ? [] : [{ [owner]: ownerId, image_id: p.imageId, caption: p.caption, layout: p.layout, position }]));
  if (fresh.length) await t.insertInto(table).values(fresh).execute();
}
