import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const InspectionPointsPage = lazyScreen(() => import('./InspectionPointsPage'), 'InspectionPointsPage');

// Only types of the list here: the shell (screens.tsx) imports this index, and a value re-export that another chunk
// uses put the list's code on every signed-in first load (issue 23). PointPicker imports ./PointList itself.
export type { PointListContext, PointListProps } from './PointList';
export type { TypeEditorModule, TypeEditorProps } from './typeEditor';

/** /InspectionPoints (issue 9) as a custom screen by route-table path. */
export const inspectionPointsScreens: Partial<Record<string, ComponentType>> = {
  '/InspectionPoints': InspectionPointsPage,
};
