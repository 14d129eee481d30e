import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import { FollowUp } from './FollowUp';
import { touchRadio } from './touch';
import type { PointKindProps } from './types';

/** Multiple choices (MultipleChoices, and the choices of MultipleChoicesAndRangeValues): checkboxes, or one pick where the choice is a radio. */
export function ChoicesPoint({ config, value, onChange, disabled, label }: PointKindProps) {
  const selected = (choiceId: string) => value.multipleChoices.find((c) => c.multipleChoiceId === choiceId)?.selectedOptionIds ?? [];
  const set = (choiceId: string, ids: string[]) => {
    const rest = value.multipleChoices.filter((c) => c.multipleChoiceId !== choiceId);
    onChange({ ...value, multipleChoices: [...rest, { multipleChoiceId: choiceId, selectedOptionIds: ids }] });
  };
  return (
    <Stack spacing={1.5}>
      {config.multipleChoices.map((choice) => {
        const ids = selected(choice.id);
        const toggle = (optionId: string, on: boolean) =>
          set(choice.id, choice.radio ? (on ? [optionId] : []) : on ? [...ids, optionId] : ids.filter((x) => x !== optionId));
        const Control = choice.radio ? Radio : Checkbox;
        return (
          <FormControl key={choice.id} component="fieldset" disabled={disabled}>
            <FormLabel component="legend">{choice.title}</FormLabel>
            <FormGroup row aria-label={`${label}: ${choice.title}`}>
              {choice.options.map((o) => (
                <FormControlLabel
                  key={o.id}
                  label={o.title}
                  control={<Control sx={touchRadio} checked={ids.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />}
                />
              ))}
            </FormGroup>
            {choice.options
              .filter((o) => o.followUpRangeValue && ids.includes(o.id))
              .map((o) => (
                <FollowUp key={o.id} def={o.followUpRangeValue!} value={value} onChange={onChange} disabled={disabled} />
              ))}
          </FormControl>
        );
      })}
    </Stack>
  );
}
