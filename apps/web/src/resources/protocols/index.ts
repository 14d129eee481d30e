import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const ProtocolsPage = lazyScreen(() => import('./ProtocolsPage'), 'ProtocolsPage');

/** /Protocols (issue 10) as a custom screen by route-table path. */
export const protocolsScreens: Partial<Record<string, ComponentType>> = {
  '/Protocols': ProtocolsPage,
};
