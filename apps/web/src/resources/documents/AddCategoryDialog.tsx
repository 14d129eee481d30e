import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { trpcClient } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { useReloadDocuments } from './api';

/**
 * Add category (002 §2, §7 POST categories: name, parentCategoryId). A retry cannot make a second one: names are
 * unique among siblings (the server answers 409 naming `name`).
 */
export function AddCategoryDialog({ open, onClose, categories, parentId, onAdded }: {
  open: boolean; onClose(): void; categories: { id: string; label: string }[]; parentId: string | null; onAdded(id: string): void;
}) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState(parentId ?? '');
  const reload = useReloadDocuments();
  const create = useMutation({
    mutationFn: () => trpcClient.documents.createCategory.mutate({ name, parentCategoryId: parent || null }),
    onSuccess: async (c) => {
      await reload();
      onAdded(c.id);
      setName('');
      onClose();
    },
  });
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="add-category-title"
      slotProps={{ transition: { onEnter: () => { setParent(parentId ?? ''); create.reset(); } } }}>
      <DialogTitle id="add-category-title">Add category</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoFocus required />
        <TextField select label="Parent category" value={parent} onChange={(e) => setParent(e.target.value)}>
          <MenuItem value="">(top level)</MenuItem>
          {categories.map((c) => <MenuItem key={c.id} value={c.id}>{c.label}</MenuItem>)}
        </TextField>
        {create.error ? <Alert severity="error">{shownMessage(create.error)}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>Cancel</Button>
        <Button variant="contained" onClick={() => create.mutate()} disabled={!name.trim() || create.isPending}>
          {create.isPending ? 'Saving' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
