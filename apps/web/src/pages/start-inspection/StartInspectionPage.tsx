import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { trpc } from '../../providers/trpc';
import { callError, shownMessage } from '../../lib/errors';
import { CustomerStep, useSites } from './CustomerStep';
import { EquipmentStep } from './EquipmentStep';
import { ProtocolStep } from './ProtocolStep';
import { Step } from './Step';
import { useInspectionWrites } from '../../inspection-writes';
import { fitQuery, offered, problems, startInput, stillNeeded, type Field, type StartForm } from './startRules';
import { TEXT } from './texts';
import { useStartPrefill } from './usePrefill';

/** Where the API's field names (POST api/v1/inspections answers 400 naming one) sit on this form. */
const SERVER_FIELDS: Record<string, Field> = {
  customerId: 'customer', customerSiteId: 'site', protocolId: 'protocolId', 'equipment.id': 'equipmentId',
  'equipment.productModelId': 'productModelId', 'equipment.serialNumber': 'serialNumber', 'equipment.nickName': 'nickName',
};

/**
 * /Reports/new (issue 7; the spec does not show it): customer, site, machine (or a new one), then a protocol that
 * fits it; Start creates the inspection In_Use (through the write module) and opens it in the report edit form. Messages show under a field
 * once it has been left; Start is enabled only when nothing is missing, and the line beside it says what is. A plan's
 * 'Start inspection' (issue 24) opens it with the machine and protocol chosen (usePrefill.ts).
 */
export function StartInspectionPage() {
  const prefill = useStartPrefill();
  if (!prefill.form) return <Typography sx={{ p: 2 }} role="status">{TEXT.loading}</Typography>;
  return <StartInspectionForm initial={prefill.form} />;
}

/** The form itself, opened empty or with what the address named (usePrefill.ts, issue 24). */
function StartInspectionForm({ initial }: { initial: StartForm }) {
  const navigate = useNavigate();
  const writes = useInspectionWrites();
  const [form, setForm] = useState<StartForm>(initial);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverProblem, setServerProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const sites = useSites(form.customer?.id ?? null);
  const siteCount = form.customer ? (sites.data?.length ?? null) : null;
  const onlySite = sites.data?.length === 1 ? sites.data[0]!.id : null;
  useEffect(() => {
    if (onlySite) setForm((f) => (f.siteId ? f : { ...f, siteId: onlySite }));
  }, [onlySite]);
  const query = fitQuery(form);
  const fits = useQuery({ ...trpc.protocolFit.sortedByFit.queryOptions(query ?? {}), enabled: !!query });
  const protocols = !query ? null : fits.data ? offered(fits.data) : 'loading';

  const found = problems(form, { siteCount, protocols: Array.isArray(protocols) ? protocols : null });
  const shown: Partial<Record<Field, string>> = {};
  for (const [k, v] of Object.entries(found) as [Field, string][]) if (touched.has(k)) shown[k] = v;
  if (serverProblem?.field) shown[serverProblem.field] = serverProblem.message;
  const missing = stillNeeded(found);

  const start = useMutation({
    mutationFn: () => writes.createInspection(startInput(form)),
    onSuccess: (created) => navigate(`/Reports/${created.id}/edit`),
    onError: (err) => {
      const e = callError(err);
      const field = e.field ? (SERVER_FIELDS[e.field] ?? null) : null;
      setServerProblem({ field, message: field ? e.message : shownMessage(err) });
    },
  });
  const props = {
    form,
    shown,
    change: (patch: Partial<StartForm>) => {
      setServerProblem(null);
      setForm((f) => ({ ...f, ...patch }));
    },
    touch: (field: Field) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))),
  };
  const siteReady = !!form.customer && siteCount !== null && (siteCount === 0 || !!form.siteId);

  return (
    <Box sx={{ p: 2, maxWidth: 880, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h1">{TEXT.title}</Typography>
      <Step title={TEXT.customerStep}>
        <CustomerStep {...props} />
      </Step>
      <Step title={TEXT.equipmentStep}>
        <EquipmentStep {...props} ready={siteReady} />
      </Step>
      <Step title={TEXT.protocolStep}>
        <ProtocolStep {...props} protocols={protocols} />
      </Step>
      {serverProblem && !serverProblem.field && <Alert severity="error">{serverProblem.message}</Alert>}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          disabled={!!missing || start.isPending}
          aria-describedby={missing ? 'start-missing' : undefined}
          onClick={() => start.mutate()}
        >
          {start.isPending ? TEXT.starting : TEXT.start}
        </Button>
        <Button size="large" onClick={() => navigate('/Reports')}>
          {TEXT.cancel}
        </Button>
        {missing && (
          <Typography id="start-missing" color="text.secondary">
            {TEXT.stillNeeded} {missing}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
