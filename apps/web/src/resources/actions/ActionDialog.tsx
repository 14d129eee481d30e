import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZActionAccept, ZActionAssign, ZActionClose, ZActionDismiss, type TAction } from '@insp/contracts';
import type { z } from 'zod';
import { trpc, trpcClient } from '../../providers/trpc';
import { touchItem } from '../../pages/start-inspection/touch';
import { fieldErrors, serverErrors } from '../plans/usePlanChange';
import type { ActionDecision } from './ActionsTable';
import { FixInspectionPick } from './FixInspectionPick';
import { ACTION_TEXT, machineWords, reasonWords } from './texts';

interface Values {
  assigneeUserId: string;
  dueOn: string;
  text: string;
  reason: string;
  comment: string;
  fixedByInspectionId: string;
}
const TITLE: Record<ActionDecision, string> = { accept: ACTION_TEXT.acceptTitle, dismiss: ACTION_TEXT.dismissTitle, assign: ACTION_TEXT.assignTitle, close: ACTION_TEXT.closeTitle };
/** The fields each decision shows; a server message naming another field (a 409 on `state`) is shown above them. */
const FIELDS: Record<ActionDecision, Array<keyof Values>> = {
  accept: ['assigneeUserId', 'dueOn', 'text'],
  dismiss: ['reason'],
  assign: ['assigneeUserId', 'dueOn'],
  close: ['comment', 'fixedByInspectionId'],
};

/** The call of each decision, checked first by the contract's schema (the server checks it again). */
function request(kind: ActionDecision, a: TAction, v: Values): { send: () => Promise<unknown> } | { issues: z.core.$ZodIssue[] } {
  const who = v.assigneeUserId || null;
  const due = v.dueOn || null;
  switch (kind) {
    case 'accept': {
      const p = ZActionAccept.safeParse({ assigneeUserId: who, dueOn: due, text: v.text });
      return p.success ? { send: () => trpcClient.actions.accept.mutate({ id: a.id, data: p.data }) } : { issues: p.error.issues };
    }
    case 'dismiss': {
      const p = ZActionDismiss.safeParse({ reason: v.reason });
      return p.success ? { send: () => trpcClient.actions.dismiss.mutate({ id: a.id, data: p.data }) } : { issues: p.error.issues };
    }
    case 'assign': {
      const p = ZActionAssign.safeParse({ assigneeUserId: who, dueOn: due });
      return p.success ? { send: () => trpcClient.actions.assign.mutate({ id: a.id, data: p.data }) } : { issues: p.error.issues };
    }
    case 'close': {
      const p = ZActionClose.safeParse({ comment: v.comment, ...(v.fixedByInspectionId && { fixedByInspectionId: v.fixedByInspectionId }) });
      return p.success ? { send: () => trpcClient.actions.close.mutate({ id: a.id, data: p.data }) } : { issues: p.error.issues };
    }
  }
}

/**
 * Accept, dismiss, assign or close one action (actions.accept|dismiss|assign|close). The staff to assign are
 * plans.inspectors' list (the first 50 by name), with the current assignee kept choosable; closing may name the
 * inspection that shows the fix (FixInspectionPick).
 */
export function ActionDialog({ action, kind, onClose }: { action: TAction | null; kind: ActionDecision | null; onClose: () => void }) {
  const open = !!action && !!kind;
  const [values, setValues] = useState<Values>({ assigneeUserId: '', dueOn: '', text: '', reason: '', comment: '', fixedByInspectionId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const picksPeople = open && FIELDS[kind].includes('assigneeUserId');
  const staff = useQuery({ ...trpc.plans.inspectors.queryOptions({ search: '' }), enabled: picksPeople });
  const people = (staff.data ?? []).map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }));
  if (action?.assigneeUserId && !people.some((p) => p.id === action.assigneeUserId)) people.unshift({ id: action.assigneeUserId, label: action.assigneeName ?? '' });

  useEffect(() => {
    if (!action) return;
    setValues({ assigneeUserId: action.assigneeUserId ?? '', dueOn: action.dueOn ?? '', text: action.text, reason: '', comment: '', fixedByInspectionId: action.fixedByInspectionId ?? '' });
    setErrors({});
    setGeneral('');
  }, [action, kind]);

  if (!open) return null;
  const fields = FIELDS[kind];
  const show = (found: Record<string, string>, message = '') => {
    const mine = Object.fromEntries(Object.entries(found).filter(([k]) => fields.includes(k as keyof Values)));
    setErrors(mine);
    setGeneral(message || Object.entries(found).filter(([k]) => !(k in mine)).map(([, m]) => m).join(' '));
  };
  const save = async () => {
    const r = request(kind, action, values);
    if ('issues' in r) return show(fieldErrors(r.issues));
    setSaving(true);
    try {
      await r.send();
      await queryClient.invalidateQueries({ queryKey: trpc.actions.pathKey() });
      onClose();
    } catch (e) {
      const s = serverErrors(e);
      show(s.fields, s.general);
    } finally {
      setSaving(false);
    }
  };
  const text = (name: 'text' | 'reason' | 'comment', label: string, required: boolean) => (
    <TextField
      label={label}
      required={required}
      multiline
      minRows={2}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={!!errors[name]}
      helperText={errors[name]}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="action-dialog-title">
      <DialogTitle id="action-dialog-title">{TITLE[kind]}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary">
          {machineWords(action)} · {action.pointName} — {reasonWords(action)}
        </Typography>
        {general && <Alert severity="error">{general}</Alert>}
        {fields.includes('assigneeUserId') && (
          <TextField
            select
            label={ACTION_TEXT.assignee}
            value={staff.data ? values.assigneeUserId : ''}
            disabled={!staff.data}
            onChange={(e) => setValues((v) => ({ ...v, assigneeUserId: e.target.value }))}
            error={!!errors.assigneeUserId}
            helperText={errors.assigneeUserId}
          >
            <MenuItem value="" sx={touchItem}>
              {ACTION_TEXT.nobody}
            </MenuItem>
            {people.map((u) => (
              <MenuItem key={u.id} value={u.id} sx={touchItem}>
                {u.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {fields.includes('dueOn') && (
          <TextField
            label={ACTION_TEXT.dueOn}
            type="date"
            value={values.dueOn}
            onChange={(e) => setValues((v) => ({ ...v, dueOn: e.target.value }))}
            error={!!errors.dueOn}
            helperText={errors.dueOn}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {fields.includes('text') && text('text', ACTION_TEXT.text, false)}
        {fields.includes('reason') && text('reason', ACTION_TEXT.reason, true)}
        {fields.includes('comment') && text('comment', ACTION_TEXT.comment, true)}
        {fields.includes('fixedByInspectionId') && (
          <FixInspectionPick actionId={action.id} value={values.fixedByInspectionId} onChange={(id) => setValues((v) => ({ ...v, fixedByInspectionId: id }))} error={errors.fixedByInspectionId} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {ACTION_TEXT.cancel}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving} sx={{ minHeight: 44 }}>
          {ACTION_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
