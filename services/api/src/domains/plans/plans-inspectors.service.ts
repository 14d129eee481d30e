import { sql, type SqlBool } from 'kysely';
import { P, PLAN_INSPECTORS_LIMIT, type TPlanInspector } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { containsPattern } from '../../lib/list.js';

/**
 * Whom a plan may be assigned to, for the plan dialogs (P.plansManage: staff Managers, who cannot read the staff
 * accounts list, which is the Admins'). Live staff accounts only, by name; the search matches name or e-mail.
 */
export async function listPlanInspectors(ctx: ServiceContext, search: string): Promise<TPlanInspector[]> {
  const c = requirePermission(ctx, P.plansManage);
  let q = c.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('kind', '=', 'staff')
    .where('deleted_at', 'is', null);
  if (search) {
    const p = containsPattern(search);
    q = q.where(sql<SqlBool>`(search_fold(name) like search_fold(${p}) or email ilike ${p})`);
  }
  return q.orderBy(sql`lower(name)`).orderBy('id').limit(PLAN_INSPECTORS_LIMIT).execute();
}
