import { editRefusal, INSPECTION_REFUSALS, P, type TInspectionEmailChoices } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import { factsOf, requireVisibleReport } from './inspections.scope.js';

/**
 * Issue 20, tRPC `inspectionEdit.emailChoices` (the web's edit form; the field app keeps its own calls): the
 * customer's report language, preselected for the e-mailed report, and the customer's live contacts, offered
 * for the form's contact. Contacts are personal data, and the customer screens need Manager: only someone who
 * may save this inspection (the one who then sends the e-mail) reads them here; anyone else gets 403.
 */
export async function getInspectionEmailChoices(ctx: ServiceContext, id: string): Promise<TInspectionEmailChoices> {
  const c = requirePermission(ctx, P.reports);
  const row = await requireVisibleReport(c.db, c.actor, id);
  if (editRefusal(factsOf(row), c.actor)) throw forbidden(INSPECTION_REFUSALS.notOwn);
  const customer = await c.db
    .selectFrom('inspections as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select(['c.id', 'c.language'])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!customer) return { language: null, contacts: [] };
  const contacts = await c.db
    .selectFrom('contacts')
    .select(['id', 'name', 'email', 'phone_number as phoneNumber'])
    .where('customer_id', '=', customer.id)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute();
  return { language: customer.language, contacts };
}
