import { Create, Edit, useEditContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import { isAllowed, P } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { RequirePermission } from '../../layout/NotAllowed';
import { EquipmentForm } from './EquipmentForm';
import { EquipmentShow } from './EquipmentShow';
import { EQUIPMENT_TEXT } from './texts';

/** Shows 'Loading equipment details...' (002 §2) until the record is there. */
function EditBody() {
  const { isPending } = useEditContext();
  if (isPending) return <Typography sx={{ p: 2 }}>{EQUIPMENT_TEXT.loading}</Typography>;
  return <EquipmentForm />;
}

/**
 * /Equipments/{id}: the record. Admins edit it; managers, who read equipment but do not write it, see it read-only
 * (issue 20: the page used to be the admins' form only, so managers could not open a record).
 */
export function EquipmentEdit() {
  const { actor } = useSession();
  if (!isAllowed(P.equipmentAdmin, actor)) return <EquipmentShow />;
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
