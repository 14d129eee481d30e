import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { TCertifiedUser } from '@insp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { trpc } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { CertificationRows } from './CertificationRows';
import { errorLines, formErrors, formOf, payloadOf, type CertifiedUserForm } from './certifications';

export const RESOURCE = 'certifications';

/**
 * Add and edit dialog (spec 002 §2): add mode for a user without an id, edit mode otherwise.
 * A save refreshes react-admin's cache so the list reloads (spec 002 §4).
 */
export function CertifiedUserDialog({ user, onClose }: { user?: TCertifiedUser; onClose(): void }) {
  const [form, setForm] = useState<CertifiedUserForm>(() => formOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const families = useQuery(trpc.certifiedUsers.families.queryOptions());
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const editing = !!form.id;

  async function save() {
    const found = formErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const data = payloadOf(form);
    setSaving(true);
    try {
      if (editing) await dataProvider.update(RESOURCE, { id: form.id!, data, previousData: user! });
      else await dataProvider.create(RESOURCE, { data });
      refresh();
      onClose();
    } catch (err) {
      const e = callError(err);
      if (e.field) setErrors({ [e.field]: e.message });
      notify(editing ? errorLines.update(data) : errorLines.create(data), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="certified-user-title">
      <DialogTitle id="certified-user-title">{editing ? 'Edit certified user' : 'Add certified user'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label="E-mail"
          required
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={!!errors.email}
          helperText={errors.email}
        />
        <TextField
          label="Employee id"
          required
          value={form.employeeId}
          onChange={(e) => setForm({ ...form, employeeId: e.target.value })}
          error={!!errors.employeeId}
          helperText={errors.employeeId}
        />
        <CertificationRows
          rows={form.certifications}
          families={families.data ?? []}
          errors={errors}
          onChange={(certifications) => setForm({ ...form, certifications })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {editing ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
