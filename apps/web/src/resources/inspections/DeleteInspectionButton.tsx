import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { ActionIcon } from './ActionIcon';
import { DeleteInspectionDialog, type InspectionTarget } from './DeleteInspectionDialog';
import { useReportActions } from './useReportMutations';

/** Delete of a row (Manager and above, 000 §6; the shared rule) with its confirmation; nothing for anyone else. */
export function DeleteInspectionButton({ row }: { row: InspectionTarget & { status: string; inspectorContact: string } }) {
  const [target, setTarget] = useState<InspectionTarget | null>(null);
  if (!useReportActions(row).delete) return null;
  return (
    <>
      <ActionIcon label={`Delete ${row.name}`} tip="Delete" onClick={() => setTarget({ id: row.id, name: row.name })}>
        <DeleteIcon fontSize="small" />
      </ActionIcon>
      <DeleteInspectionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
