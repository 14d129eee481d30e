import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import type { z } from 'zod';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { callError } from '../../lib/errors';

export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  select?: Array<{ value: string; label: string }>;
  /** 'timeZone': an IANA zone picked from a searchable list (issue 20). */
  kind?: 'timeZone';
}

/**
 * Add/edit dialog for a customer, site or contact. Validates with the contract's schema (the server uses the
 * same one) and shows a server error next to the field it names.
 */
export function FormDialog<S extends z.ZodType>({
  open,
  title,
  fields,
  initial,
  schema,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  fields: FieldSpec[];
  initial: Record<string, string | null | undefined>;
  schema: S;
  onSubmit: (data: z.output<S>) => Promise<unknown>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(Object.fromEntries(fields.map((f) => [f.name, initial[f.name] ?? ''])));
    setErrors({});
    setGeneral('');
    // only when the dialog opens: typing must not be reset by a parent re-render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const save = async () => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (e) {
      const err = callError(e);
      const key = err.field?.split('.').pop();
      // tRPC input errors name 'data.name', service errors 'name'; either way the message goes under the field.
      if (key && fields.some((f) => f.name === key)) setErrors({ [key]: err.message.replace(`${key}: `, '') });
      else setGeneral(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {general && <Alert severity="error">{general}</Alert>}
        {fields.map((f) =>
          f.kind === 'timeZone' ? (
            <TimeZonePicker
              key={f.name}
              name={f.name}
              label={f.label}
              size="small"
              value={values[f.name] ?? ''}
              error={!!errors[f.name]}
              helperText={errors[f.name]}
              onChange={(zone) => setValues((v) => ({ ...v, [f.name]: zone }))}
            />
          ) : (
          <MuiTextField
            key={f.name}
            label={f.label}
            required={f.required}
            select={!!f.select}
            size="small"
            value={values[f.name] ?? ''}
            error={!!errors[f.name]}
            helperText={errors[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            slotProps={f.select ? { select: { native: true } } : undefined}
          >
            {f.select && [<option key="" value="" />, ...f.select.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)]}
          </MuiTextField>
          ),
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>CANCEL</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          SAVE
        </Button>
      </DialogActions>
    </Dialog>
  );
}
