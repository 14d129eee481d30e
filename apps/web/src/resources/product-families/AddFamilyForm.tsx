import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { ZProductFamilyCreate, type TProductFamily } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { callError } from '../../lib/errors';

/** Add family (002 §5: name and category required; the button stays disabled until both are given). */
export function AddFamilyForm({ onAdded }: { onAdded: (family: TProductFamily) => void }) {
  const notify = useNotify();
  const categories = useQuery(trpc.productFamilies.categories.queryOptions());
  const [familyName, setName] = useState('');
  const [longFamilyName, setLong] = useState('');
  const [productCategoryId, setCategory] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const create = useMutation(trpc.productFamilies.create.mutationOptions());
  const valid = ZProductFamilyCreate.safeParse({ familyName, longFamilyName, productCategoryId }).success;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { familyName, longFamilyName, productCategoryId },
      {
        onSuccess: (family) => {
          setName('');
          setLong('');
          notify(`Product family ${family.name} added`, { type: 'success' });
          onAdded(family);
        },
        onError: (err) => setError(callError(err)),
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Add family" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', p: 2 }}>
      <Typography variant="subtitle2" sx={{ width: '100%' }}>Add family</Typography>
      <TextField size="small" label="Name" required value={familyName} onChange={(e) => setName(e.target.value)}
        error={error?.field === 'familyName'} helperText={error?.field === 'familyName' ? error.message : undefined} />
      <TextField size="small" label="Long name" value={longFamilyName} onChange={(e) => setLong(e.target.value)} />
      <TextField select size="small" label="Category" required value={productCategoryId} onChange={(e) => setCategory(e.target.value)}
        sx={{ minWidth: 180 }} error={error?.field === 'productCategoryId'} helperText={error?.field === 'productCategoryId' ? error.message : undefined}>
        {(categories.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={!valid || create.isPending}>Add family</Button>
      {error && !error.field && <Typography color="error" variant="body2" sx={{ width: '100%' }}>{error.message}</Typography>}
    </Box>
  );
}
