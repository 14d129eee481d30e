import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOUCH_LABEL } from './fields';
import type { TypeEditorProps } from '../typeEditor';
import { usePredefinedGroups } from './api';
import { GroupOptionsEditor } from './GroupOptionsEditor';
import { customize, newCustomGroup } from './optionGroup';
import type { TOptionGroupIn } from './types';

/**
 * Option group of a radio button selection (001 §2): choose a predefined group, or edit a custom one.
 * 'Customize' turns the chosen predefined group into a custom copy without its ids.
 */
export function OptionGroupEditor({ value, onChange, disabled }: TypeEditorProps) {
  const group = value.optionGroup ?? null;
  const predefined = usePredefinedGroups();
  const groups = predefined.data ?? [];
  const custom = group?.custom ?? false;
  const set = (optionGroup: TOptionGroupIn | null) => onChange({ optionGroup });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3" id="option-group-heading">
        Option group
      </Typography>
      <RadioGroup
        row
        aria-labelledby="option-group-heading"
        value={custom ? 'custom' : 'predefined'}
        onChange={(e) => set(e.target.value === 'custom' ? (group ? customize(group) : newCustomGroup()) : null)}
      >
        <FormControlLabel sx={TOUCH_LABEL} value="predefined" control={<Radio />} label="Predefined" disabled={disabled} />
        <FormControlLabel sx={TOUCH_LABEL} value="custom" control={<Radio />} label="Custom" disabled={disabled} />
      </RadioGroup>
      {!custom && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Predefined option group"
            value={group?.id && groups.some((g) => g.id === group.id) ? group.id : ''}
            disabled={disabled || predefined.isLoading}
            onChange={(e) => set(groups.find((g) => g.id === e.target.value) ?? null)}
            fullWidth={false}
            sx={{ minWidth: 260 }}
            helperText={predefined.isError ? 'Predefined option groups could not be loaded' : undefined}
          >
            {groups.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name || '(no name)'}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" disabled={disabled || !group} onClick={() => group && set(customize(group))}>
            Customize
          </Button>
          {group && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, width: '100%' }} aria-label="Options of the chosen group" role="list">
              {(group.options ?? []).map((o, i) => (
                <Chip key={o.id ?? i} role="listitem" label={o.name} size="small" />
              ))}
            </Box>
          )}
        </Box>
      )}
      {custom && group && (
        <>
          <TextField size="small" label="Group name" value={group.name ?? ''} disabled={disabled} onChange={(e) => set({ ...group, name: e.target.value })} sx={{ maxWidth: 400 }} />
          <GroupOptionsEditor options={group.options ?? []} disabled={disabled} onChange={(options) => set({ ...group, options })} />
          {!(group.options ?? []).some((o) => o.name.trim()) && (
            <Typography variant="body2" color="warning.dark">
              Give at least one option a name.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
