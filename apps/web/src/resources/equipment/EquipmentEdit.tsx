import { Create, Edit, useEditContext } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { EquipmentPlans } from '../plans/EquipmentPlans';
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
  const { id = '' } = useParams();
  if (!isAllowed(P.equipmentAdmin, actor)) return <EquipmentShow />;
  return (
    <RequirePermission rule={P.equipmentAdmin}>
      <Edit resource="Equipments" title="Edit equipment" mutationMode="pessimistic" redirect="list">
        <EditBody />
      </Edit>
      {/* Issue 24: the machine's inspection plans, below the form (their own saves, not the form's). */}
      <Box sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
        <EquipmentPlans equipmentId={id} />
      </Box>
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
