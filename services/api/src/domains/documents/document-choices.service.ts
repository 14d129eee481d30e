import { sql } from 'kysely';
import { P, ZListQuery, type TListResponse } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues } from '../../errors.js';
import { containsPattern } from '../../lib/list.js';

/**
 * The inspection points the details panel links a document to, searched by name and paged in SQL. The point list
 * of the authoring screens needs P.authoring (Admin); the library's Managers need the names only, so this reads
 * with P.documents.
 */
export async function documentPointChoices(ctx: ServiceContext, input: unknown): Promise<TListResponse<{ id: string; name: string }>> {
  const c = requirePermission(ctx, P.documents);
  const parsed = ZListQuery.safeParse(input ?? {});
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const q = parsed.data;
  let base = c.db.selectFrom('inspection_points').where('deleted_at', 'is', null);
  if (q.search) base = base.where('name', 'ilike', containsPattern(q.search));
  const [result, total] = await Promise.all([
    base.select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id').offset(q.offset).limit(q.amount).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { result, count: Number(total.n) };
}
