import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const InspectionPointsPage = lazyScreen(() => import('./InspectionPointsPage'), 'InspectionPointsPage');

export { PointList, type PointListContext, type PointListProps } from './PointList';
export type { TypeEditorModule, TypeEditorProps } from './typeEditor';

/** /InspectionPoints (issue 9) as a custom screen by route-table path. */
export const inspectionPointsScreens: Partial<Record<string, ComponentType>> = {
  '/InspectionPoints': InspectionPointsPage,
};
