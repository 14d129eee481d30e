import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldPathByValue } from 'react-hook-form';
import { EDIT_LIMITS } from '@insp/contracts';
import { ConflictNotice } from '../../edit-conflicts';
import { useFormConflict } from './conflicts';
import type { EditValues } from './formValues';

type TextPath = FieldPathByValue<EditValues, string>;

/**
 * A text input bound to one string of the form; below it, issue 23's note when a save replaced someone else's change
 * of this text (or it was changed since my last save here), named by the field's label.
 */
export function FormText({ name, maxLength = EDIT_LIMITS.shortText, ...props }: { name: TextPath; maxLength?: number } & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>) {
  const { conflict, dismiss } = useFormConflict(name);
  const input = <FormTextInput name={name} maxLength={maxLength} {...props} />;
  if (!conflict) return input;
  return (
    <Box>
      {input}
      <ConflictNotice field={typeof props.label === 'string' ? props.label : name} conflict={conflict} onDismiss={dismiss} />
    </Box>
  );
}

function FormTextInput({ name, maxLength, ...props }: { name: TextPath; maxLength: number } & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>) {
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
