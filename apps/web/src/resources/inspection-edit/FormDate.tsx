import { useRef } from 'react';
import { useController, type FieldPathByValue } from 'react-hook-form';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '../../components/DatePicker';
import { DATE_INPUT_FORMAT, DATE_TIME_INPUT_FORMAT } from '../../lib/dates';
import type { EditValues } from './formValues';
import { EDIT_TEXT } from './texts';
import Box from '@mui/material/Box';
import { ConflictNotice } from '../../edit-conflicts';
import { useFormConflict } from './conflicts';

type TextPath = FieldPathByValue<EditValues, string>;

/** What the form holds while the input shows a date that is not one (31.02, a missing year): save refuses it. */
export const INVALID_DATE = 'invalid';

/** The form keeps yyyy-mm-dd / yyyy-mm-ddThh:mm in the user's zone (formValues.ts, lib/dates.ts), as the picker shows them. */
const STORED = { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DDTHH:mm' } as const;

function fromStored(v: string): Dayjs | null {
  if (!v) return null;
  return v === INVALID_DATE ? dayjs(NaN) : dayjs(v);
}
const toStored = (d: Dayjs | null, kind: keyof typeof STORED) => (!d ? '' : d.isValid() ? d.format(STORED[kind]) : INVALID_DATE);

/**
 * A date (kind 'date') or a date-time (kind 'dateTime') of the form in the browser's zone (lib/dates.ts), shown and typed day.month.year as the spec
 * shows dates (000 §9) whatever the browser's language, with an en-GB calendar (weeks from Monday) beside it
 * (components/DatePicker.tsx: the picker's code arrives after the screen's).
 */
export function FormDate(props: { name: TextPath; label: string; kind: keyof typeof STORED; required?: boolean }) {
  // issue 23: the note under the date when a save replaced someone else's change of it
  const { conflict, dismiss } = useFormConflict(props.name);
  if (!conflict) return <DateInput {...props} />;
  return (
    <Box>
      <DateInput {...props} />
      <ConflictNotice field={props.label} conflict={conflict} onDismiss={dismiss} />
    </Box>
  );
}

function DateInput({ name, label, kind, required }: { name: TextPath; label: string; kind: keyof typeof STORED; required?: boolean }) {
  const message = kind === 'date' ? EDIT_TEXT.badDate : EDIT_TEXT.badDateTime;
  const { field, fieldState } = useController<EditValues, TextPath>({ name, rules: { validate: (v) => v !== INVALID_DATE || message } });
  // The picker's own object while the form holds what it sent, so a half-typed date keeps its sections.
  const last = useRef<{ stored: string; date: Dayjs | null } | null>(null);
  const value = last.current?.stored === field.value ? last.current.date : fromStored(field.value);
  const onChange = (d: Dayjs | null) => {
    const stored = toStored(d, kind);
    last.current = { stored, date: d };
    field.onChange(stored);
  };
  // A date typed only in part over an empty field is no value to the picker (it stays null): on leaving, what the
  // sections show decides, so half-typed text is refused rather than dropped. The picker keeps its sections.
  const hidden = useRef<HTMLInputElement | null>(null);
  const onBlur = () => {
    if (value === null) {
      const stored = hidden.current?.value ? INVALID_DATE : '';
      if (stored !== field.value) {
        last.current = { stored, date: null };
        field.onChange(stored);
      }
    }
    field.onBlur();
  };
  const showError = field.value === INVALID_DATE && (fieldState.isTouched || !!fieldState.error);
  const common = {
    label,
    value,
    onChange,
    inputRef: (el: HTMLInputElement | null) => {
      hidden.current = el;
      field.ref(el);
    },
    slotProps: {
      textField: { name: field.name, required, onBlur, error: showError, helperText: showError ? message : undefined },
      openPickerButton: { 'aria-label': EDIT_TEXT.openCalendar(label) },
    },
  } as const;
  return kind === 'date' ? (
    <DatePicker kind="date" {...common} format={DATE_INPUT_FORMAT} />
  ) : (
    <DatePicker kind="dateTime" {...common} format={DATE_TIME_INPUT_FORMAT} ampm={false} />
  );
}
