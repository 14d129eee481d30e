import { listProps } from '../../components/listProps';
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { CreateButton, Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import Typography from '@mui/material/Typography';
import { formatDueOn, stateWords } from '../plans/texts';
import { isAllowed, P, type TEquipment } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { DeleteEquipmentDialog, type EquipmentDeleteTarget } from './DeleteEquipmentDialog';
import { ManageProductModelsLink } from './ManageProductModelsLink';

// Issue 24: the due filter, from the machines' inspection plans (the server filters in SQL).
const dueChoices = [
  { id: 'overdue', name: 'Overdue' },
  { id: 'due', name: 'Due now or overdue' },
  { id: 'planned', name: 'With a plan' },
  { id: 'unplanned', name: 'Without a plan' },
];
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search serial, nickname, MDM id, family or model" />,
  <SelectInput key="due" source="due" label="Due" choices={dueChoices} alwaysOn emptyText="Any" />,
];

/** 'Next due': the earliest due date of the machine's plans, and where they stand in words. */
function NextDue({ e }: { e: TEquipment }) {
  if (!e.nextDueOn || !e.nextDueState) return <>—</>;
  return (
    <>
      {formatDueOn(e.nextDueOn)}
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: e.nextDueState === 'overdue' ? 600 : 400 }}>
        {stateWords({ state: e.nextDueState, daysPastDue: e.nextDueDaysPastDue ?? 0 })}
      </Typography>
    </>
  );
}
const labelOf = (e: TEquipment) => [e.serial, e.nickName].filter(Boolean).join(' · ');

/**
 * /Equipments (002 §2): search, sort, pages of 50; a row opens the record (admins edit it); admins add and delete.
 * Issue 24 adds 'Next due' and its filter.
 */
export function EquipmentList() {
  const { actor } = useSession();
  const admin = isAllowed(P.equipmentAdmin, actor);
  const [toDelete, setToDelete] = useState<EquipmentDeleteTarget | null>(null);

  const actions = (
    <TopToolbar>
      <ManageProductModelsLink />
      {admin && <CreateButton />}
    </TopToolbar>
  );

  return (
    <>
      <List
        {...listProps}
        resource="Equipments"
        title="Equipment"
        filters={filters}
        actions={actions}
        // spec 002 §9: equipment sorts by serial descending by default.
        sort={{ field: 'serial', order: 'DESC' }}
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="serial" label="Serial" />
          <TextField source="nickName" label="Nickname" />
          <TextField source="mdmEquipmentId" label="MDM id" />
          <TextField source="productFamilyName" label="Product family" />
          <TextField source="productModelName" label="Product model" />
          <FunctionField source="nextDueOn" label="Next due" sortBy="nextDueOn" render={(e: TEquipment) => <NextDue e={e} />} />
          {admin && (
            <FunctionField
              label="Delete"
              sortable={false}
              render={(e: TEquipment) => (
                <IconButton
                  aria-label={`Delete ${labelOf(e)}`}
                  size="small"
                  onClick={(ev) => {
                    ev.stopPropagation();
                    setToDelete({ id: e.id, label: labelOf(e) });
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            />
          )}
        </Datagrid>
      </List>
      <DeleteEquipmentDialog target={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
