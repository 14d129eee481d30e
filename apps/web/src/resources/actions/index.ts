import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';

const ActionsPage = lazyScreen(() => import('./ActionsPage'), 'ActionsPage');

/** Issue 24's follow-up actions screen by route-table path. */
export const actionsScreens: Partial<Record<string, ComponentType>> = { '/Actions': ActionsPage };
