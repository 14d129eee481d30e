import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useFormContext } from 'react-hook-form';
import type { TInspectionEmailChoices } from '@insp/contracts';
import { ConflictNotice } from '../../edit-conflicts';
import { coarsePointer } from '../../theme';
import { useFormConflict } from './conflicts';
import type { EditValues } from './formValues';
import { EDIT_TEXT } from './texts';

type Contact = TInspectionEmailChoices['contacts'][number];

// A contact is found by its name or its address, whichever the person starts typing.
const filter = createFilterOptions<Contact>({ stringify: (c) => `${c.name} ${c.email ?? ''}` });

/**
 * The customer contact's e-mail (issue 20): offers the customer's contacts that have an address, and picking one
 * fills the contact's name, address and (when it has one) phone; any other address can still be typed (freeSolo).
 * The typed text is the form's value, so a picked address edited afterwards is saved as edited.
 */
export function ContactEmailField({ contacts }: { contacts: Contact[] }) {
  const { setValue } = useFormContext<EditValues>();
  const { field } = useController<EditValues, 'info.contactEmail'>({ name: 'info.contactEmail' });
  const options = contacts.filter((c) => c.email);
  const { conflict, dismiss } = useFormConflict('info.contactEmail');
  const pick = (c: Contact) => {
    const dirty = { shouldDirty: true };
    setValue('info.contactName', c.name, dirty);
    if (c.phoneNumber) setValue('info.contactPhoneNumber', c.phoneNumber, dirty);
    field.onChange(c.email ?? '');
  };
  return (
    <Box>
    <Autocomplete<Contact, false, false, true>
      freeSolo
      options={options}
      value={null}
      inputValue={field.value}
      filterOptions={filter}
      getOptionLabel={(o) => (typeof o === 'string' ? o : (o.email ?? ''))}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.id)}
      onInputChange={(_e, text, reason) => {
        // 'reset' is the picked option's label (its address) written back: the pick below already set it.
        if (reason === 'input' || reason === 'clear') field.onChange(text);
      }}
      onChange={(_e, v) => {
        if (v && typeof v !== 'string') pick(v);
      }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ [coarsePointer]: { minHeight: 44 } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography>{o.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {o.email}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={EDIT_TEXT.contactEmail}
          type="email"
          inputRef={field.ref}
          onBlur={field.onBlur}
          helperText={options.length ? EDIT_TEXT.contactEmailHelp : undefined}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 254 }, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
    {/* issue 23: a save that replaced someone else's change of the address says so here */}
    <ConflictNotice field={EDIT_TEXT.contactEmail} conflict={conflict} onDismiss={dismiss} />
    </Box>
  );
}
