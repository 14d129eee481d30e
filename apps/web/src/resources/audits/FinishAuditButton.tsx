import { useState } from 'react';
import FinishIcon from '@mui/icons-material/TaskAltOutlined';
import ReopenIcon from '@mui/icons-material/LockOpenOutlined';
import type { TAuditListItem } from '@insp/contracts';
import { ActionIcon } from '../inspections/ActionIcon';
import { ConfirmDialog } from './ConfirmDialog';
import { AUDIT_TEXT } from './texts';
import { useSetFinished } from './useAuditMutations';

/**
 * Finish (an open audit) or reopen (a finished one), for everyone who sees the list (000 §2.5), each behind its
 * own confirmation. The row's status follows the server's 200 (useSetFinished), not the click.
 */
export function FinishAuditButton({ row }: { row: Pick<TAuditListItem, 'id' | 'name' | 'finished'> }) {
  const [asking, setAsking] = useState<null | boolean>(null);
  const setFinished = useSetFinished();
  const finishing = asking ?? !row.finished;
  const confirm = () =>
    setFinished.mutate({ id: row.id, finished: finishing }, { onSuccess: () => setAsking(null) });
  return (
    <>
      {row.finished ? (
        <ActionIcon label={`Reopen ${row.name}`} tip="Reopen" onClick={() => setAsking(false)}>
          <ReopenIcon fontSize="small" />
        </ActionIcon>
      ) : (
        <ActionIcon label={`Finish ${row.name}`} tip="Finish" onClick={() => setAsking(true)}>
          <FinishIcon fontSize="small" />
        </ActionIcon>
      )}
      <ConfirmDialog
        id={`finish-audit-${row.id}`}
        open={asking !== null}
        title={finishing ? AUDIT_TEXT.finishTitle(row.name) : AUDIT_TEXT.reopenTitle(row.name)}
        question={finishing ? AUDIT_TEXT.finishQuestion : AUDIT_TEXT.reopenQuestion}
        confirm={finishing ? AUDIT_TEXT.finishConfirm : AUDIT_TEXT.reopenConfirm}
        pending={setFinished.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
