import type { ComponentType } from 'react';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
import { lazyScreen } from '../../components/lazyScreen';
const EquipmentList = lazyScreen(() => import('./EquipmentList'), 'EquipmentList');
const EquipmentCreate = lazyScreen(() => import('./EquipmentEdit'), 'EquipmentCreate');
const EquipmentEdit = lazyScreen(() => import('./EquipmentEdit'), 'EquipmentEdit');

/**
 * /Equipments (002 §2): managers read the list; create, edit and delete need P.equipmentAdmin,
 * which the views check themselves (the resource guard is the read rule).
 */
export const equipmentResources: ResourceModule[] = [
  { name: 'Equipments', router: 'equipment', permission: P.equipment, list: EquipmentList, create: EquipmentCreate, edit: EquipmentEdit },
];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const equipmentScreens: Partial<Record<string, ComponentType>> = {};
