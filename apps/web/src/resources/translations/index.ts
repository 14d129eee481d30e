import type { ComponentType } from 'react';
import { TranslationsPage } from './TranslationsPage';

/** /Translations (spec 002 §2, staff admins: P.translations). */
export const translationsScreens: Partial<Record<string, ComponentType>> = { '/Translations': TranslationsPage };
