import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import type { TypeEditorProps } from '../typeEditor';
import { ConsequenceSelect, KeyboardTypeSelect, RegexpField } from './fields';
import { ModelMetasField } from './ModelMetasField';
import { isSavedRangeValue, newRangeValue, updateSaved } from './rangeValues';
import { patchAt, removeAt, type TRangeValueIn } from './types';

type Consequence = TRangeValueIn['validationConsequence'];

/** Title for the values and the range-values list (001 §2); saved ones edit only regexp and consequence. */
export function RangeValuesEditor({ value, onChange, disabled }: TypeEditorProps) {
  const list = value.rangeValues ?? [];
  const updates = value.rangeValueUpdates ?? {};
  const setList = (rangeValues: TRangeValueIn[]) => onChange({ rangeValues });
  const setSaved = (i: number, patch: Pick<TRangeValueIn, 'inputValidationRegexp' | 'validationConsequence'>) => onChange(updateSaved(list, updates, i, patch));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3">
        Range values
      </Typography>
      <TextField size="small" label="Title for the values" value={value.rangeValueTitle ?? ''} disabled={disabled} onChange={(e) => onChange({ rangeValueTitle: e.target.value })} sx={{ maxWidth: 400 }} />
      {list.map((rv, i) => {
        const saved = isSavedRangeValue(rv);
        const cur = rv.inputValidationRegexp;
        return (
          <Box key={rv.id ?? i} role="group" aria-label={`Range value ${i + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {saved && <LockIcon fontSize="small" titleAccess="Saved: only the regexp and the consequence can change" color="action" />}
            <TextField size="small" label="Title" value={rv.title ?? ''} disabled={disabled || saved} onChange={(e) => setList(patchAt(list, i, { title: e.target.value }))} fullWidth={false} sx={{ flex: '1 1 180px' }} />
            <KeyboardTypeSelect value={rv.keyboardType} disabled={disabled || saved} onChange={(k) => setList(patchAt(list, i, { keyboardType: k as TRangeValueIn['keyboardType'] }))} />
            <RegexpField
              value={cur}
              disabled={disabled}
              onChange={(r) => (saved ? setSaved(i, { inputValidationRegexp: r, validationConsequence: rv.validationConsequence }) : setList(patchAt(list, i, { inputValidationRegexp: r })))}
            />
            <ConsequenceSelect
              value={rv.validationConsequence}
              disabled={disabled}
              onChange={(c) =>
                saved
                  ? setSaved(i, { inputValidationRegexp: cur, validationConsequence: c as Consequence })
                  : setList(patchAt(list, i, { validationConsequence: c as Consequence }))
              }
            />
            <ModelMetasField metas={rv.metas ?? []} whenAny={[]} disabled={disabled || saved} onChange={(metas) => setList(patchAt(list, i, { metas }))} />
            {!saved && (
              <IconButton aria-label={`Remove range value ${i + 1}`} disabled={disabled} onClick={() => setList(removeAt(list, i))}>
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        );
      })}
      <Button sx={{ alignSelf: 'flex-start' }} disabled={disabled} onClick={() => setList([...list, newRangeValue(list)])}>
        Add range value
      </Button>
    </Box>
  );
}
