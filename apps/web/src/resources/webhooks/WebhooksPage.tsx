import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { webhookEventLabels, type WebhookEventType } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { emptyWebhookForm, WebhookInputs, type WebhookForm } from './WebhookInputs';
import { SecretText } from './SecretText';

/** /Webhooks (issue 22): the registered endpoints and a form for a new one; its secret is shown once, on creation. */
export function WebhooksPage() {
  const list = useQuery(trpc.webhooks.list.queryOptions());
  const queryClient = useQueryClient();
  const [form, setForm] = useState<WebhookForm | null>(null);
  const create = useMutation({
    mutationFn: (f: WebhookForm) => trpcClient.webhooks.create.mutate(f),
    onSuccess: async () => {
      setForm(null);
      await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
    },
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>Webhooks</Typography>
        {form ? null : <Button variant="contained" onClick={() => (create.reset(), setForm(emptyWebhookForm))}>New endpoint</Button>}
      </Box>
      {create.data ? (
        <Alert severity="success" onClose={() => create.reset()}>
          Endpoint created. Its signing secret: <SecretText secret={create.data.secret} /> It can be shown again on the endpoint's page.
        </Alert>
      ) : null}
      {form ? (
        <Paper variant="outlined" component="form" aria-label="New endpoint" onSubmit={(e) => (e.preventDefault(), create.mutate(form))} sx={{ p: 2, display: 'grid', gap: 2 }}>
          <WebhookInputs value={form} onChange={setForm} error={create.error} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={create.isPending}>Create</Button>
            <Button onClick={() => setForm(null)}>Cancel</Button>
          </Box>
        </Paper>
      ) : null}
      {list.error ? <Alert severity="error">{shownMessage(list.error)}</Alert> : null}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <TableContainer tabIndex={0} role="region" aria-label="Webhook endpoints">
          <Table size="small" aria-label="Endpoints">
            <TableHead>
              <TableRow>
                <TableCell>URL</TableCell>
                <TableCell>Events</TableCell>
                <TableCell>Enabled</TableCell>
                <TableCell align="right">Failing deliveries</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data?.length === 0 ? (
                <TableRow><TableCell colSpan={4}>No endpoints yet.</TableCell></TableRow>
              ) : null}
              {list.data?.map((e) => (
                <TableRow key={e.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <Link component={RouterLink} to={`/Webhooks/${e.id}`} sx={{ display: 'inline-block', minHeight: 44, lineHeight: '44px' }}>{e.url}</Link>
                    {e.description ? <Typography variant="body2" color="text.secondary">{e.description}</Typography> : null}
                  </TableCell>
                  <TableCell>{e.events.map((t) => webhookEventLabels[t as WebhookEventType] ?? t).join(', ')}</TableCell>
                  <TableCell>{e.enabled ? 'Yes' : 'No'}</TableCell>
                  <TableCell align="right">{e.failing}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
