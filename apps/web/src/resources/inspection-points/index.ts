import type { ComponentType } from 'react';
import { InspectionPointsPage } from './InspectionPointsPage';

export { PointList, type PointListContext, type PointListProps } from './PointList';
export type { TypeEditorModule, TypeEditorProps } from './typeEditor';

/** /InspectionPoints (issue 9) as a custom screen by route-table path. */
export const inspectionPointsScreens: Partial<Record<string, ComponentType>> = {
  '/InspectionPoints': InspectionPointsPage,
};
