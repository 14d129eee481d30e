import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { isAllowed, P } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { ActionIcon } from './ActionIcon';
import { DeleteInspectionDialog, type InspectionTarget } from './DeleteInspectionDialog';

/** Delete of a row (Manager and above, 000 §6) with its confirmation; nothing for anyone else. */
export function DeleteInspectionButton({ row }: { row: InspectionTarget }) {
  const { actor } = useSession();
  const [target, setTarget] = useState<InspectionTarget | null>(null);
  if (!isAllowed(P.reportsDelete, actor)) return null;
  return (
    <>
      <ActionIcon label={`Delete ${row.name}`} tip="Delete" onClick={() => setTarget({ id: row.id, name: row.name })}>
        <DeleteIcon fontSize="small" />
      </ActionIcon>
      <DeleteInspectionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
