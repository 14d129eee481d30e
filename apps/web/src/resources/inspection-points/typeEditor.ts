import type { ComponentType } from 'react';
import type { PointType, TInspectionPointWrite } from '@insp/contracts';

/**
 * The contract between the point editor (common form) and a type-specific editor (001 §2 'Editors by type').
 * The common form owns the whole write value; a type editor reads it and sends back a patch of its own parts.
 */
export interface TypeEditorProps {
  value: TInspectionPointWrite;
  onChange: (patch: Partial<TInspectionPointWrite>) => void;
  mode: 'create' | 'edit';
  /** Set in edit mode. */
  pointId?: string;
  disabled?: boolean;
  /** The editor has work under way that the saved point needs (an option image uploading): Save waits for it. */
  onBusy?: (busy: boolean) => void;
}

export interface TypeEditorModule {
  Editor: ComponentType<TypeEditorProps>;
  /** The type's starting content when a template is chosen (e.g. SummaryWithRows starts with 1 field and 1 row). */
  initial?: () => Partial<TInspectionPointWrite>;
  /** The type's own save rule (001 §5), on top of name and product category. */
  isValid?: (v: TInspectionPointWrite) => boolean;
}

export type TypeEditorRegistry = Partial<Record<PointType, TypeEditorModule>>;

let tempCounter = 0;
/** A temporary id for a new nested item (001 §4): the server drops 'temp-id-' ids and creates the row. */
export const tempId = (): string => `temp-id-${Date.now().toString(36)}-${(tempCounter++).toString(36)}`;

/** New item index is max index + 1 (001 §5). */
export const nextIndex = (items: ReadonlyArray<{ index?: number | null }>): number =>
  items.reduce((max, it) => Math.max(max, it.index ?? -1), -1) + 1;
