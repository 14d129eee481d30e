import type { PointType } from '@insp/contracts';
import type { TypeEditorModule, TypeEditorRegistry } from './typeEditor';
import { ownTypeEditors } from './type-editors/registry';

/**
 * One registry of type editors: this folder's (comment, measurement, tables, picture) and the option editors of
 * type-editors-options (radio, range values, choices, dropdowns), which export `optionTypeEditors` from their
 * index. Loaded through a glob so the screen builds while that folder is still being written.
 */
const optionModules = import.meta.glob<{ optionTypeEditors?: TypeEditorRegistry }>('./type-editors-options/index.ts', { eager: true });
const optionTypeEditors: TypeEditorRegistry = Object.values(optionModules)[0]?.optionTypeEditors ?? {};

export const typeEditors: TypeEditorRegistry = { ...optionTypeEditors, ...ownTypeEditors };

export const typeEditorOf = (type: PointType): TypeEditorModule | undefined => typeEditors[type];
