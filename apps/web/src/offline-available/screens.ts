import type { ComponentType } from 'react';
import { lazyScreen } from '../components/lazyScreen';

const OnThisDevicePage = lazyScreen(() => import('./OnThisDevicePage'), 'OnThisDevicePage');

/** The 'On this device' list (issue 23) by route-table path. */
export const onThisDeviceScreens: Partial<Record<string, ComponentType>> = {
  '/OnThisDevice': OnThisDevicePage,
};
