import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import type { DatePickerProps } from './DatePickerField';
import { lazyChunk } from '../lib/lazyChunk';

export type { DatePickerProps };

const pickerChunk = lazyChunk(() => import('./DatePickerField'));

/** Fetches the picker's chunk (once; a failed fetch is tried again by the next field shown). */
export const loadDatePicker = pickerChunk.load;

/**
 * Issue 23: a date field whose picker (@mui/x-date-pickers, about 57 kB gzip) is not part of the screen's first
 * load. Until its chunk arrives (at once on a later visit: the service worker has it) the field shows its label and
 * its value read-only, as the picker will, in the same place; then the picker replaces it. Props as the picker's.
 */
export function DatePicker(props: DatePickerProps) {
  const [picker, setPicker] = useState(pickerChunk.loaded);
  useEffect(() => {
    if (picker) return;
    let shown = true;
    loadDatePicker().then(
      (m) => shown && setPicker(m),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [picker]);
  return picker ? <picker.DatePickerField {...props} /> : <DatePickerStandIn {...props} />;
}

/** What a date field shows while the picker's chunk downloads: its label and value, read-only, in the same place. */
export function DatePickerStandIn(props: DatePickerProps) {
  const textField = props.slotProps?.textField;
  const { required, error, helperText } = typeof textField === 'object' && textField ? textField : {};
  const value = props.value?.isValid() && props.format ? props.value.format(props.format) : '';
  return (
    <TextField
      label={props.label}
      value={value}
      required={required}
      error={error}
      helperText={helperText}
      slotProps={{ htmlInput: { readOnly: true, 'aria-busy': true } }}
    />
  );
}
