import type { ComponentType } from 'react';
import type { Permission } from '@insp/contracts';

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
