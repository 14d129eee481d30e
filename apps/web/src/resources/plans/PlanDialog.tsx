import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { ZPlanInput, ZPlanUpdate, type TPlan } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { offered } from '../../pages/start-inspection/startRules';
import { touchItem } from '../../pages/start-inspection/touch';
import { emptyPlanValues, PlanFields, planFieldsInput, type PlanValues } from './PlanFields';
import { PLAN_TEXT } from './texts';
import { fieldErrors, serverErrors, usePlanChange } from './usePlanChange';

const valuesOf = (p: TPlan): PlanValues => ({
  inspectionType: p.inspectionType,
  protocolId: p.protocolId ?? '',
  graceDays: String(p.graceDays),
  inspectorUserId: p.inspectorUserId ?? '',
  startsOn: p.startsOn,
  remindCustomer: p.remindCustomer,
});

/**
 * Add a plan to one machine, or edit one (its type stays: another type is another plan). The protocol choices are
 * the protocols that fit the machine, of the chosen type (protocolFit.sortedByFit, best fit first).
 */
export function PlanDialog({ equipmentId, plan, open, onClose }: { equipmentId: string; plan: TPlan | null; open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<PlanValues>(emptyPlanValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [saving, setSaving] = useState(false);
  const planChange = usePlanChange();
  const fits = useQuery({ ...trpc.protocolFit.sortedByFit.queryOptions({ equipmentId }), enabled: open });
  const protocols = offered(fits.data ?? []).filter((p) => p.type === values.inspectionType);

  useEffect(() => {
    if (!open) return;
    setValues(plan ? valuesOf(plan) : emptyPlanValues);
    setErrors({});
    setGeneral('');
  }, [open, plan]);

  const save = async () => {
    if (!values.inspectionType) return setErrors({ inspectionType: PLAN_TEXT.chooseType });
    const shared = { ...planFieldsInput(values), protocolId: values.protocolId || null };
    const { inspectionType: _type, ...changes } = shared;
    const parsed = plan ? ZPlanUpdate.safeParse(changes) : ZPlanInput.safeParse({ equipmentId, ...shared });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setSaving(true);
    try {
      await planChange(() =>
        plan ? trpcClient.plans.update.mutate({ id: plan.id, data: ZPlanUpdate.parse(changes) }) : trpcClient.plans.create.mutate(ZPlanInput.parse({ equipmentId, ...shared })),
      );
      onClose();
    } catch (e) {
      const s = serverErrors(e);
      setErrors(s.fields);
      setGeneral(s.general);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="plan-dialog-title">
      <DialogTitle id="plan-dialog-title">{plan ? PLAN_TEXT.editPlan : PLAN_TEXT.addPlan}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {general && <Alert severity="error">{general}</Alert>}
        <PlanFields
          values={values}
          change={(patch) => setValues((v) => ({ ...v, ...patch }))}
          errors={errors}
          typeFixed={!!plan}
          currentInspector={plan?.inspectorUserId ? { id: plan.inspectorUserId, name: plan.inspectorName ?? '' } : null}
        />
        <TextField
          select
          label={PLAN_TEXT.protocol}
          value={protocols.some((p) => p.id === values.protocolId) ? values.protocolId : ''}
          disabled={!values.inspectionType || !fits.data}
          onChange={(e) => setValues((v) => ({ ...v, protocolId: e.target.value }))}
          error={!!errors.protocolId}
          helperText={errors.protocolId}
        >
          <MenuItem value="" sx={touchItem}>
            {PLAN_TEXT.anyProtocol}
          </MenuItem>
          {protocols.map((p) => (
            <MenuItem key={p.id} value={p.id} sx={touchItem}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{PLAN_TEXT.cancel}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {PLAN_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
