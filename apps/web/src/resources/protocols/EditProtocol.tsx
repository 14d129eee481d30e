import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProtocol } from '@insp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { callError, shownMessage } from '../../lib/errors';
import { protocolsApi } from './api';
import { formFromProtocol, lostPoints, toUpdatePayload } from './form';
import { ProtocolEditor } from './ProtocolEditor';
import { PR } from './texts';

/**
 * Changing a saved protocol (issue 19): the create form filled with it, the type fixed. Save sends the whole
 * protocol (PUT semantics over tRPC protocols.update) with when it was read, so a protocol saved by someone else
 * meanwhile is refused rather than overwritten. A version inspections use is saved as a new version: the page
 * that opens next is that version's, saying so.
 */
export function EditProtocol({ id, onSaved, onCancel }: { id: string; onSaved: (p: TProtocol, notice: string) => void; onCancel: () => void }) {
  const q = useQuery({ queryKey: ['protocols.get', id], queryFn: () => protocolsApi.get(id) });
  if (q.error) return <Alert severity="error">{shownMessage(q.error)}</Alert>;
  if (!q.data) return <CircularProgress aria-label="Loading the protocol" />;
  if (q.data.supersededAt) return <Alert severity="info">{PR.oldVersionNoEdit}</Alert>;
  return <EditForm p={q.data} onSaved={onSaved} onCancel={onCancel} />;
}

function EditForm({ p, onSaved, onCancel }: { p: TProtocol; onSaved: (p: TProtocol, notice: string) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  // Read once: a refetch in the background must not replace what is being edited.
  const [initial] = useState(() => formFromProtocol(p));
  const lost = lostPoints(p);
  return (
    <ProtocolEditor
      initial={initial}
      label={PR.editTitle(p.name)}
      saveLabel={PR.saveChanges}
      resetAfterSave={false}
      typeLocked
      header={
        <>
          <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>{PR.editTitle(p.name)}</Typography>
          {p.draft ? <Alert severity="info">{PR.draftNote}</Alert> : null}
          {lost ? <Alert severity="warning">{PR.lostPoints(lost)}</Alert> : null}
        </>
      }
      actions={<Button onClick={onCancel}>{PR.cancelEdit}</Button>}
      save={async (form, name) => {
        try {
          const saved = await protocolsApi.update(p.id, toUpdatePayload(form, name, p));
          const notice = saved.id !== p.id ? PR.savedAsVersion(saved.version, p.version) : saved.updated === p.updated ? PR.noChanges : PR.changesSaved;
          qc.setQueryData(['protocols.get', saved.id], saved);
          void qc.invalidateQueries({ queryKey: ['protocols.get'] });
          void qc.invalidateQueries({ queryKey: ['protocols.list'] });
          return { done: true, after: () => onSaved(saved, notice) };
        } catch (e) {
          const err = callError(e);
          return { done: false, failure: { status: err.status, field: err.field, message: shownMessage(e) } };
        }
      }}
    />
  );
}
