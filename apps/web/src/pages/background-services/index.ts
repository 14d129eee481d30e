import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const BackgroundServicesPage = lazyScreen(() => import('./BackgroundServicesPage'), 'BackgroundServicesPage');

/** /BackgroundServices (spec 002 §2, staff Manager and up: P.backgroundServices). */
export const backgroundServicesScreens: Partial<Record<string, ComponentType>> = { '/BackgroundServices': BackgroundServicesPage };
