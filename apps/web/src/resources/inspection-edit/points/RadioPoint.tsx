import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EDIT_TEXT } from '../texts';
import { commentOnPick } from './defaultComment';
import { FollowUp } from './FollowUp';
import { touchRadio } from './touch';
import type { PointKindProps } from './types';

type Option = NonNullable<PointKindProps['config']['optionGroup']>['options'][number];

/**
 * Radio selection (RadioButtonSelection, and the options of RadioButtonSelectionAndRangeValues): the selection is
 * the option's name; its default comment fills the comment, asking before it replaces one somebody wrote.
 */
export function RadioPoint({ config, value, onChange, disabled, label }: PointKindProps) {
  const options = config.optionGroup?.options ?? [];
  const [asking, setAsking] = useState<Option | null>(null);
  const pick = (name: string) => {
    const option = options.find((o) => o.name === name);
    if (!option) return;
    const next = { ...value, selection: name };
    const outcome = commentOnPick(options, option, value.comment);
    if (outcome === 'ask') {
      onChange(next);
      setAsking(option);
    } else onChange(outcome === 'keep' ? next : { ...next, comment: outcome.set });
  };
  const picked = options.find((o) => o.name === value.selection);
  return (
    <Stack spacing={1}>
      <FormControl disabled={disabled}>
        <RadioGroup row aria-label={`${label} options`} value={value.selection} onChange={(e) => pick(e.target.value)}>
          {options.map((o) => (
            <FormControlLabel key={o.id} value={o.name} control={<Radio sx={touchRadio} />} label={o.name} />
          ))}
        </RadioGroup>
      </FormControl>
      {picked?.followUpRangeValue && <FollowUp def={picked.followUpRangeValue} value={value} onChange={onChange} disabled={disabled} />}
      <ConfirmDialog
        open={!!asking}
        title={EDIT_TEXT.replaceTitle}
        text={EDIT_TEXT.replaceQuestion(asking?.name ?? '')}
        yes={EDIT_TEXT.replace}
        no={EDIT_TEXT.keep}
        onYes={() => {
          onChange({ ...value, selection: asking!.name, comment: asking!.comment ?? value.comment });
          setAsking(null);
        }}
        onNo={() => setAsking(null)}
      />
    </Stack>
  );
}
