import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { callError, shownMessage } from '../../lib/errors';

export interface RenameField {
  /** The payload key, which the server names when it refuses the value (familyName, longFamilyName, name). */
  key: string;
  label: string;
  required?: boolean;
}

/**
 * Rename a family or a model (issue 20): its fields prefilled, SAVE once the required ones are filled in. A refusal
 * (a name taken: 409) shows the server's reason under the field it names, or under the fields.
 */
export function RenameDialog({ title, fields, initial, onSave, onClose }: {
  title: string;
  fields: RenameField[];
  initial: Record<string, string>;
  onSave: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const ready = fields.every((f) => !f.required || (values[f.key] ?? '').trim() !== '');

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave(values);
      onClose();
    } catch (err) {
      const { field } = callError(err);
      setError({ field: fields.some((f) => f.key === field) ? field : null, message: field ? callError(err).message : shownMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="rename-title" fullWidth maxWidth="xs">
      <form onSubmit={save} aria-labelledby="rename-title">
        <DialogTitle id="rename-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {fields.map((f, i) => (
            <TextField
              key={f.key}
              label={f.label}
              required={f.required}
              autoFocus={i === 0}
              value={values[f.key] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              error={error?.field === f.key}
              helperText={error?.field === f.key ? error.message : undefined}
            />
          ))}
          {error && !error.field && (
            <Typography role="alert" color="error" variant="body2">
              {error.message}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>CANCEL</Button>
          <Button type="submit" variant="contained" disabled={!ready || busy}>
            SAVE
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
