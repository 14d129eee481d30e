import { useRef } from 'react';
import { useController, type FieldPathByValue } from 'react-hook-form';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-gb';
import { coarsePointer } from '../../theme';
import { DATE_INPUT_FORMAT, DATE_TIME_INPUT_FORMAT } from '../../lib/dates';
import type { EditValues } from './formValues';
import { EDIT_TEXT } from './texts';

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

// On a touch screen the calendar's days, the year and month choices and the time lists get 44 px (WCAG 2.5.5), as
// the theme gives buttons: 7 days of 44 px fit the calendar's 320 px width, and its height grows to 6 weeks of them.
export const touchPopup = {
  [coarsePointer]: {
    '& .MuiDateCalendar-root': { height: 'auto', maxHeight: 'none' },
    '& .MuiPickerDay-root': { '--PickerDay-size': '44px', '--PickerDay-horizontalMargin': '0px' },
    '& .MuiDayCalendar-weekDayLabel': { width: 44, m: 0 },
    '& .MuiDayCalendar-slideTransition, & .MuiDayCalendar-loadingContainer': { minHeight: 6 * 48 },
    '& .MuiYearCalendar-button, & .MuiMonthCalendar-button': { height: 44 },
    '& .MuiMultiSectionDigitalClockSection-item': { minHeight: 44, minWidth: 56 },
    '& .MuiMultiSectionDigitalClockSection-root': { maxHeight: 'none' },
    '& .MuiPickersLayout-actionBar .MuiButton-root': { minHeight: 44 },
  },
};

/**
 * A date (kind 'date') or a date-time (kind 'dateTime') of the form in the browser's zone (lib/dates.ts), shown and typed day.month.year as the spec
 * shows dates (000 §9) whatever the browser's language, with an en-GB calendar (weeks from Monday) beside it. The
 * desktop variant on every screen: on a tablet the field takes typed digits too, and the calendar opens in a popup
 * instead of a full-screen modal.
 */
export function FormDate({ name, label, kind, required }: { name: TextPath; label: string; kind: keyof typeof STORED; required?: boolean }) {
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
      layout: { sx: touchPopup },
    },
  } as const;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      {kind === 'date' ? <DesktopDatePicker {...common} format={DATE_INPUT_FORMAT} /> : <DesktopDateTimePicker {...common} format={DATE_TIME_INPUT_FORMAT} ampm={false} />}
    </LocalizationProvider>
  );
}
