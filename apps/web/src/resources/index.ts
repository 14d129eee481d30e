import type { ComponentType } from 'react';
import type { Permission } from '@insp/contracts';

/**
 * react-admin resources, one folder per domain (STYLE.md, after the react-admin demo and crm):
 *
 *   resources/customers/index.ts   export default { name, permission, list, create, edit, show, icon }
 *   resources/customers/CustomerList.tsx, CustomerEdit.tsx, CustomerInputs.tsx, ...
 *
 * and listed below; AdminApp turns each into a <Resource> (guarded by its permission) served by
 * providers/dataProvider.ts. Paths a resource owns are taken out of the custom routes (screens.tsx).
 */
export interface ResourceModule {
  /** The route segment, as in the route table: 'Customers' serves /Customers and /Customers/:id. */
  name: string;
  /** The tRPC router whose list/get/create/update/delete procedures serve this resource. */
  router: string;
  permission: Permission;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

export const resources: ResourceModule[] = [];
