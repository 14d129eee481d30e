import type { ComponentType } from 'react';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
import { lazyScreen } from '../../components/lazyScreen';
const ExternalUserList = lazyScreen(() => import('./ExternalUserList'), 'ExternalUserList');
const ExternalUserCreate = lazyScreen(() => import('./ExternalUserCreate'), 'ExternalUserCreate');
const ExternalUserEdit = lazyScreen(() => import('./ExternalUserEdit'), 'ExternalUserEdit');

const views = { list: ExternalUserList, create: ExternalUserCreate, edit: ExternalUserEdit };

/**
 * Two routes over the same router and views: /ExternalUsers for staff (every company) and /UserManagement
 * for distributor admins (their own company; the views hide the company and admin fields for them).
 */
export const externalUsersResources: ResourceModule[] = [
  { name: 'ExternalUsers', router: 'externalUsers', permission: P.externalUsers, ...views },
  { name: 'UserManagement', router: 'externalUsers', permission: P.userManagement, ...views },
];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const externalUsersScreens: Partial<Record<string, ComponentType>> = {};
