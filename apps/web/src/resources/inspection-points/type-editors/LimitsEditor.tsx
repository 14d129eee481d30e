import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { TMeasurementLimit } from '@insp/contracts';
import { useFamilies } from '../refs';
import { LIMIT_KEYS, limitOrderMessages, parseLimit } from '../rules';
import { tempId } from '../typeEditor';

const LIMIT_LABEL = { criticalLow: 'Critical low', low: 'Low', high: 'High', criticalHigh: 'Critical high' } as const;
type Limit = TMeasurementLimit;
type Key = (typeof LIMIT_KEYS)[number];

const show = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '' : String(n));
const targetOf = (l: Limit) => (l.productModelId ? `m:${l.productModelId}` : l.productFamilyId ? `f:${l.productFamilyId}` : '');

/**
 * Measurement limits (001 §2): a row per product family or model with criticalLow, low, high, criticalHigh.
 * The text typed is kept as typed; a text that is not a number sets the value NaN (the save stays disabled and
 * the border turns red), empty means no limit. Thresholds out of order (issue 19) show the server's message
 * under the field it names and keep the save disabled. A row without a family or model shows a warning.
 */
export function LimitsEditor({ value, onChange, disabled }: { value: Limit[]; onChange: (v: Limit[]) => void; disabled?: boolean }) {
  const families = useFamilies();
  // typed texts by row id and key, so '1.' or 'abc' stay on screen as typed
  const [texts, setTexts] = useState<Record<string, string>>({});
  const targets = (families.data ?? []).flatMap((f) => [
    { id: `f:${f.id}`, label: f.familyName },
    ...f.productModels.map((m) => ({ id: `m:${m.id}`, label: `${f.familyName} ${m.name}` })),
  ]);
  const set = (i: number, patch: Partial<Limit>) => onChange(value.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const setText = (i: number, l: Limit, k: Key, t: string) => {
    setTexts((x) => ({ ...x, [`${l.id}:${k}`]: t }));
    set(i, { [k]: parseLimit(t) });
  };
  const setTarget = (i: number, t: string) =>
    set(i, t.startsWith('m:') ? { productModelId: t.slice(2), productFamilyId: null } : t.startsWith('f:') ? { productFamilyId: t.slice(2), productModelId: null } : { productFamilyId: null, productModelId: null });

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">Measurement limits</Typography>
      {value.map((l, i) => {
        const target = targetOf(l);
        const order = limitOrderMessages(l);
        return (
          <Box key={l.id ?? i} data-testid="limit-row" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr)) auto' }, pb: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'start' }}>
            <TextField select size="small" label="Product family or model" value={target} disabled={disabled} onChange={(e) => setTarget(i, e.target.value)}
              sx={{ gridColumn: '1 / -1' }}
              helperText={target ? ' ' : 'Choose a product family or model for this row'}
              slotProps={{ formHelperText: { sx: { color: target ? undefined : '#663c00' } } }}>
              <MenuItem value="">(none)</MenuItem>
              {targets.map((t) => <MenuItem key={t.id} value={t.id}>{t.label}</MenuItem>)}
            </TextField>
            {LIMIT_KEYS.map((k) => {
              const text = texts[`${l.id}:${k}`] ?? show(l[k]);
              const nan = Number.isNaN(l[k] as number);
              const bad = nan || !!order[k];
              return (
                <TextField key={k} size="small" label={LIMIT_LABEL[k]} value={text} disabled={disabled} error={bad}
                  helperText={nan ? 'Not a number' : (order[k] ?? ' ')} onChange={(e) => setText(i, l, k, e.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-invalid': bad } }} />
              );
            })}
            <IconButton aria-label={`Remove limit row ${i + 1}`} disabled={disabled} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button variant="outlined" size="small" disabled={disabled}
          onClick={() => onChange([...value, { id: tempId(), productFamilyId: null, productModelId: null, criticalLow: null, low: null, high: null, criticalHigh: null }])}>
          Add limit row
        </Button>
      </Box>
    </Box>
  );
}
