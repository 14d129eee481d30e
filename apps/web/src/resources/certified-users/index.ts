import type { ComponentType } from 'react';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
import { lazyScreen } from '../../components/lazyScreen';
const CertifiedUserList = lazyScreen(() => import('./CertifiedUserList'), 'CertifiedUserList');

/** /certifications (spec 002 §2): certified users, served by the certifiedUsers tRPC router. */
export const certifiedUsersResources: ResourceModule[] = [
  { name: 'certifications', router: 'certifiedUsers', permission: P.certifications, list: CertifiedUserList },
];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const certifiedUsersScreens: Partial<Record<string, ComponentType>> = {};
