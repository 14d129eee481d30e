import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { hasConfigurator } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { ProtocolInfo } from './ProtocolInfo';
import { ProtocolPoints } from './ProtocolPoints';
import { Findings, PriorityActions } from './ProtocolFindings';
import { Configurator, Signatures } from './ProtocolClosing';
import { Section, Text } from './parts';
import { TEXT } from './texts';

/**
 * /Reports/{id}/protocol: the read-only protocol view (000 §2.9) over GET api/v1/inspections/{id}/web (tRPC
 * inspectionEdit.web), which never carries internal comments. The equipment configurator only for type Commission.
 */
export function ProtocolViewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery(trpc.inspectionEdit.web.queryOptions({ id }));
  // Back where the user came from; opened directly, back to the report.
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(`/Reports/${id}`));

  if (q.isPending) return <Typography sx={{ p: 3 }} color="text.secondary" role="status">{TEXT.loading}</Typography>;
  if (q.isError) return <Alert severity="error" sx={{ m: 2 }}>{shownMessage(q.error)}</Alert>;
  const p = q.data;
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={back}>
          {TEXT.back}
        </Button>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {TEXT.title} {p.protocolName ?? p.name}
        </Typography>
      </Box>
      <ProtocolInfo p={p} />
      <Section title={TEXT.summary}>
        <Text value={p.summary} />
      </Section>
      <PriorityActions actions={p.priorityActions} />
      <ProtocolPoints p={p} />
      <Findings findings={p.findings} />
      {hasConfigurator(p.type) && <Configurator value={p.equipmentConfigurator} />}
      <Section title={TEXT.generalComment}>
        <Text value={p.comment} />
      </Section>
      <Signatures customer={p.customerSignature} provider={p.providerSignature} />
    </Box>
  );
}
