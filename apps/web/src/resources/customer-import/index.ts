import type { ComponentType } from 'react';

/** Custom screens of the customer import by route-table path. */
export const customerImportScreens: Partial<Record<string, ComponentType>> = {};
