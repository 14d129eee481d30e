import type { Field, StartForm } from './startRules';

/** What each step receives from the page: the form, a change, a "touched" mark, and the messages to show. */
export interface FieldProps {
  form: StartForm;
  change: (patch: Partial<StartForm>) => void;
  touch: (field: Field) => void;
  /** Messages of touched fields only (startRules.problems). */
  shown: Partial<Record<Field, string>>;
}
