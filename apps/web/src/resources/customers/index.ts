import type { ComponentType } from 'react';
import type { ResourceModule } from '../types';

/** react-admin resources of this domain (one file per view beside this one). */
export const customersResources: ResourceModule[] = [];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const customersScreens: Partial<Record<string, ComponentType>> = {};
