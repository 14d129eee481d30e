import type { ComponentType } from 'react';
import { ProtocolsPage } from './ProtocolsPage';

/** /Protocols (issue 10) as a custom screen by route-table path. */
export const protocolsScreens: Partial<Record<string, ComponentType>> = {
  '/Protocols': ProtocolsPage,
};
