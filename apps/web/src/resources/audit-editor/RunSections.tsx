import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TAudit, TAuditRun } from '@insp/contracts';
import { Section } from '../inspection-edit/Section';
import { AddRunDialog } from './AddRunDialog';
import { AddSiteRunDialog, type SiteRunKind } from './AddSiteRunDialog';
import { AuditPoint } from './AuditPoint';
import { useAuditEditing } from './context';
import { RunPreviousValues } from './previous';
import { RunCard } from './RunCard';
import { AUDIT_TEXT } from './texts';

const PLANT = ['Audit_Site', 'Audit_Site_Operational'];
/** Crushers: machine and quick runs, with the configurator runs paired to them (as the report groups them). */
const CRUSHERS = ['Audit_Machine', 'Audit_Quick', 'Equipment_Configurator'];
const SCREENS = ['Audit_Screen'];

/** 000 §2.6: extra points (if the site run has them), plant, crushers and screens. */
export function RunSections({ audit }: { audit: TAudit }) {
  const runs = audit.inspectionProtocolRuns;
  const site = runs.find((r) => r.protocolType === 'Audit_Site');
  return (
    <>
      {site && site.extraPoints.length > 0 && (
        <Section title={AUDIT_TEXT.extraPoints}>
          <RunPreviousValues runId={site.id}>
            {site.extraPoints.map((p) => <AuditPoint key={p.id} runId={site.id} pointId={p.id} config={p} result={p.content} />)}
          </RunPreviousValues>
        </Section>
      )}
      <PlantSection audit={audit} site={site} />
      <MachineSection audit={audit} title={AUDIT_TEXT.crushers} kinds={CRUSHERS} />
      <MachineSection audit={audit} title={AUDIT_TEXT.screens} kinds={SCREENS} />
    </>
  );
}

/** The site and operational runs; one that is missing can be added (issue 20). */
function PlantSection({ audit, site }: { audit: TAudit; site: TAuditRun | undefined }) {
  const { readOnly } = useAuditEditing();
  const [adding, setAdding] = useState<SiteRunKind | null>(null);
  const runs = audit.inspectionProtocolRuns;
  const missing = (PLANT as SiteRunKind[]).filter((k) => !runs.some((r) => r.protocolType === k));
  return (
    <Section
      title={AUDIT_TEXT.plant}
      action={!readOnly && missing.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {missing.map((k) => (
            <Button key={k} variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(k)}>{AUDIT_TEXT.addSiteRun(k)}</Button>
          ))}
        </Stack>
      )}
    >
      {runs.filter((r) => PLANT.includes(r.protocolType)).map((r) => <RunCard key={r.id} audit={audit} run={r} machine={false} extraPoints={r !== site} />)}
      {adding && <AddSiteRunDialog kind={adding} onClose={() => setAdding(null)} />}
    </Section>
  );
}

function MachineSection({ audit, title, kinds }: { audit: TAudit; title: string; kinds: string[] }) {
  const { readOnly } = useAuditEditing();
  const [adding, setAdding] = useState(false);
  const runs = audit.inspectionProtocolRuns.filter((r) => kinds.includes(r.protocolType));
  return (
    <Section
      title={title}
      action={!readOnly && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} aria-label={`${AUDIT_TEXT.addRun}: ${title}`}>
          {AUDIT_TEXT.addRun}
        </Button>
      )}
    >
      {runs.length === 0 && <Typography color="text.secondary">{AUDIT_TEXT.noRuns}</Typography>}
      {runs.map((r) => <RunCard key={r.id} audit={audit} run={r} machine />)}
      {adding && <AddRunDialog open audit={audit} kinds={kinds} onClose={() => setAdding(false)} />}
    </Section>
  );
}
