import type { TInspectionPointWrite } from '@insp/contracts';

/** The nested write shapes the option editors edit (input side of ZInspectionPointWrite: defaults not yet applied). */
export type TOptionGroupIn = NonNullable<TInspectionPointWrite['optionGroup']>;
export type TGroupOptionIn = NonNullable<TOptionGroupIn['options']>[number];
export type TFollowUpIn = NonNullable<TGroupOptionIn['followUpRangeValue']>;
export type TRangeValueIn = NonNullable<TInspectionPointWrite['rangeValues']>[number];
export type TRangeValueUpdatesIn = NonNullable<TInspectionPointWrite['rangeValueUpdates']>;
export type TMultipleChoiceIn = NonNullable<TInspectionPointWrite['multipleChoices']>[number];
export type TChoiceOptionIn = NonNullable<TMultipleChoiceIn['options']>[number];
export type TDropdownIn = NonNullable<TInspectionPointWrite['dropdowns']>[number];
export type TDropdownOptionIn = NonNullable<TDropdownIn['options']>[number];
export type TMetaIn = NonNullable<TInspectionPointWrite['metas']>[number];

/** A copy of the list with item i patched. */
export const patchAt = <T,>(list: readonly T[], i: number, patch: Partial<T>): T[] => list.map((it, j) => (j === i ? { ...it, ...patch } : it));
export const removeAt = <T,>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);
