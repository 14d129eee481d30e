import type { ComponentType } from 'react';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
import { lazyScreen } from '../../components/lazyScreen';
const StaffAccountList = lazyScreen(() => import('./StaffAccountList'), 'StaffAccountList');

/** /StaffAccounts (issue 6): staff users' account flags, set per row in the list; no create, edit or delete. */
export const staffAccountsResources: ResourceModule[] = [
  { name: 'StaffAccounts', router: 'staffAccounts', permission: P.staffAccounts, list: StaffAccountList },
];

/** Custom screens of this domain by route-table path (none: the list is the screen). */
export const staffAccountsScreens: Partial<Record<string, ComponentType>> = {};
