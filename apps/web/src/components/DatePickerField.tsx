import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker, type DesktopDatePickerProps } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker, type DesktopDateTimePickerProps } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/en-gb';
import { coarsePointer } from '../theme';

/** A date (kind 'date') or date-time (kind 'dateTime') picker's props, as @mui/x-date-pickers takes them. */
export type DatePickerProps =
  | ({ kind: 'date' } & Omit<DesktopDatePickerProps, 'slotProps'> & { slotProps?: Omit<NonNullable<DesktopDatePickerProps['slotProps']>, 'layout'> })
  | ({ kind: 'dateTime' } & Omit<DesktopDateTimePickerProps, 'slotProps'> & { slotProps?: Omit<NonNullable<DesktopDateTimePickerProps['slotProps']>, 'layout'> });

// On a touch screen the calendar's days, the year and month choices and the time lists get 44 px (WCAG 2.5.5), as
// the theme gives buttons: 7 days of 44 px fit the calendar's 320 px width, and its height grows to 6 weeks of them.
const touchPopup = {
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
 * The date or date-time picker itself, with an en-GB calendar (weeks from Monday) and touch-sized popups. A chunk of
 * its own (@mui/x-date-pickers is about 57 kB gzip): components/DatePicker.tsx loads it when a date field is shown.
 * The desktop variant on every screen: on a tablet the field takes typed digits too, and the calendar opens in a
 * popup instead of a full-screen modal.
 */
export function DatePickerField(props: DatePickerProps) {
  const { kind, ...rest } = props;
  const slotProps = { ...rest.slotProps, layout: { sx: touchPopup } };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      {kind === 'date' ? (
        <DesktopDatePicker {...(rest as Omit<Extract<DatePickerProps, { kind: 'date' }>, 'kind'>)} slotProps={slotProps} />
      ) : (
        <DesktopDateTimePicker {...(rest as Omit<Extract<DatePickerProps, { kind: 'dateTime' }>, 'kind'>)} slotProps={slotProps} />
      )}
    </LocalizationProvider>
  );
}
