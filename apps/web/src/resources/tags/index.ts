import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const TagsPage = lazyScreen(() => import('./TagsPage'), 'TagsPage');

/** /tags (spec 002 §2, route permission P.tags). */
export const tagsScreens: Partial<Record<string, ComponentType>> = { '/tags': TagsPage };
