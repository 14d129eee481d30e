import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TCustomer } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { CustomerDetails } from './CustomerDetails';
import { MergeDialog } from './MergeDialog';
import { SectionOwner } from './Section';
import { TEXT } from './texts';
import { useRefreshAfter } from './useCustomerMutation';

/**
 * /Customers/{id1}/compare/{id2} (002 §2): both customers side by side and MERGE. The second survives under
 * the chosen name with everything of both; the first is merged away (see customers-merge.service.ts).
 */
export function CustomerCompare() {
  const { id1 = '', id2 = '' } = useParams();
  const navigate = useNavigate();
  const [merging, setMerging] = useState(false);
  const refreshAfter = useRefreshAfter();
  const first = useQuery(trpc.customers.get.queryOptions({ id: id1 }));
  const second = useQuery(trpc.customers.get.queryOptions({ id: id2 }));

  if (first.isPending || second.isPending) return <Typography sx={{ p: 3 }} color="text.secondary">{TEXT.loading}</Typography>;
  if (first.isError || second.isError) return <Alert severity="error" sx={{ m: 3 }}>{callError(first.error ?? second.error).message}</Alert>;

  const merge = async (name: string) => {
    await refreshAfter(() => trpcClient.customers.merge.mutate({ id: id1, customerId: id2, name }));
    navigate(`/Customers/${id2}`);
  };

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Compare customers
        </Typography>
        <Button variant="contained" onClick={() => setMerging(true)} disabled={id1 === id2}>
          MERGE
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <Side customer={first.data} role="Merged away" />
        <Side customer={second.data} role="Survives" />
      </Box>
      <MergeDialog open={merging} initialName={first.data.name} onMerge={merge} onClose={() => setMerging(false)} />
    </Box>
  );
}

function Side({ customer, role }: { customer: TCustomer; role: string }) {
  const nameId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="compare-side">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {role}
        </Typography>
        <Typography variant="h6" component="h2" id={nameId}>
          {customer.name}
        </Typography>
        <Typography color="text.secondary">MDM ID: {customer.mdmCustomerId ?? '–'}</Typography>
      </Paper>
      <SectionOwner.Provider value={nameId}>
        <CustomerDetails customer={customer} editable={false} />
      </SectionOwner.Provider>
    </Box>
  );
}
