import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZAuditInspectorInput, type TAudit } from '@insp/contracts';
import { useInspectionWrites } from '../../inspection-writes';
import { useAuditEditing } from './context';
import { useDialogWrite } from './useDialogWrite';
import { AUDIT_TEXT } from './texts';

/** 000 §2.6 change inspector modal: inspector name and inspector e-mail, SAVE and CANCEL; checked with the API's schema. */
export function InspectorDialog({ open, audit, onClose }: { open: boolean; audit: TAudit; onClose(): void }) {
  const writes = useInspectionWrites();
  const { auditId } = useAuditEditing();
  const [name, setName] = useState(audit.inspector);
  const [email, setEmail] = useState(audit.inspectorContact);
  const { busy, error, setError, write } = useDialogWrite(onClose);
  useEffect(() => {
    if (open) {
      setName(audit.inspector);
      setEmail(audit.inspectorContact);
      setError(null);
    }
  }, [open, audit.inspector, audit.inspectorContact]);
  const parsed = ZAuditInspectorInput.safeParse({ inspector: name, inspectorContact: email });
  const emailProblem = parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === 'inspectorContact')?.message;
  const save = () => parsed.success && write(() => writes.setAuditInspector(auditId, parsed.data));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="inspector-title" fullWidth maxWidth="xs">
      <DialogTitle id="inspector-title">{AUDIT_TEXT.inspectorTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={AUDIT_TEXT.inspectorName} value={name} required onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <TextField label={AUDIT_TEXT.inspectorEmail} type="email" value={email} onChange={(e) => setEmail(e.target.value)}
            error={!!emailProblem && email !== ''} helperText={email !== '' && emailProblem ? `Inspector e-mail ${emailProblem}` : ' '} />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{AUDIT_TEXT.cancel}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!parsed.success || busy}>
          {AUDIT_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
