import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const UsageDashboardPage = lazyScreen(() => import('./UsageDashboardPage'), 'UsageDashboardPage');

/** /UsageDashboards (spec 002 §2, route permission P.usageDashboards). */
export const usageDashboardScreens: Partial<Record<string, ComponentType>> = { '/UsageDashboards': UsageDashboardPage };
