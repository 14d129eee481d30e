import { listProps } from '../../components/listProps';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import CompareIcon from '@mui/icons-material/CompareArrows';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { CreateButton, Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, useRecordContext } from 'react-admin';
import type { TCustomerListItem } from '@insp/contracts';
import { canCompare, comparePath, COMPARE_CAP, toggleCompare } from './compareSelection';
import { DeleteCustomerDialog, type DeleteTarget } from './DeleteCustomerDialog';
import { userLanguage } from '../../lib/language';
import { TEXT } from './texts';
import { useCustomersAdmin } from './useCustomersAdmin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name or MDM id" />];
const stop = (e: React.SyntheticEvent) => e.stopPropagation();

/** /Customers (002 §2): search, sort, pages of 50; admins tick two to compare and delete rows. */
export function CustomerList() {
  const admin = useCustomersAdmin();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);

  const actions = (
    <TopToolbar>
      {admin && (
        <Button startIcon={<CompareIcon />} disabled={!canCompare(selected)} onClick={() => navigate(comparePath(selected))}>
          {TEXT.compareSelected}
        </Button>
      )}
      {admin && (
        <Button startIcon={<UploadIcon />} onClick={() => navigate('/Customers/import')}>
          Import
        </Button>
      )}
      {admin && <CreateButton />}
    </TopToolbar>
  );

  return (
    <>
      <List
        {...listProps}
        resource="Customers"
        title="Customers"
        filters={filters}
        actions={actions}
        // spec 002 §9: customers sort by name descending by default; names in the user's language (issue 20).
        filter={{ lang: userLanguage() }}
        sort={{ field: 'name', order: 'DESC' }}
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" label="Name" />
          <TextField source="mdmCustomerId" label="MDM id" />
          {admin && (
            <FunctionField
              label="Compare"
              sortable={false}
              render={(r: TCustomerListItem) => (
                <CompareBox id={r.id} selected={selected} onToggle={(id) => setSelected((s) => toggleCompare(s, id))} />
              )}
            />
          )}
          {admin && <DeleteCell label="Delete" onDelete={setToDelete} />}
        </Datagrid>
      </List>
      <DeleteCustomerDialog target={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function CompareBox({ id, selected, onToggle }: { id: string; selected: string[]; onToggle: (id: string) => void }) {
  const checked = selected.includes(id);
  return (
    <Checkbox
      size="small"
      checked={checked}
      disabled={!checked && selected.length >= COMPARE_CAP}
      onClick={stop}
      onChange={() => onToggle(id)}
      slotProps={{ input: { 'aria-label': 'Compare' } }}
    />
  );
}

/** `label` names the column (Datagrid reads it from the child's props). */
function DeleteCell({ onDelete }: { label: string; onDelete: (t: DeleteTarget) => void }) {
  const record = useRecordContext<TCustomerListItem>();
  if (!record) return null;
  return (
    <IconButton
      size="small"
      aria-label={`Delete ${record.name}`}
      onClick={(e) => {
        stop(e);
        onDelete({ id: record.id, name: record.name });
      }}
    >
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
}
