import { listProps } from '../../components/listProps';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Datagrid, List, SearchInput, TextField, useRefresh } from 'react-admin';
import type { TProductFamily } from '@insp/contracts';
import { AddFamilyForm } from './AddFamilyForm';
import { ModelsPanel } from './ModelsPanel';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search families" />];

/** /ProductFamilies (002 §2): families (name, category) on the left; the selected family's models on the right. */
export function ProductFamiliesPage() {
  const [selected, setSelected] = useState<TProductFamily | null>(null);
  const refresh = useRefresh();
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
    </Box>
  );
}
