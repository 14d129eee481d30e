import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProductModelCreate, type TProductFamily, type TProductModel } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { coarsePointer } from '../../theme';
import { callError } from '../../lib/errors';
import { DeleteDialog } from './DeleteDialog';
import { RenameDialog } from './RenameDialog';

/**
 * The models of the selected family (names descending, 002 §9), each renamed or deleted from its line (issue 20),
 * and the add-model form (name required, 002 §5).
 */
export function ModelsPanel({ family }: { family: TProductFamily | null }) {
  if (!family) {
    return <Typography color="text.secondary" sx={{ p: 2 }}>Select a product family to see its models.</Typography>;
  }
  return <FamilyModels key={family.id} family={family} />;
}

function FamilyModels({ family }: { family: TProductFamily }) {
  const queryClient = useQueryClient();
  const models = useQuery(trpc.productFamilies.models.queryOptions({ familyId: family.id }));
  const create = useMutation(trpc.productFamilies.createModel.mutationOptions());
  const rename = useMutation(trpc.productFamilies.renameModel.mutationOptions());
  const remove = useMutation(trpc.productFamilies.deleteModel.mutationOptions());
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; model: TProductModel } | null>(null);
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.productFamilies.models.queryKey({ familyId: family.id }) });
    await queryClient.invalidateQueries({ queryKey: trpc.productFamilies.all.queryKey() });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { familyId: family.id, name },
      {
        onSuccess: async () => {
          setName('');
          await changed();
        },
        onError: (err) => setError(callError(err).message),
      },
    );
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" data-testid="models-title">Models of {family.name}</Typography>
      {models.isPending ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : models.data?.length ? (
        <List dense aria-label="Product models">
          {models.data.map((m) => (
            <ListItem
              key={m.id}
              divider
              // room for the two buttons, so a long name never runs under them; on a touch screen the line is as tall
              // as its 44 px buttons, so one line's buttons never reach into the next
              sx={{ pr: 13, [coarsePointer]: { minHeight: 48 } }}
              secondaryAction={
                <>
                  <IconButton size="small" aria-label={`Rename ${m.name}`} onClick={() => setDialog({ kind: 'rename', model: m })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" edge="end" aria-label={`Delete ${m.name}`} onClick={() => setDialog({ kind: 'delete', model: m })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              {m.name}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary" sx={{ my: 1 }}>No models defined for the family</Typography>
      )}
      <Box component="form" onSubmit={submit} aria-label="Add model" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}>
        <TextField size="small" label="Model name" required value={name} onChange={(e) => setName(e.target.value)} error={!!error} helperText={error ?? undefined} />
        <Button type="submit" variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} disabled={!ZProductModelCreate.safeParse({ name }).success || create.isPending}>
          Add model
        </Button>
      </Box>
      {dialog?.kind === 'rename' && (
        <RenameDialog
          title={`Rename product model ${dialog.model.name}`}
          fields={[{ key: 'name', label: 'Model name', required: true }]}
          initial={{ name: dialog.model.name }}
          onSave={async (v) => {
            await rename.mutateAsync({ familyId: family.id, modelId: dialog.model.id, name: v.name! });
            await changed();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          what="product model"
          name={dialog.model.name}
          onDelete={() => remove.mutateAsync({ familyId: family.id, modelId: dialog.model.id })}
          onClose={async (deleted) => {
            setDialog(null);
            if (deleted) await changed();
          }}
        />
      )}
    </Box>
  );
}
