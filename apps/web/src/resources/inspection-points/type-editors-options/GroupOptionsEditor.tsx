import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import { FollowUpEditor } from './fields';
import { newGroupOption } from './optionGroup';
import { patchAt, removeAt, type TGroupOptionIn } from './types';

/** The options of a custom group: name, default comment and an optional follow-up range value each. */
export function GroupOptionsEditor({ options, onChange, disabled }: { options: TGroupOptionIn[]; onChange(o: TGroupOptionIn[]): void; disabled?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {options.map((o, i) => (
        <Box key={o.id ?? i} role="group" aria-label={`Option ${i + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField size="small" label="Option name" value={o.name} disabled={disabled} onChange={(e) => onChange(patchAt(options, i, { name: e.target.value }))} fullWidth={false} sx={{ flex: '1 1 180px' }} />
            <TextField
              size="small"
              label="Default comment"
              value={o.comment ?? ''}
              disabled={disabled}
              onChange={(e) => onChange(patchAt(options, i, { comment: e.target.value }))}
              fullWidth={false}
              sx={{ flex: '2 1 240px' }}
            />
            <IconButton aria-label={`Remove option ${i + 1}`} disabled={disabled} onClick={() => onChange(removeAt(options, i))}>
              <DeleteIcon />
            </IconButton>
          </Box>
          <FollowUpEditor value={o.followUpRangeValue} disabled={disabled} onChange={(f) => onChange(patchAt(options, i, { followUpRangeValue: f }))} />
        </Box>
      ))}
      <Button sx={{ alignSelf: 'flex-start' }} disabled={disabled} onClick={() => onChange([...options, newGroupOption(options)])}>
        Add option
      </Button>
    </Box>
  );
}
