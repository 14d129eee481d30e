import type { ComponentType } from 'react';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
const ReportList = lazyScreen(() => import('./ReportList'), 'ReportList');
const ReportView = lazyScreen(() => import('./ReportView'), 'ReportView');
const ReportDetails = lazyScreen(() => import('./ReportDetails'), 'ReportDetails');
import { REPORTS } from './useReportMutations';
import { lazyScreen } from '../../components/lazyScreen';

/**
 * /Reports (000 §2.3) over tRPC `inspections` (list, delete through the data provider). The report itself is
 * /Reports/{id}, the path react-admin gives the edit view, so it sits in `edit` (as /Customers/{id} does);
 * nothing is edited there.
 */
export const inspectionsResources: ResourceModule[] = [
  { name: REPORTS, router: 'inspections', permission: P.reports, list: ReportList, edit: ReportView },
];

/** Custom screens of this domain by route-table path. */
export const inspectionsScreens: Partial<Record<string, ComponentType>> = {
  '/Reports/:id/details': ReportDetails,
};
