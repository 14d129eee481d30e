import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const DebugTokenPage = lazyScreen(() => import('./DebugTokenPage'), 'DebugTokenPage');

/** /Admin, the debug token (spec 002 §2; P.debugToken, the same rule as GET /auth/debugtoken). */
export const debugTokenScreens: Partial<Record<string, ComponentType>> = { '/Admin': DebugTokenPage };
