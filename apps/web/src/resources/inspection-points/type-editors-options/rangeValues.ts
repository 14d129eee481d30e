import { isTempId } from '@insp/contracts';
import { nextIndex, tempId } from '../typeEditor';
import type { TRangeValueIn, TRangeValueUpdatesIn } from './types';

export const newRangeValue = (list: readonly TRangeValueIn[]): TRangeValueIn => ({
  id: tempId(),
  index: nextIndex(list),
  title: '',
  keyboardType: 'default',
  inputValidationRegexp: '',
  validationConsequence: 'NoAction',
  metas: [],
});

/** Saved range values (a uuid) keep their title, type and metas: only the regexp and consequence change (001 §2). */
export const isSavedRangeValue = (rv: TRangeValueIn): boolean => !isTempId(rv.id);

/**
 * The update of a saved range value's regexp or consequence: the list shows it, and rangeValueUpdates carries it
 * to the server by id (001 §3 'rangeValueUpdates: map from range value id').
 */
export function updateSaved(
  list: readonly TRangeValueIn[],
  updates: TRangeValueUpdatesIn,
  i: number,
  patch: Pick<TRangeValueIn, 'inputValidationRegexp' | 'validationConsequence'>,
): { rangeValues: TRangeValueIn[]; rangeValueUpdates: TRangeValueUpdatesIn } {
  const rangeValues = list.map((rv, j) => (j === i ? { ...rv, ...patch } : rv));
  const rv = rangeValues[i]!;
  return {
    rangeValues,
    rangeValueUpdates: {
      ...updates,
      [rv.id!]: { inputValidationRegexp: rv.inputValidationRegexp ?? '', validationConsequence: rv.validationConsequence ?? 'NoAction' },
    },
  };
}
