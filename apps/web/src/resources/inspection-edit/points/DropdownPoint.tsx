import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FollowUp } from './FollowUp';
import type { PointKindProps } from './types';

const NONE = '';

/** Dropdowns: one pick, or several where the dropdown is multiselect; a picked option may ask for a follow-up value. */
export function DropdownPoint({ config, value, onChange, disabled }: PointKindProps) {
  const selected = (id: string) => value.dropdowns.find((d) => d.dropdownId === id)?.selectedOptionIds ?? [];
  const set = (dropdownId: string, ids: string[]) => {
    const rest = value.dropdowns.filter((d) => d.dropdownId !== dropdownId);
    onChange({ ...value, dropdowns: [...rest, { dropdownId, selectedOptionIds: ids }] });
  };
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 480 }}>
      {config.dropdowns.map((d) => {
        const ids = selected(d.id);
        return (
          <Stack key={d.id} spacing={1}>
            <TextField
              select
              label={d.title}
              disabled={disabled}
              value={d.multiselect ? ids : (ids[0] ?? NONE)}
              slotProps={{ select: { multiple: d.multiselect } }}
              onChange={(e) => {
                const v = e.target.value as string | string[];
                set(d.id, Array.isArray(v) ? v : v === NONE ? [] : [v]);
              }}
            >
              {!d.multiselect && (
                <MenuItem value={NONE}>
                  <em>None</em>
                </MenuItem>
              )}
              {d.options.map((o) => (
                <MenuItem key={o.id} value={o.id} sx={{ minHeight: 44 }}>
                  {o.title}
                </MenuItem>
              ))}
            </TextField>
            {d.options
              .filter((o) => o.followUpRangeValue && ids.includes(o.id))
              .map((o) => (
                <FollowUp key={o.id} def={o.followUpRangeValue!} value={value} onChange={onChange} disabled={disabled} />
              ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
