import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';

const DuePage = lazyScreen(() => import('./DuePage'), 'DuePage');

/** Issue 24's screens by route-table path: the Due view (plans are also shown on My page and the equipment record). */
export const plansScreens: Partial<Record<string, ComponentType>> = { '/Due': DuePage };
