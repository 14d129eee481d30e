import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENT_TYPES, webhookEventLabels, type WebhookEventType } from '@insp/contracts';
import { callError } from '../../lib/errors';
import { touchInput } from '../logs/logs';

export interface WebhookForm {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}
export const emptyWebhookForm: WebhookForm = { url: '', description: '', events: [], enabled: true };

/** The fields of create and edit (STYLE.md: one Inputs component); the server's 400 is shown at the field it names. */
export function WebhookInputs({ value, onChange, error }: { value: WebhookForm; onChange(v: WebhookForm): void; error: unknown }) {
  const e = error ? callError(error) : null;
  const at = (field: string) => (e?.field === field || e?.field?.startsWith(`${field}.`) ? e.message : undefined);
  const toggle = (t: WebhookEventType) => onChange({ ...value, events: value.events.includes(t) ? value.events.filter((x) => x !== t) : [...value.events, t] });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField label="URL" required value={value.url} onChange={(ev) => onChange({ ...value, url: ev.target.value })} error={Boolean(at('url'))} helperText={at('url') ?? 'http or https; the server refuses private and loopback addresses unless its configuration allows them'} sx={touchInput} />
      <TextField label="Description" value={value.description} onChange={(ev) => onChange({ ...value, description: ev.target.value })} sx={touchInput} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">Events</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <FormControlLabel key={t} label={webhookEventLabels[t]} control={<Checkbox checked={value.events.includes(t)} onChange={() => toggle(t)} />} />
          ))}
        </FormGroup>
        {at('events') ? <FormHelperText error>{at('events')}</FormHelperText> : null}
      </Box>
      <FormControlLabel label="Enabled" control={<Checkbox checked={value.enabled} onChange={(ev) => onChange({ ...value, enabled: ev.target.checked })} />} />
      {e && !e.field ? <FormHelperText error>{e.message}</FormHelperText> : null}
    </Box>
  );
}
