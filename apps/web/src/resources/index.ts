import type { ResourceModule } from './types';
import { customersResources } from './customers';
import { equipmentResources } from './equipment';
import { productFamiliesResources } from './product-families';
import { externalUsersResources } from './external-users';
import { certifiedUsersResources } from './certified-users';
import { staffAccountsResources } from './staff-accounts';
import { inspectionsResources } from './inspections';

/**
 * react-admin resources, one folder per domain (STYLE.md, after the react-admin demo and crm):
 *
 *   resources/customers/index.ts   export const customersResources: ResourceModule[] (name, router, permission, views)
 *                                  and customersScreens (custom pages by route-table path)
 *   resources/customers/CustomerList.tsx, CustomerEdit.tsx, CustomerInputs.tsx, ...
 *
 * and listed below; AdminApp turns each into a <Resource> (guarded by its permission) served by
 * providers/dataProvider.ts. Paths a resource owns are taken out of the custom routes (screens.tsx).
 */
export type { ResourceModule };

export const resources: ResourceModule[] = [
  ...customersResources,
  ...equipmentResources,
  ...productFamiliesResources,
  ...externalUsersResources,
  ...certifiedUsersResources,
  ...staffAccountsResources,
  ...inspectionsResources,
];
