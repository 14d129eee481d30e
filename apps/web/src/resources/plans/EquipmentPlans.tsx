import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { isAllowed, P, PlanStates, type TPlan } from '@insp/contracts';
import { shownMessage } from '../../lib/errors';
import { trpc } from '../../providers/trpc';
import { useSession } from '../../providers/session';
import { DeletePlanDialog } from './DeletePlan';
import { DueTable } from './DueTable';
import { PlanDialog } from './PlanDialog';
import { PLAN_TEXT } from './texts';

/** Every state: the machine's plans whatever their due date (the window is for due lists). */
const ALL_STATES = [...PlanStates];

/**
 * 'Plans' on the equipment record (issue 24): the machine's plans with their due state; staff Managers and Admins
 * (P.plansManage) add, edit and delete them; the buttons are absent for others.
 */
export function EquipmentPlans({ equipmentId }: { equipmentId: string }) {
  const { actor } = useSession();
  const manage = isAllowed(P.plansManage, actor);
  const [editing, setEditing] = useState<TPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TPlan | null>(null);
  const plans = useQuery(trpc.plans.due.queryOptions({ equipmentId, states: ALL_STATES, amount: 50, orderKey: 'dueOn', orderDirection: 'asc' }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="equipment-plans-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2" id="equipment-plans-title">
          {PLAN_TEXT.plansTitle}
        </Typography>
        {manage && <Button onClick={() => setEditing('new')}>{PLAN_TEXT.addPlan}</Button>}
      </Box>
      {plans.isPending ? (
        <Typography color="text.secondary">{PLAN_TEXT.loading}</Typography>
      ) : plans.isError ? (
        <Typography role="alert">{shownMessage(plans.error)}</Typography>
      ) : (
        <DueTable
          label={PLAN_TEXT.plansTitle}
          rows={plans.data.result}
          count={plans.data.count}
          empty={PLAN_TEXT.noPlans}
          columns={['type', 'due', 'state', 'inspector']}
          canStart={false}
          onEdit={manage ? setEditing : undefined}
          onDelete={manage ? setDeleting : undefined}
        />
      )}
      {manage && (
        <>
          <PlanDialog equipmentId={equipmentId} plan={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
          <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Paper>
  );
}
