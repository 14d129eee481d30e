import type { PointType } from '@insp/contracts';
import type { TypeEditorModule, TypeEditorRegistry } from './typeEditor';
import { ownTypeEditors } from './type-editors/registry';
import { optionTypeEditors } from './type-editors-options';

/**
 * One registry of type editors: this folder's (comment, measurement, tables, picture) and the option editors of
 * type-editors-options (radio, range values, choices, dropdowns).
 */
export const typeEditors: TypeEditorRegistry = { ...optionTypeEditors, ...ownTypeEditors };

export const typeEditorOf = (type: PointType): TypeEditorModule | undefined => typeEditors[type];
