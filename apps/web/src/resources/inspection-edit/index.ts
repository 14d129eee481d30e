import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const ReportEdit = lazyScreen(() => import('./ReportEdit'), 'ReportEdit');

/** The report edit form (000 §2.8) by route-table path; the details page's 'Edit inspection' links here. */
export const inspectionEditScreens: Partial<Record<string, ComponentType>> = {
  '/Reports/:id/edit': ReportEdit,
};
