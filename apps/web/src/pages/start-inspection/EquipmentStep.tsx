import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TStartEquipment } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import type { FieldProps } from './fieldProps';
import { TEXT } from './texts';
import { touchItem } from './touch';

const label = (e: TStartEquipment) =>
  [e.serialNumber, e.nickName && `“${e.nickName}”`, [e.productFamilyName, e.productModelName].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

/**
 * Step 2: a machine of the chosen site, or a new one by product family, model and a serial number or a nickname
 * (POST api/v1/inspections matches an existing serial number, else creates it, 000 §4).
 */
export function EquipmentStep(props: FieldProps & { ready: boolean }) {
  const { form, change, ready } = props;
  return (
    <>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={form.mode}
        aria-label={TEXT.equipment}
        onChange={(_e, mode) => mode && change({ mode, protocolId: null })}
      >
        <ToggleButton value="existing">{TEXT.existing}</ToggleButton>
        <ToggleButton value="new">{TEXT.newEquipment}</ToggleButton>
      </ToggleButtonGroup>
      {form.mode === 'existing' ? <ExistingEquipment {...props} ready={ready} /> : <NewEquipment {...props} />}
    </>
  );
}

function ExistingEquipment({ form, change, touch, shown, ready }: FieldProps & { ready: boolean }) {
  const customerId = form.customer?.id ?? '';
  const machines = useQuery({ ...trpc.inspectionStart.equipment.queryOptions({ customerId, customerSiteId: form.siteId }), enabled: ready });
  if (ready && machines.data?.length === 0) return <Typography color="text.secondary">{TEXT.noEquipment}</Typography>;
  return (
    <TextField
      select
      label={TEXT.equipment}
      required
      value={machines.data?.some((m) => m.id === form.equipmentId) ? form.equipmentId : ''}
      disabled={!ready || !machines.data}
      onChange={(e) => change({ equipmentId: e.target.value || null, protocolId: null })}
      onBlur={() => touch('equipmentId')}
      error={!!shown.equipmentId}
      helperText={shown.equipmentId ?? ' '}
    >
      {(machines.data ?? []).map((m) => (
        <MenuItem key={m.id} value={m.id} sx={touchItem}>
          {label(m)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function NewEquipment({ form, change, touch, shown }: FieldProps) {
  const families = useQuery(trpc.productFamilies.all.queryOptions());
  const models = families.data?.find((f) => f.id === form.productFamilyId)?.productModels ?? [];
  return (
    <>
      <TextField
        select
        label={TEXT.family}
        required
        value={form.productFamilyId ?? ''}
        disabled={!families.data}
        onChange={(e) => change({ productFamilyId: e.target.value || null, productModelId: null, protocolId: null })}
        onBlur={() => touch('productFamilyId')}
        error={!!shown.productFamilyId}
        helperText={shown.productFamilyId ?? ' '}
      >
        {(families.data ?? []).map((f) => (
          <MenuItem key={f.id} value={f.id} sx={touchItem}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={TEXT.model}
        required
        value={form.productModelId ?? ''}
        disabled={!form.productFamilyId}
        onChange={(e) => change({ productModelId: e.target.value || null, protocolId: null })}
        onBlur={() => touch('productModelId')}
        error={!!shown.productModelId}
        helperText={shown.productModelId ?? ' '}
      >
        {models.map((m) => (
          <MenuItem key={m.id} value={m.id} sx={touchItem}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={TEXT.serialNumber}
        value={form.serialNumber}
        onChange={(e) => change({ serialNumber: e.target.value })}
        onBlur={() => touch('serialNumber')}
        error={!!shown.serialNumber}
        helperText={shown.serialNumber ?? TEXT.serialOrNick}
      />
      <TextField
        label={TEXT.nickName}
        value={form.nickName}
        onChange={(e) => change({ nickName: e.target.value })}
        onBlur={() => {
          touch('serialNumber');
          touch('nickName');
        }}
        error={!!shown.nickName}
        helperText={shown.nickName ?? TEXT.serialOrNick}
      />
    </>
  );
}
