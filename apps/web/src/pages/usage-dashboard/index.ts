import type { ComponentType } from 'react';
import { UsageDashboardPage } from './UsageDashboardPage';

/** /UsageDashboards (spec 002 §2, route permission P.usageDashboards). */
export const usageDashboardScreens: Partial<Record<string, ComponentType>> = { '/UsageDashboards': UsageDashboardPage };
