import { isTempId } from '@insp/contracts';
import { nextIndex, tempId } from '../typeEditor';
import { copyFollowUp } from './followUp';
import type { TDropdownIn, TDropdownOptionIn } from './types';

export const newDropdownOption = (options: readonly TDropdownOptionIn[]): TDropdownOptionIn => ({
  id: tempId(),
  index: nextIndex(options),
  title: '',
  imageId: null,
  followUpRangeValue: null,
});

export const newDropdown = (list: readonly TDropdownIn[]): TDropdownIn => ({
  id: tempId(),
  index: nextIndex(list),
  title: '',
  multiselect: false,
  hideImages: false,
  inputValidationRegexp: '',
  validationConsequence: 'NoAction',
  options: [newDropdownOption([])],
});

/** What the picker copies from an existing dropdown (a read-side dropdown group). */
export interface PickedDropdown {
  title: string;
  hideImages: boolean;
  multiselect: boolean;
  options: ReadonlyArray<Pick<TDropdownOptionIn, 'index' | 'title' | 'imageId' | 'imageUrl' | 'followUpRangeValue'>>;
}

/**
 * 'Pick an existing dropdown' (001 §2): copies its title, hideImages, multiselect and options, the options (and
 * their follow-ups) with new temporary ids so the picked dropdown's rows are never shared or changed. The
 * dropdown being edited keeps its own id, index, regexp and consequence. Images are shared by id (immutable).
 */
export const pickCopy = (current: TDropdownIn, picked: PickedDropdown): TDropdownIn => ({
  ...current,
  title: picked.title,
  hideImages: picked.hideImages,
  multiselect: picked.multiselect,
  options: picked.options.map((o, i) => ({
    id: tempId(),
    index: o.index ?? i,
    title: o.title ?? '',
    imageId: o.imageId ?? null,
    imageUrl: o.imageUrl ?? null,
    followUpRangeValue: copyFollowUp(o.followUpRangeValue),
  })),
});

/** A saved option of a saved dropdown: the only kind a batch update can start from (it copies what is stored). */
export const canBatchUpdate = (d: TDropdownIn, o: TDropdownOptionIn): boolean => !isTempId(d.id) && !isTempId(o.id);

export const isLocked = (o: TDropdownOptionIn): boolean => o.batchUpdateDetails?.status === 'pending';

export const LOCKED_TOOLTIP = "This option can't be edited because it is already being updated with another batch update.";
