import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EDIT_LIMITS } from '@insp/contracts';
import { AUDIT_TEXT } from './texts';

/** A text being written: SAVE (only with some text) and CANCEL. */
export function TextEditor({ label, initial, saveLabel = AUDIT_TEXT.save, onSave, onCancel }: {
  label: string;
  initial: string;
  saveLabel?: string;
  onSave(text: string): Promise<unknown> | void;
  onCancel(): void;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <TextField multiline minRows={2} label={label} value={text} autoFocus onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.longText } }} />
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{AUDIT_TEXT.cancel}</Button>
        <Button variant="contained" disabled={!text.trim() || busy} onClick={async () => {
          setBusy(true);
          try {
            await onSave(text.trim());
          } finally {
            setBusy(false);
          }
        }}>
          {saveLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * One action point with edit and delete; or a proposal (000 issue 8) with accept, edit-then-accept and dismiss.
 * `onSave` resolves true when the write went through.
 */
export function SuggestionRow({ text, proposal, readOnly, onSave, onDelete }: {
  text: string;
  proposal?: boolean;
  readOnly: boolean;
  onSave(text: string): Promise<boolean>;
  onDelete(): Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  if (editing)
    return (
      <TextEditor label={proposal ? AUDIT_TEXT.proposals : AUDIT_TEXT.edit} initial={text} saveLabel={proposal ? AUDIT_TEXT.accept : AUDIT_TEXT.save}
        onCancel={() => setEditing(false)} onSave={async (t) => (await onSave(t)) && setEditing(false)} />
    );
  return (
    <Box data-testid={proposal ? 'proposal' : 'suggestion'} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ flex: '1 1 240px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>
      {!readOnly && (
        <Stack direction="row" sx={{ gap: 0.5 }}>
          {proposal && (
            <Button variant="contained" size="small" onClick={() => void onSave(text)} aria-label={`${AUDIT_TEXT.accept}: ${short}`}>
              {AUDIT_TEXT.accept}
            </Button>
          )}
          <Button size="small" onClick={() => setEditing(true)} aria-label={`${AUDIT_TEXT.edit}: ${short}`}>
            {AUDIT_TEXT.edit}
          </Button>
          <Button size="small" color="error" onClick={() => void onDelete()} aria-label={`${proposal ? AUDIT_TEXT.dismiss : AUDIT_TEXT.delete}: ${short}`}>
            {proposal ? AUDIT_TEXT.dismiss : AUDIT_TEXT.delete}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
