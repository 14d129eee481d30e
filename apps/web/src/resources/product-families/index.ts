import type { ComponentType } from 'react';
import type { ResourceModule } from '../types';

/** react-admin resources of this domain (one file per view beside this one). */
export const productFamiliesResources: ResourceModule[] = [];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const productFamiliesScreens: Partial<Record<string, ComponentType>> = {};
