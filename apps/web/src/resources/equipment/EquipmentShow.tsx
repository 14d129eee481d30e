import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { TEquipmentDetail } from '@insp/contracts';
import { usePageTitle } from '../../components/usePageTitle';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { EQUIPMENT_TEXT } from './texts';
import { EquipmentPlans } from '../plans/EquipmentPlans';

const facts: Array<[string, (e: TEquipmentDetail) => string | number | null]> = [
  ['Serial number', (e) => e.serialNumber],
  ['Nickname', (e) => e.nickName],
  ['MDM id', (e) => e.mdmEquipmentId],
  ['Customer', (e) => e.customerName],
  ['Site', (e) => e.customerSiteName],
  ['Product family', (e) => e.productFamilyName],
  ['Product model', (e) => e.productModelName],
  ['Inspections conducted', (e) => e.inspectionCount],
];

/**
 * /Equipments/{id} read-only, for managers (issue 20): they read equipment (P.equipment) but only admins edit it, and
 * the record used to open only as the admins' edit form, so a manager's row click did nothing.
 */
export function EquipmentShow() {
  const { id = '' } = useParams();
  const equipment = useQuery(trpc.equipment.get.queryOptions({ id }));
  const e = equipment.data;
  const label = e ? [e.serialNumber, e.nickName].filter(Boolean).join(' · ') : '';
  usePageTitle(e ? `Equipment ${label}` : 'Equipment');

  if (equipment.isPending) return <Typography sx={{ p: 2 }}>{EQUIPMENT_TEXT.loading}</Typography>;
  if (!e) return <Typography sx={{ p: 2 }} role="alert">{shownMessage(equipment.error)}</Typography>;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Button component={Link} to="/Equipments">Back to equipment</Button>
      <Typography variant="h1" sx={{ my: 2 }}>
        Equipment {label}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {facts.map(([name, value]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">{name}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{value(e) ?? '—'}</Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <EquipmentPlans equipmentId={id} />
    </Box>
  );
}
