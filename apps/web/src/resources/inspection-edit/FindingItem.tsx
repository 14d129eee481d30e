import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { EDIT_LIMITS } from '@insp/contracts';
import type { FindingValue } from './formValues';
import { PhotoList } from './photos/PhotoList';
import { ConflictNotice } from '../../edit-conflicts';
import { itemNoticeKey, useFormConflict } from './conflicts';

const TEXTS: [keyof FindingValue & ('description' | 'consequence' | 'corrective' | 'preventive'), string][] = [
  ['description', 'Description'],
  ['consequence', 'Consequence'],
  ['corrective', 'Corrective action'],
  ['preventive', 'Preventive action'],
];

/** One finding (000 §3): title, description, consequence, corrective and preventive actions, photos, and whether the report shows it. */
export function FindingItem({ value, n, onChange, onRemove, readOnly = false }: { value: FindingValue; n: number; onChange(next: FindingValue): void; onRemove(): void; readOnly?: boolean }) {
  const name = value.title || `Finding ${n}`;
  // issue 23: a save replaced someone else's change of this finding, kept it for theirs instead of removing it, or brought it back after their removal
  const { conflict, dismiss } = useFormConflict(value.id ? itemNoticeKey(value.id) : undefined);
  return (
    <Paper variant="outlined" component="article" aria-label={name} data-testid="finding" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField label="Title" value={value.title} onChange={(e) => onChange({ ...value, title: e.target.value })} sx={{ flex: '1 1 240px' }}
            slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.shortText } }} />
          <FormControlLabel label="Show in the report" control={<Checkbox checked={value.show} onChange={(e) => onChange({ ...value, show: e.target.checked })} />} />
          {!readOnly && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove} aria-label={`Remove finding ${name}`}>
              Remove
            </Button>
          )}
        </Box>
        <ConflictNotice field={value.title ? `Finding “${value.title}”` : `Finding ${n}`} conflict={conflict} onDismiss={dismiss} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
          {TEXTS.map(([key, label]) => (
            <TextField key={key} multiline minRows={2} label={label} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })}
              slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.longText } }} />
          ))}
        </Box>
        <PhotoList label={name} value={value.photos} disabled={readOnly} max={EDIT_LIMITS.photosPerFinding} onChange={(photos) => onChange({ ...value, photos })} />
      </Stack>
    </Paper>
  );
}
