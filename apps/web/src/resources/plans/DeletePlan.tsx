import { useState } from 'react';
import Alert from '@mui/material/Alert';
import type { TPlan } from '@insp/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { shownMessage } from '../../lib/errors';
import { trpcClient } from '../../providers/trpc';
import { machineLabel, PLAN_TEXT, typeLabel } from './texts';
import { usePlanChange } from './usePlanChange';

/** 'Delete plan …?': the plan goes (softly, on the server); the machine's inspections stay. */
export function DeletePlanDialog({ plan, onClose }: { plan: TPlan | null; onClose: () => void }) {
  const planChange = usePlanChange();
  const [error, setError] = useState('');
  const name = plan ? `${typeLabel(plan.inspectionType)} of ${machineLabel(plan)}` : '';
  return (
    <>
      {error && <Alert severity="error" onClose={() => setError('')}>{error}</Alert>}
      <ConfirmDialog
        open={!!plan}
        title={`Delete plan ${name}?`}
        text="The plan stops; the equipment's inspections stay."
        yes={PLAN_TEXT.delete}
        no={PLAN_TEXT.cancel}
        onNo={onClose}
        onYes={() => {
          const id = plan!.id;
          onClose();
          planChange(() => trpcClient.plans.delete.mutate({ id })).catch((e: unknown) => setError(shownMessage(e)));
        }}
      />
    </>
  );
}
