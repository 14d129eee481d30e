import { useEffect, useSyncExternalStore } from 'react';
import Typography from '@mui/material/Typography';
import { userZoneName } from '../../lib/dates';
import { saveStatus } from './useAutosave';
import { AUDIT_TEXT } from './texts';
import { useWaitingCount } from '../../offline-queue';

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
  // Issue 23: a change answered on the device (offline) is not yet on the server; say so rather than 'All saved'.
  const queued = useWaitingCount();
  const onDevice = !waiting && queued > 0;
  const text = waiting ? AUDIT_TEXT.savingChanges : onDevice ? AUDIT_TEXT.savedOnDevice(queued) : lastSavedAt != null ? AUDIT_TEXT.allSaved(clock(lastSavedAt)) : AUDIT_TEXT.noChangesYet;
  const state = waiting ? 'waiting' : onDevice ? 'device' : lastSavedAt != null ? 'saved' : 'none';
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" data-testid="save-status" data-state={state}>
      {text}
    </Typography>
  );
}
