import { nextIndex, tempId } from '../typeEditor';
import type { TChoiceOptionIn, TMetaIn, TMultipleChoiceIn } from './types';

/** A new choice list applies to any product model (001 §2). */
export const ANY_MODEL: TMetaIn[] = [{ type: 'AnyProductModel', value: 'true' }];

export const newChoiceOption = (options: readonly TChoiceOptionIn[]): TChoiceOptionIn => ({
  id: tempId(),
  index: nextIndex(options),
  title: '',
  followUpRangeValue: null,
});

export const newChoiceList = (list: readonly TMultipleChoiceIn[]): TMultipleChoiceIn => ({
  id: tempId(),
  index: nextIndex(list),
  title: '',
  radio: false,
  inputValidationRegexp: '',
  metas: [...ANY_MODEL],
  options: [newChoiceOption([])],
});
