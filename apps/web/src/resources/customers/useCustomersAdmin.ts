import { isAllowed, P } from '@insp/contracts';
import { useSession } from '../../providers/session';

/** Admins create, edit, delete and merge (P.customersAdmin); the server checks the same rule. */
export function useCustomersAdmin(): boolean {
  return isAllowed(P.customersAdmin, useSession().actor);
}
