import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useDelete, useNotify } from 'react-admin';
import { isAllowed, P, type TAuditListItem } from '@insp/contracts';
import { shownMessage } from '../../lib/errors';
import { useSession } from '../../providers/session';
import { ActionIcon } from '../inspections/ActionIcon';
import { ConfirmDialog } from './ConfirmDialog';
import { AUDIT_TEXT } from './texts';
import { AUDITS } from './useAuditMutations';

/** Delete of an audit row (Manager and above, 000 §2.5, §6) after 'Delete audit {name}?'; nothing for anyone else. */
export function DeleteAuditButton({ row }: { row: Pick<TAuditListItem, 'id' | 'name'> }) {
  const { actor } = useSession();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!isAllowed(P.auditsDelete, actor)) return null;
  const confirm = () =>
    remove(
      AUDITS,
      { id: row.id, previousData: { id: row.id } },
      { mutationMode: 'pessimistic', onSuccess: () => setOpen(false), onError: (e) => notify(shownMessage(e), { type: 'error' }) },
    );
  return (
    <>
      <ActionIcon label={`Delete ${row.name}`} tip="Delete" onClick={() => setOpen(true)}>
        <DeleteIcon fontSize="small" />
      </ActionIcon>
      <ConfirmDialog
        id={`delete-audit-${row.id}`}
        open={open}
        title={AUDIT_TEXT.deleteTitle(row.name)}
        question={AUDIT_TEXT.deleteQuestion}
        confirm="DELETE"
        danger
        pending={isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
