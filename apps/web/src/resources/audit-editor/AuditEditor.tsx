import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { TAudit } from '@insp/contracts';
import { MakeAvailableOffline } from '../../offline-available';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { LocalImagesProvider } from '../inspection-edit/photos/localImages';
import { ActionPoints } from './ActionPoints';
import { AuditInfoBox } from './AuditInfoBox';
import { SaveStatusLine } from './SaveStatusLine';
import { Comments } from './Comments';
import { AuditEditingContext } from './context';
import { DownloadReport } from './DownloadReport';
import { AuditPreviousValuesProvider } from './previous';
import { RunSections } from './RunSections';
import { AUDIT_TEXT } from './texts';
import { hasUnsavedAutosaves } from './useAutosave';

/** How often an open editor reads the audit again to show others' changes (issue 23). */
export const REREAD_MS = 30_000;

/**
 * /Audits/{id} (000 §2.6): the audit editor. Every change is written as it is made (texts and points autosave
 * 1 s after the last change, the rest at once) through the write module; the audit is read again after writes
 * that change its shape and by Refresh. A finished audit is shown read-only until reopened (000 §4).
 */
export function AuditEditor() {
  const { id = '' } = useParams();
  // Issue 23: read again when the window regains focus, on reconnect and every 30 s while open (not in a background
  // tab), so a change someone else made to a point or text shows beside it (edit-conflicts).
  const query = useQuery({ ...trpc.audits.get.queryOptions({ id }), refetchOnWindowFocus: 'always', refetchOnReconnect: 'always', refetchInterval: REREAD_MS });
  const audit = query.data as TAudit | undefined;
  const [refreshing, setRefreshing] = useState(false);
  // Only Refresh's own failure is shown: a background read (focus, reconnect, the poll) that fails keeps the audit
  // on screen without an alarm (on a bad connection it fails often; the writes say for themselves what waits).
  const [refreshError, setRefreshError] = useState<unknown>(null);
  // Refresh shows the server's values: the texts and points below hold their own state, so they start again.
  const [generation, setGeneration] = useState(0);
  const editing = useMemo(
    () => ({ auditId: id, readOnly: audit?.finished ?? true, reload: () => query.refetch() }),
    [id, audit?.finished, query.refetch],
  );

  // Closing or reloading the tab before a change is saved: the browser asks first (saves run in the page).
  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (hasUnsavedAutosaves()) e.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  if (query.isError && !audit) return <Alert severity="error">{shownMessage(query.error)}</Alert>;
  if (!audit) return <Typography color="text.secondary">{AUDIT_TEXT.loading}</Typography>;
  const refresh = async () => {
    setRefreshing(true);
    const r = await query.refetch().finally(() => setRefreshing(false));
    setRefreshError(r.isError ? r.error : null);
    // Fields restart from the server's answer only when there is one: a failed read keeps what is on screen (answers
    // still waiting in the offline queue among it).
    if (!r.isError) setGeneration((g) => g + 1);
  };
  return (
    <AuditEditingContext.Provider value={editing}>
      <LocalImagesProvider>
        {/* Outside the fields' generation: Refresh restarts the fields, not this read (its own rule, previous.tsx). */}
        <AuditPreviousValuesProvider audit={audit}>
          <Stack spacing={3} sx={{ pb: 4 }}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="h1">{AUDIT_TEXT.title(audit.name)}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={refreshing}>
                  {AUDIT_TEXT.refresh}
                </Button>
                <Button variant="outlined" component={RouterLink} to={`/Audits/${id}/report`}>
                  {AUDIT_TEXT.viewReport}
                </Button>
                <DownloadReport audit={audit} />
                <MakeAvailableOffline kind="audit" id={id} />
              </Stack>
            </Stack>
            {!audit.finished && <SaveStatusLine auditId={audit.id} />}
            {!!refreshError && <Alert severity="error">{shownMessage(refreshError)}</Alert>}
            {audit.finished && <Alert severity="info">{AUDIT_TEXT.finished}</Alert>}
            {/* A disabled fieldset disables every native control below it: the finished audit reads, nothing more. */}
            <Box key={generation} component="fieldset" disabled={audit.finished} data-testid="audit-body" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Stack spacing={3}>
                <AuditInfoBox audit={audit} />
                <ActionPoints audit={audit} />
                <Comments audit={audit} />
                <RunSections audit={audit} />
              </Stack>
            </Box>
          </Stack>
        </AuditPreviousValuesProvider>
      </LocalImagesProvider>
    </AuditEditingContext.Provider>
  );
}
