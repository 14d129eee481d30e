import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const CategoryTitlesPage = lazyScreen(() => import('./CategoryTitlesPage'), 'CategoryTitlesPage');

/** /CategoryTitles (issue 19, route permission P.authoring): the reference category titles and their translations. */
export const categoryTitlesScreens: Partial<Record<string, ComponentType>> = { '/CategoryTitles': CategoryTitlesPage };
