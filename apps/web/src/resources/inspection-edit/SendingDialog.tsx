import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { EDIT_TEXT } from './texts';

export interface SendProgress {
  /** Photos and signatures to upload first (000 §4), and how far along: photo n of total, its bytes 0..1. */
  uploads: number;
  current: number;
  fraction: number;
  saving: boolean;
}

/** 000 §2.8: while saving, a 'Sending...' modal with 'This may take a while.'; without onClose it cannot be dismissed. */
export function SendingDialog({ progress }: { progress: SendProgress | null }) {
  const p = progress;
  const overall = p && p.uploads > 0 ? ((p.current - 1 + p.fraction) / p.uploads) * 100 : undefined;
  return (
    <Dialog open={!!p} aria-labelledby="sending-title" aria-describedby="sending-text">
      <DialogTitle id="sending-title">{EDIT_TEXT.sending}</DialogTitle>
      <DialogContent sx={{ minWidth: { xs: 260, sm: 360 } }}>
        <DialogContentText id="sending-text">{EDIT_TEXT.mayTakeAWhile}</DialogContentText>
        {p && (
          <>
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="sending-step" aria-live="polite">
              {p.saving || p.uploads === 0 ? EDIT_TEXT.savingData : EDIT_TEXT.uploading(p.current, p.uploads)}
            </Typography>
            <LinearProgress
              sx={{ mt: 1 }}
              aria-label="Progress"
              variant={p.saving || overall === undefined ? 'indeterminate' : 'determinate'}
              value={p.saving ? undefined : overall}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
