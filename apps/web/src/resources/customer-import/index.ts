import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const CustomerImportPage = lazyScreen(() => import('./CustomerImportPage'), 'CustomerImportPage');

/** Custom screens of the customer import by route-table path. */
export const customerImportScreens: Partial<Record<string, ComponentType>> = {
  '/Customers/import': CustomerImportPage,
};
