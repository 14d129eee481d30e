import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const AuditEditor = lazyScreen(() => import('./AuditEditor'), 'AuditEditor');

/** The audit editor (000 §2.6) by route-table path. */
export const auditEditorScreens: Partial<Record<string, ComponentType>> = {
  '/Audits/:id': AuditEditor,
};
