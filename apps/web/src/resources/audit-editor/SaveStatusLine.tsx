import { useEffect, useSyncExternalStore } from 'react';
import Typography from '@mui/material/Typography';
import { userZoneName } from '../../lib/dates';
import { saveStatus } from './useAutosave';
import { AUDIT_TEXT } from './texts';

// the user's own clock, named by its zone as every time the app shows ('14:05:09 EET')
const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const clock = (ms: number) => `${clockFormat.format(ms)} ${userZoneName(ms)}`;

/**
 * Issue 20: the audit editor says whether its changes are saved and when the last one was, so an inspector who
 * loses the connection or closes the tablet knows what reached the server. Announced politely to screen readers.
 */
export function SaveStatusLine({ auditId }: { auditId: string }) {
  useEffect(() => saveStatus.reset(), [auditId]);
  const { waiting, lastSavedAt } = useSyncExternalStore(saveStatus.subscribe, saveStatus.get);
  const text = waiting ? AUDIT_TEXT.savingChanges : lastSavedAt != null ? AUDIT_TEXT.allSaved(clock(lastSavedAt)) : AUDIT_TEXT.noChangesYet;
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" data-testid="save-status" data-state={waiting ? 'waiting' : lastSavedAt != null ? 'saved' : 'none'}>
      {text}
    </Typography>
  );
}
