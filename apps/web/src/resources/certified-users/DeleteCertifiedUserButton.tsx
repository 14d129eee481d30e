import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { TCertifiedUser } from '@insp/contracts';
import IconButton from '@mui/material/IconButton';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { deleteQuestion, errorLines } from './certifications';
import { RESOURCE } from './CertifiedUserDialog';

/** Delete icon of a row with the spec's confirmation (002 §2); the list reloads afterwards (§4). */
export function DeleteCertifiedUserButton({ user }: { user: TCertifiedUser }) {
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();

  async function confirm() {
    setOpen(false);
    try {
      await dataProvider.delete(RESOURCE, { id: user.id, previousData: user });
    } catch {
      notify(errorLines.delete(user), { type: 'error' });
    }
    refresh();
  }

  return (
    <>
      <IconButton
        aria-label={`Delete ${user.email}`}
        onClick={(e) => {
          e.stopPropagation(); // the row click opens the edit dialog
          setOpen(true);
        }}
      >
        <DeleteOutline />
      </IconButton>
      <Confirm
        isOpen={open}
        title="Delete certified user"
        content={deleteQuestion(user)}
        confirm="Delete"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
