import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { PlanTypes, type PlanType } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { touchItem } from '../../pages/start-inspection/touch';
import { PLAN_TEXT, typeLabel } from './texts';

/** What the plan dialogs edit, as the inputs hold it (strings), turned into the contract's shape on save. */
export interface PlanValues {
  inspectionType: PlanType | '';
  protocolId: string;
  graceDays: string;
  inspectorUserId: string;
  startsOn: string;
  remindCustomer: boolean;
}
export const emptyPlanValues: PlanValues = { inspectionType: '', protocolId: '', graceDays: '0', inspectorUserId: '', startsOn: '', remindCustomer: false };

/** The fields both plan dialogs share; `errors` by the contract's field names (the server's 400 names one). */
export function PlanFields({
  values,
  change,
  errors,
  typeFixed,
  currentInspector,
}: {
  values: PlanValues;
  change: (patch: Partial<PlanValues>) => void;
  errors: Partial<Record<string, string>>;
  typeFixed?: boolean;
  /** The plan's inspector, kept choosable when the list (the first 50 by name) does not have them. */
  currentInspector?: { id: string; name: string } | null;
}) {
  const inspectors = useQuery(trpc.plans.inspectors.queryOptions({ search: '' }));
  const people = (inspectors.data ?? []).map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }));
  if (currentInspector && !people.some((p) => p.id === currentInspector.id)) people.unshift({ id: currentInspector.id, label: currentInspector.name });
  return (
    <>
      <TextField
        select
        label={PLAN_TEXT.type}
        required
        disabled={typeFixed}
        value={values.inspectionType}
        onChange={(e) => change({ inspectionType: e.target.value as PlanType, protocolId: '' })}
        error={!!errors.inspectionType}
        helperText={errors.inspectionType}
      >
        {PlanTypes.map((t) => (
          <MenuItem key={t} value={t} sx={touchItem}>
            {typeLabel(t)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={PLAN_TEXT.grace}
        type="number"
        value={values.graceDays}
        onChange={(e) => change({ graceDays: e.target.value })}
        error={!!errors.graceDays}
        helperText={errors.graceDays ?? PLAN_TEXT.graceHint}
        slotProps={{ htmlInput: { min: 0, max: 365 } }}
      />
      <TextField
        select
        label={PLAN_TEXT.inspector}
        value={inspectors.data ? values.inspectorUserId : ''}
        disabled={!inspectors.data}
        onChange={(e) => change({ inspectorUserId: e.target.value })}
        error={!!errors.inspectorUserId}
        helperText={errors.inspectorUserId}
      >
        <MenuItem value="" sx={touchItem}>
          {PLAN_TEXT.noInspector}
        </MenuItem>
        {people.map((u) => (
          <MenuItem key={u.id} value={u.id} sx={touchItem}>
            {u.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={PLAN_TEXT.startsOn}
        type="date"
        value={values.startsOn}
        onChange={(e) => change({ startsOn: e.target.value })}
        error={!!errors.startsOn}
        helperText={errors.startsOn ?? PLAN_TEXT.startsOnHint}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormControlLabel
        sx={{ minHeight: 44 }}
        control={<Checkbox checked={values.remindCustomer} onChange={(e) => change({ remindCustomer: e.target.checked })} />}
        label={PLAN_TEXT.remind}
      />
    </>
  );
}

/** The shared fields as the contract takes them (ZPlanInput / ZPlanBulkInput); the schema checks them after. */
export const planFieldsInput = (v: PlanValues) => ({
  inspectionType: v.inspectionType,
  graceDays: v.graceDays.trim() === '' ? 0 : Number(v.graceDays),
  inspectorUserId: v.inspectorUserId || null,
  remindCustomer: v.remindCustomer,
  ...(v.startsOn && { startsOn: v.startsOn }),
});
