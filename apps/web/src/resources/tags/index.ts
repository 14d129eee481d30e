import type { ComponentType } from 'react';
import { TagsPage } from './TagsPage';

/** /tags (spec 002 §2, route permission P.tags). */
export const tagsScreens: Partial<Record<string, ComponentType>> = { '/tags': TagsPage };
