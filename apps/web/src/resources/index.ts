import type { ComponentType } from 'react';
import type { Permission } from '@insp/contracts';

/**
 * react-admin resources, one folder per domain (STYLE.md, after the react-admin demo and crm):
 *
 *   resources/customers/index.ts   export default { name, permission, list, create, edit, show, icon }
 *   resources/customers/CustomerList.tsx, CustomerEdit.tsx, CustomerInputs.tsx, ...
 *
 * and listed below; AdminApp turns each into a <Resource>. None yet: the first arrive with the
 * data provider in the next release, until then every screen is a custom route (screens.tsx).
 */
export interface ResourceModule {
  name: string;
  permission: Permission;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
}

export const resources: ResourceModule[] = [];
