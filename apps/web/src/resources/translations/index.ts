import type { ComponentType } from 'react';
import { lazyScreen } from '../../components/lazyScreen';
const TranslationsPage = lazyScreen(() => import('./TranslationsPage'), 'TranslationsPage');

/** /Translations (spec 002 §2, staff admins: P.translations). */
export const translationsScreens: Partial<Record<string, ComponentType>> = { '/Translations': TranslationsPage };
