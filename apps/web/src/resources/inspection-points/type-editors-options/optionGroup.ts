import type { TInspectionPointWrite } from '@insp/contracts';
import { nextIndex, tempId } from '../typeEditor';
import { copyFollowUp } from './followUp';
import type { TGroupOptionIn, TOptionGroupIn } from './types';

export const newGroupOption = (options: readonly TGroupOptionIn[]): TGroupOptionIn => ({
  id: tempId(),
  index: nextIndex(options),
  name: '',
  comment: '',
  followUpRangeValue: null,
});

/** A new custom group starts with one empty option to fill in. */
export const newCustomGroup = (): TOptionGroupIn => ({ id: tempId(), name: '', custom: true, options: [newGroupOption([])] });

/**
 * 'Customize' (001 §2): a predefined group copied into a custom one owned by this point. The copy keeps names,
 * comments and follow-ups but none of the predefined rows' ids (new temporary ones), so saving never edits the
 * shared group.
 */
export const customize = (group: TOptionGroupIn): TOptionGroupIn => ({
  id: tempId(),
  name: group.name ?? '',
  custom: true,
  options: (group.options ?? []).map((o, i) => ({
    id: tempId(),
    index: o.index ?? i,
    name: o.name,
    comment: o.comment ?? '',
    followUpRangeValue: copyFollowUp(o.followUpRangeValue),
  })),
});

/** 001 §5: the selected group needs at least one option with a non-empty name. */
export const optionGroupValid = (v: TInspectionPointWrite): boolean => !!v.optionGroup?.options?.some((o) => o.name.trim() !== '');
