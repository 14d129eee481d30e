import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const DocumentsPage = lazyScreen(() => import('./DocumentsPage'), 'DocumentsPage');

/** /Documents (spec 002 §2, route permission P.documents: staff Manager and up). */
export const documentsScreens: Partial<Record<string, ComponentType>> = { '/Documents': DocumentsPage };
