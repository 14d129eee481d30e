import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import type { TypeEditorProps } from '../typeEditor';
import { FollowUpEditor, RegexpField, TOUCH_LABEL } from './fields';
import { ModelMetasField } from './ModelMetasField';
import { ANY_MODEL, newChoiceList, newChoiceOption } from './multipleChoices';
import { patchAt, removeAt, type TChoiceOptionIn, type TMultipleChoiceIn } from './types';

/** Lists of choices, each with its options (001 §2 'MultipleChoices'). */
export function MultipleChoicesEditor({ value, onChange, disabled }: TypeEditorProps) {
  const list = value.multipleChoices ?? [];
  const setList = (multipleChoices: TMultipleChoiceIn[]) => onChange({ multipleChoices });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {list.map((c, i) => (
        <Box key={c.id ?? i} role="group" aria-label={`Choice list ${i + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField size="small" label="Choice list title" value={c.title ?? ''} disabled={disabled} onChange={(e) => setList(patchAt(list, i, { title: e.target.value }))} fullWidth={false} sx={{ flex: '1 1 220px' }} />
            <FormControlLabel sx={TOUCH_LABEL}
              label="Only one (radio)"
              disabled={disabled}
              control={<Switch checked={!!c.radio} onChange={(e) => setList(patchAt(list, i, { radio: e.target.checked }))} />}
            />
            <RegexpField value={c.inputValidationRegexp} disabled={disabled} onChange={(r) => setList(patchAt(list, i, { inputValidationRegexp: r }))} />
            <IconButton aria-label={`Remove choice list ${i + 1}`} disabled={disabled} onClick={() => setList(removeAt(list, i))}>
              <DeleteIcon />
            </IconButton>
          </Box>
          <ModelMetasField metas={c.metas ?? []} whenAny={ANY_MODEL} disabled={disabled} onChange={(metas) => setList(patchAt(list, i, { metas }))} />
          <ChoiceOptions options={c.options ?? []} disabled={disabled} onChange={(options) => setList(patchAt(list, i, { options }))} />
        </Box>
      ))}
      <Button sx={{ alignSelf: 'flex-start' }} disabled={disabled} onClick={() => setList([...list, newChoiceList(list)])}>
        Add choice list
      </Button>
    </Box>
  );
}

function ChoiceOptions({ options, onChange, disabled }: { options: TChoiceOptionIn[]; onChange(o: TChoiceOptionIn[]): void; disabled?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pl: 2 }}>
      {options.map((o, i) => (
        <Box key={o.id ?? i} role="group" aria-label={`Choice ${i + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField size="small" label="Choice" value={o.title ?? ''} disabled={disabled} onChange={(e) => onChange(patchAt(options, i, { title: e.target.value }))} fullWidth={false} sx={{ flex: '1 1 200px' }} />
          <FollowUpEditor value={o.followUpRangeValue} disabled={disabled} onChange={(f) => onChange(patchAt(options, i, { followUpRangeValue: f }))} />
          <IconButton aria-label={`Remove choice ${i + 1}`} disabled={disabled} onClick={() => onChange(removeAt(options, i))}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button sx={{ alignSelf: 'flex-start' }} size="small" disabled={disabled} onClick={() => onChange([...options, newChoiceOption(options)])}>
        Add choice
      </Button>
    </Box>
  );
}
