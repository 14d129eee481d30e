import { sql } from 'kysely';
import type { Actor } from '@insp/contracts';
import type { Db } from '@insp/db';

/**
 * May this actor read this image? Staff read every image. A distributor reads images its company's users
 * uploaded, images of its company's inspections (result photos, finding photos, signatures), and the
 * catalogue's dropdown option images. Decided in one query; anything else answers 404 like a missing id.
 */
export async function canReadImage(db: Db, actor: Actor, imageId: string): Promise<boolean> {
  if (actor.kind === 'staff') return true;
  if (!actor.companyId) return false;
  const company = actor.companyId;
  const { rows } = await sql<{ ok: boolean }>`select exists (
      select 1 from images im join users u on u.id = im.uploaded_by_user_id where im.id = ${imageId} and u.company_id = ${company}
    ) or exists (
      select 1 from inspection_result_photos p join inspection_point_results r on r.id = p.result_id
      join inspections i on i.id = r.inspection_id where p.image_id = ${imageId} and i.company_id = ${company} and i.deleted_at is null
    ) or exists (
      select 1 from inspection_finding_photos p join inspection_findings f on f.id = p.finding_id
      join inspections i on i.id = f.inspection_id where p.image_id = ${imageId} and i.company_id = ${company} and i.deleted_at is null
    ) or exists (
      select 1 from inspections i where (i.customer_signature_image_id = ${imageId} or i.provider_signature_image_id = ${imageId})
        and i.company_id = ${company} and i.deleted_at is null
    ) or exists (select 1 from dropdown_options o where o.image_id = ${imageId}) as ok`.execute(db);
  return rows[0]?.ok === true;
}

/** A distributor hears voice comments its company's users recorded or that belong to its company's inspections. */
export async function canReadVoiceComment(db: Db, actor: Actor, id: string): Promise<boolean> {
  if (actor.kind === 'staff') return true;
  if (!actor.companyId) return false;
  const { rows } = await sql<{ ok: boolean }>`select exists (
      select 1 from voice_comments v join users u on u.id = v.uploaded_by_user_id where v.id = ${id} and u.company_id = ${actor.companyId}
    ) or exists (
      select 1 from inspection_point_results r join inspections i on i.id = r.inspection_id
      where r.voice_comment_id = ${id} and i.company_id = ${actor.companyId} and i.deleted_at is null
    ) as ok`.execute(db);
  return rows[0]?.ok === true;
}
