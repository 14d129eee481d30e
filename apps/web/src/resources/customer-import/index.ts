import type { ComponentType } from 'react';
import { CustomerImportPage } from './CustomerImportPage';

/** Custom screens of the customer import by route-table path. */
export const customerImportScreens: Partial<Record<string, ComponentType>> = {
  '/Customers/import': CustomerImportPage,
};
