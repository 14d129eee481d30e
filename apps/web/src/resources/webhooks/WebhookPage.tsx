import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { WebhookEventType } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { WebhookInputs, type WebhookForm } from './WebhookInputs';
import { WebhookDeliveries } from './WebhookDeliveries';
import { SecretText } from './SecretText';

/** /Webhooks/:id (issue 22): edit or delete an endpoint, read its secret, send a test event, see its deliveries. */
export function WebhookPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endpoint = useQuery(trpc.webhooks.get.queryOptions({ id }));
  const [form, setForm] = useState<WebhookForm | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    if (endpoint.data) setForm({ url: endpoint.data.url, description: endpoint.data.description, events: endpoint.data.events as WebhookEventType[], enabled: endpoint.data.enabled });
  }, [endpoint.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const save = useMutation({ mutationFn: (f: WebhookForm) => trpcClient.webhooks.update.mutate({ id, ...f }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => trpcClient.webhooks.delete.mutate({ id }), onSuccess: async () => (await refresh(), navigate('/Webhooks')) });
  const test = useMutation({ mutationFn: () => trpcClient.webhooks.sendTest.mutate({ id }), onSuccess: refresh });
  const reveal = useMutation({ mutationFn: () => trpcClient.webhooks.secret.query({ id }), onSuccess: (r) => setSecret(r.secret) });
  const failure = [remove.error, test.error, reveal.error].find(Boolean);

  if (endpoint.error) return <Alert severity="error" sx={{ m: 2 }}>{shownMessage(endpoint.error)}</Alert>;
  if (!form) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/Webhooks">Webhooks</Button>
        <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{endpoint.data?.url}</Typography>
        <Button variant="outlined" onClick={() => test.mutate()} disabled={test.isPending || !endpoint.data?.enabled}>Send test event</Button>
        <Button variant="outlined" onClick={() => reveal.mutate()}>Show secret</Button>
        <Button color="error" onClick={() => window.confirm('Delete this endpoint and its deliveries?') && remove.mutate()}>Delete</Button>
      </Box>
      {secret ? <Alert severity="info" onClose={() => setSecret(null)}>Signing secret: <SecretText secret={secret} /></Alert> : null}
      {test.isSuccess ? <Alert severity="success" onClose={() => test.reset()}>Test event queued.</Alert> : null}
      {failure ? <Alert severity="error">{shownMessage(failure)}</Alert> : null}
      <Paper variant="outlined" component="form" aria-label="Endpoint" onSubmit={(e) => (e.preventDefault(), save.mutate(form))} sx={{ p: 2, display: 'grid', gap: 2 }}>
        <WebhookInputs value={form} onChange={setForm} error={save.error} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>Save</Button>
          {save.isSuccess ? <Typography role="status">Saved</Typography> : null}
        </Box>
      </Paper>
      <WebhookDeliveries endpointId={id} />
    </Box>
  );
}
