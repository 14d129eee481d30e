import { listProps } from '../../components/listProps';
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Datagrid, FunctionField, List, SearchInput, TextField, useRefresh } from 'react-admin';
import type { TProductFamily } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { AddFamilyForm } from './AddFamilyForm';
import { DeleteDialog } from './DeleteDialog';
import { ModelsPanel } from './ModelsPanel';
import { RenameDialog } from './RenameDialog';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search families" />];
type FamilyDialog = { kind: 'rename' | 'delete'; family: TProductFamily } | null;

/**
 * /ProductFamilies (002 §2): families (name, category) on the left, each renamed or deleted from its row (issue 20);
 * the selected family's models on the right.
 */
export function ProductFamiliesPage() {
  const [selected, setSelected] = useState<TProductFamily | null>(null);
  const [dialog, setDialog] = useState<FamilyDialog>(null);
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const rename = useMutation(trpc.productFamilies.rename.mutationOptions());
  const remove = useMutation(trpc.productFamilies.delete.mutationOptions());
  const changed = async () => {
    refresh();
    await queryClient.invalidateQueries({ queryKey: trpc.productFamilies.all.queryKey() });
  };
  const open = (kind: 'rename' | 'delete', family: TProductFamily) => (e: React.MouseEvent) => {
    e.stopPropagation(); // the row click selects the family
    setDialog({ kind, family });
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
      <Box sx={{ flex: 3, minWidth: 0 }}>
        <List
          {...listProps}
          resource="ProductFamilies"
          title="Product families"
          filters={filters}
          actions={false}
          // spec 002 §9: families sort by name descending by default.
          sort={{ field: 'name', order: 'DESC' }}
        >
          <Datagrid
            bulkActionButtons={false}
            rowClick={(_id, _res, record) => {
              setSelected(record as TProductFamily);
              return false;
            }}
            rowSx={(r) => (r.id === selected?.id ? { bgcolor: 'action.selected' } : {})}
          >
            <TextField source="name" label="Name" />
            <TextField source="productCategoryName" label="Category" />
            <FunctionField
              label="Actions"
              sortable={false}
              render={(f: TProductFamily) => (
                <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={`Rename ${f.name}`} onClick={open('rename', f)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Delete ${f.name}`} onClick={open('delete', f)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              )}
            />
          </Datagrid>
        </List>
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <AddFamilyForm
            onAdded={(family) => {
              setSelected(family);
              refresh();
            }}
          />
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ flex: 2, mt: 8, minWidth: 280 }}>
        <ModelsPanel family={selected} />
      </Paper>
      {dialog?.kind === 'rename' && (
        <RenameDialog
          title={`Rename product family ${dialog.family.name}`}
          fields={[{ key: 'familyName', label: 'Name', required: true }, { key: 'longFamilyName', label: 'Long name' }]}
          initial={{ familyName: dialog.family.name, longFamilyName: dialog.family.longFamilyName }}
          onSave={async (v) => {
            const family = await rename.mutateAsync({ id: dialog.family.id, familyName: v.familyName!, longFamilyName: v.longFamilyName ?? '' });
            if (selected?.id === family.id) setSelected(family);
            await changed();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          what="product family"
          name={dialog.family.name}
          onDelete={() => remove.mutateAsync({ id: dialog.family.id })}
          onClose={async (deleted) => {
            const id = dialog.family.id;
            setDialog(null);
            if (!deleted) return;
            if (selected?.id === id) setSelected(null);
            await changed();
          }}
        />
      )}
    </Box>
  );
}
