import { tempId } from '../typeEditor';
import type { TFollowUpIn } from './types';

/** A new follow-up range value: index 0, empty title, NoAction, no metas (001 §3). */
export const newFollowUp = (): TFollowUpIn => ({
  id: tempId(),
  index: 0,
  title: '',
  keyboardType: 'default',
  inputValidationRegexp: '',
  validationConsequence: 'NoAction',
  metas: [],
});

/** A copy of a follow-up for a new row: same content, new temporary id. */
export const copyFollowUp = (f: TFollowUpIn | null | undefined): TFollowUpIn | null =>
  f ? { ...f, id: tempId(), metas: [...(f.metas ?? [])] } : null;

/** A regular expression the app can compile (001 §5: free text, the server refuses one that does not compile). */
export const regexpError = (s: string | null | undefined): string | null => {
  if (!s) return null;
  try {
    new RegExp(s);
    return null;
  } catch {
    return 'Not a valid regular expression';
  }
};
