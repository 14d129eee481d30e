import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { ZPlanBulkInput } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { touchItem } from '../../pages/start-inspection/touch';
import { emptyPlanValues, PlanFields, planFieldsInput, type PlanValues } from './PlanFields';
import { bulkResult, PLAN_TEXT } from './texts';
import { fieldErrors, serverErrors, usePlanChange } from './usePlanChange';

/**
 * 'Plan inspections for this site' (issue 24): one plan of the type for every machine at the site, optionally of one
 * product family or model (plans.createForSite); machines that already have a plan of the type keep theirs, and the
 * dialog says how many were made and how many kept.
 */
export function SitePlansDialog({ site, open, onClose }: { site: { id: string; name: string }; open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<PlanValues>(emptyPlanValues);
  const [familyId, setFamilyId] = useState('');
  const [modelId, setModelId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [result, setResult] = useState('');
  const [saving, setSaving] = useState(false);
  const planChange = usePlanChange();
  const families = useQuery({ ...trpc.productFamilies.all.queryOptions(), enabled: open });
  const models = families.data?.find((f) => f.id === familyId)?.productModels ?? [];

  useEffect(() => {
    if (!open) return;
    setValues(emptyPlanValues);
    setFamilyId('');
    setModelId('');
    setErrors({});
    setGeneral('');
    setResult('');
  }, [open]);

  const create = async () => {
    if (!values.inspectionType) return setErrors({ inspectionType: PLAN_TEXT.chooseType });
    const parsed = ZPlanBulkInput.safeParse({
      customerSiteId: site.id,
      ...planFieldsInput(values),
      ...(modelId ? { productModelId: modelId } : familyId ? { productFamilyId: familyId } : {}),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setSaving(true);
    try {
      const r = await planChange(() => trpcClient.plans.createForSite.mutate(parsed.data));
      setResult(bulkResult(r));
    } catch (e) {
      const s = serverErrors(e);
      setErrors(s.fields);
      setGeneral(s.general);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="site-plans-title">
      <DialogTitle id="site-plans-title">
        {PLAN_TEXT.planSite}: {site.name}
      </DialogTitle>
      {result ? (
        <DialogContent>
          <DialogContentText role="status">{result}</DialogContentText>
        </DialogContent>
      ) : (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <DialogContentText>Every equipment at the site gets a plan of the type; those that have one keep it.</DialogContentText>
          {general && <Alert severity="error">{general}</Alert>}
          <PlanFields values={values} change={(patch) => setValues((v) => ({ ...v, ...patch }))} errors={errors} />
          <TextField
            select
            label={PLAN_TEXT.family}
            value={familyId}
            disabled={!families.data}
            onChange={(e) => {
              setFamilyId(e.target.value);
              setModelId('');
            }}
            error={!!errors.productFamilyId}
            helperText={errors.productFamilyId}
          >
            <MenuItem value="" sx={touchItem}>
              {PLAN_TEXT.allFamilies}
            </MenuItem>
            {(families.data ?? []).map((f) => (
              <MenuItem key={f.id} value={f.id} sx={touchItem}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={PLAN_TEXT.model}
            value={modelId}
            disabled={!familyId}
            onChange={(e) => setModelId(e.target.value)}
            error={!!errors.productModelId}
            helperText={errors.productModelId}
          >
            <MenuItem value="" sx={touchItem}>
              {PLAN_TEXT.allModels}
            </MenuItem>
            {models.map((m) => (
              <MenuItem key={m.id} value={m.id} sx={touchItem}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
      )}
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose}>
            CLOSE
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{PLAN_TEXT.cancel}</Button>
            <Button variant="contained" onClick={create} disabled={saving}>
              {PLAN_TEXT.create}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
