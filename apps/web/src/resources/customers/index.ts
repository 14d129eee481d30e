import type { ComponentType } from 'react';
import PeopleIcon from '@mui/icons-material/BusinessOutlined';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
import { lazyScreen } from '../../components/lazyScreen';
const CustomerList = lazyScreen(() => import('./CustomerList'), 'CustomerList');
const CustomerShow = lazyScreen(() => import('./CustomerShow'), 'CustomerShow');
const CustomerCreate = lazyScreen(() => import('./CustomerCreate'), 'CustomerCreate');
const CustomerCompare = lazyScreen(() => import('./CustomerCompare'), 'CustomerCompare');

/**
 * react-admin resources of this domain (one file per view beside this one). The details page of 002 §2 is
 * /Customers/{id}, the path react-admin gives the edit view, so it sits in `edit`; editing happens in dialogs on it.
 */
export const customersResources: ResourceModule[] = [
  { name: 'Customers', router: 'customers', permission: P.customers, list: CustomerList, edit: CustomerShow, create: CustomerCreate, icon: PeopleIcon },
];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const customersScreens: Partial<Record<string, ComponentType>> = {
  '/Customers/:id1/compare/:id2': CustomerCompare,
};
