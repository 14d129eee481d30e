import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { isAllowed, P, ZCustomerInput } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { trpc, trpcClient } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { languageName, REPORT_LANGUAGES } from '../inspections/languages';
import { CustomerDetails } from './CustomerDetails';
import { FormDialog } from './FormDialog';
import { TEXT } from './texts';
import { useCustomersAdmin } from './useCustomersAdmin';
import { useRefreshAfter } from './useCustomerMutation';

const fields = [
  { name: 'name', label: 'Name', required: true },
  { name: 'mdmCustomerId', label: 'MDM ID' },
  { name: 'timeZone', label: TEXT.timeZone, kind: 'timeZone' as const },
  // issue 20: reports e-mailed to the customer are in this language (the save's confirm modal preselects it)
  { name: 'language', label: TEXT.reportLanguage, select: REPORT_LANGUAGES.map((l) => ({ value: l.code, label: l.name })) },
];

/** /Customers/{id} (002 §2): name, MDM ID, the reports' time zone and report language (issue 20), then the customer's sites, contacts and equipment. */
export function CustomerShow() {
  const { id = '' } = useParams();
  const admin = useCustomersAdmin();
  const canPlan = isAllowed(P.plansManage, useSession().actor);
  const [editing, setEditing] = useState(false);
  const refreshAfter = useRefreshAfter();
  const q = useQuery(trpc.customers.get.queryOptions({ id }));

  if (q.isPending) return <Typography sx={{ p: 3 }} color="text.secondary">{TEXT.loading}</Typography>;
  if (q.isError) return <Alert severity="error" sx={{ m: 3 }}>{callError(q.error).message}</Alert>;
  const c = q.data;
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 4 }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1" data-testid="customer-name">
            {c.name}
          </Typography>
          <Typography color="text.secondary">MDM ID: {c.mdmCustomerId ?? '–'}</Typography>
          <Typography color="text.secondary" data-testid="customer-time-zone">
            {TEXT.timeZone}: {c.timeZone ?? TEXT.noTimeZone}
          </Typography>
          <Typography color="text.secondary" data-testid="customer-language">
            {TEXT.reportLanguage}: {c.language ? languageName(c.language) : TEXT.noLanguage}
          </Typography>
        </Box>
        {admin && <Button onClick={() => setEditing(true)}>Edit</Button>}
      </Paper>
      <CustomerDetails customer={c} editable={admin} canPlan={canPlan} />
      <FormDialog
        open={editing}
        title="Edit customer"
        fields={fields}
        initial={{ name: c.name, mdmCustomerId: c.mdmCustomerId, timeZone: c.timeZone, language: c.language }}
        schema={ZCustomerInput}
        onClose={() => setEditing(false)}
        onSubmit={(data) => refreshAfter(() => trpcClient.customers.update.mutate({ id, data }))}
      />
    </Box>
  );
}
