import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { DropdownOptionRow } from './DropdownOptionRow';
import { DropdownPicker } from './DropdownPicker';
import { newDropdownOption, pickCopy } from './dropdowns';
import { ConsequenceSelect, RegexpField, TOUCH_LABEL } from './fields';
import { patchAt, removeAt, type TDropdownIn, type TDropdownOptionIn } from './types';
import type { useOptionImages } from './useOptionImages';

interface Props {
  position: number;
  dropdown: TDropdownIn;
  disabled?: boolean;
  images: ReturnType<typeof useOptionImages>;
  batchUpdates: boolean;
  onBatchUpdate(option: TDropdownOptionIn): void;
  onChange(d: TDropdownIn): void;
  onRemove(): void;
}

/** One dropdown: its title (typed, or picked from an existing dropdown), flags, validation and options. */
export function DropdownCard({ position, dropdown: d, disabled, images, batchUpdates, onBatchUpdate, onChange, onRemove }: Props) {
  const [picking, setPicking] = useState(false);
  const options = d.options ?? [];
  const set = (patch: Partial<TDropdownIn>) => onChange({ ...d, ...patch });
  const setOptions = (next: TDropdownOptionIn[]) => set({ options: next });
  const label = `Dropdown ${position}`;

  return (
    <Box role="group" aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControlLabel sx={TOUCH_LABEL}
          label="Pick an existing dropdown"
          disabled={disabled}
          control={<Switch checked={picking} onChange={(e) => setPicking(e.target.checked)} />}
        />
        {!picking && <TextField size="small" label="Dropdown title" value={d.title ?? ''} disabled={disabled} onChange={(e) => set({ title: e.target.value })} fullWidth={false} sx={{ flex: '1 1 240px' }} />}
        <IconButton aria-label={`Remove ${label.toLowerCase()}`} disabled={disabled} onClick={onRemove} sx={{ ml: 'auto' }}>
          <DeleteIcon />
        </IconButton>
      </Box>
      {picking && (
        <DropdownPicker
          onPick={(picked) => {
            // The options replaced by the picked ones no longer need their pending uploads.
            options.forEach((o) => o.id && images.forget(o.id));
            onChange(pickCopy(d, picked));
            setPicking(false);
          }}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControlLabel sx={TOUCH_LABEL} label="Multiselect" disabled={disabled} control={<Switch checked={!!d.multiselect} onChange={(e) => set({ multiselect: e.target.checked })} />} />
        <FormControlLabel sx={TOUCH_LABEL} label="Hide images" disabled={disabled} control={<Switch checked={!!d.hideImages} onChange={(e) => set({ hideImages: e.target.checked })} />} />
        <RegexpField value={d.inputValidationRegexp} disabled={disabled} onChange={(r) => set({ inputValidationRegexp: r })} />
        <ConsequenceSelect value={d.validationConsequence} disabled={disabled} onChange={(c) => set({ validationConsequence: c as TDropdownIn['validationConsequence'] })} />
      </Box>
      {options.map((o, i) => (
        <DropdownOptionRow
          key={o.id ?? i}
          position={i + 1}
          option={o}
          disabled={disabled}
          image={o.id ? images.images[o.id] : undefined}
          onImage={(file) => o.id && images.start(o.id, file)}
          onRemoveImage={() => {
            if (o.id) images.forget(o.id);
            setOptions(patchAt(options, i, { imageId: null, imageUrl: null }));
          }}
          batchUpdate={batchUpdates && d.id && o.id ? () => onBatchUpdate(o) : undefined}
          dropdown={d}
          onChange={(patch) => setOptions(patchAt(options, i, patch))}
          onRemove={() => {
            if (o.id) images.forget(o.id);
            setOptions(removeAt(options, i));
          }}
        />
      ))}
      <Button sx={{ alignSelf: 'flex-start' }} size="small" disabled={disabled} onClick={() => setOptions([...options, newDropdownOption(options)])}>
        Add option
      </Button>
    </Box>
  );
}
