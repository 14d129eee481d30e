import type { ComponentType } from 'react';
import { P } from '@insp/contracts';
import type { ResourceModule } from '../types';
import { lazyScreen } from '../../components/lazyScreen';
const ProductFamiliesPage = lazyScreen(() => import('./ProductFamiliesPage'), 'ProductFamiliesPage');

/** /ProductFamilies (002 §2): admins only (P.productFamilies); the page lists families and adds families and models. */
export const productFamiliesResources: ResourceModule[] = [
  { name: 'ProductFamilies', router: 'productFamilies', permission: P.productFamilies, list: ProductFamiliesPage },
];

/** Custom screens of this domain by route-table path (pages that are not a resource view). */
export const productFamiliesScreens: Partial<Record<string, ComponentType>> = {};
