import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldPathByValue } from 'react-hook-form';
import { EDIT_LIMITS } from '@insp/contracts';
import type { EditValues } from './formValues';

type TextPath = FieldPathByValue<EditValues, string>;

/** A text input bound to one string of the form. */
export function FormText({ name, maxLength = EDIT_LIMITS.shortText, ...props }: { name: TextPath; maxLength?: number } & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>) {
  const { field } = useController<EditValues, TextPath>({ name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      slotProps={{ ...props.slotProps, htmlInput: { maxLength, ...(props.slotProps?.htmlInput as object) }, inputLabel: { shrink: true } }}
    />
  );
}
