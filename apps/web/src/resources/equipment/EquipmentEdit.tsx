import { Create, Edit, useEditContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import { P } from '@insp/contracts';
import { RequirePermission } from '../../layout/NotAllowed';
import { EquipmentForm } from './EquipmentForm';
import { EQUIPMENT_TEXT } from './texts';

/** Shows 'Loading equipment details...' (002 §2) until the record is there. */
function EditBody() {
  const { isPending } = useEditContext();
  if (isPending) return <Typography sx={{ p: 2 }}>{EQUIPMENT_TEXT.loading}</Typography>;
  return <EquipmentForm />;
}

export function EquipmentEdit() {
  return (
    <RequirePermission rule={P.equipmentAdmin}>
      <Edit resource="Equipments" title="Edit equipment" mutationMode="pessimistic" redirect="list">
        <EditBody />
      </Edit>
    </RequirePermission>
  );
}

export function EquipmentCreate() {
  return (
    <RequirePermission rule={P.equipmentAdmin}>
      <Create resource="Equipments" title="Add equipment" redirect="list">
        <EquipmentForm />
      </Create>
    </RequirePermission>
  );
}
