import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { hasConfigurator, type TAudit, type TAuditRun } from '@insp/contracts';
import { RunConfigurator } from './RunConfigurator';
import { ExtraPointDialog } from './ExtraPointDialog';
import { useInspectionWrites } from '../../inspection-writes';
import { coarsePointer } from '../../theme';
import { shownMessage } from '../../lib/errors';
import { AddRunDialog } from './AddRunDialog';
import { AuditPoint } from './AuditPoint';
import { useAuditEditing } from './context';
import { EquipmentDialog } from './EquipmentDialog';
import { ProtocolDialog } from './ProtocolDialog';
import { RunPreviousValues } from './previous';
import { AUDIT_TEXT, STAGE_NAMES } from './texts';

/** The switch 44 px high on touch screens (WCAG 2.5.5), its thumb still centred on the track. */
const touchSwitch = { [coarsePointer]: { height: 44, py: '15px', '& .MuiSwitch-switchBase': { padding: '12px 9px' } } } as const;

export const equipmentName = (run: TAuditRun) =>
  [run.equipment?.serialNumber, run.equipment?.nickName, run.equipment?.productModelName].filter(Boolean).join(' · ') || '—';

/**
 * One protocol run: its heading (stage, protocol, machine), the include-in-report toggle, clone, change equipment,
 * change protocol and delete for machine runs, then its points. `points: false` leaves the extra points to their own section.
 */
export function RunCard({ audit, run, machine, extraPoints = true }: { audit: TAudit; run: TAuditRun; machine: boolean; extraPoints?: boolean }) {
  const writes = useInspectionWrites();
  const { auditId, readOnly, reload } = useAuditEditing();
  const [dialog, setDialog] = useState<'clone' | 'equipment' | 'protocol' | 'extra' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const protocol = run.inspectionProtocolName ?? run.protocolType;
  const title = [run.stage && STAGE_NAMES[run.stage], protocol, machine && equipmentName(run)].filter(Boolean).join(' — ');
  const act = async (write: () => Promise<unknown>) => {
    setError(null);
    try {
      await write();
      await reload();
    } catch (e) {
      setError(shownMessage(e));
    }
  };
  const remove = () => {
    // 000 §2.6: deleting a run asks for a browser confirmation naming the protocol and the equipment.
    if (window.confirm(AUDIT_TEXT.deleteRunQuestion(protocol, equipmentName(run)))) void act(() => writes.deleteRun(auditId, run.id));
  };
  const [included, setIncluded] = useState(run.includedInReport);
  const headingId = `run-${run.id}`;
  return (
    <RunPreviousValues runId={run.id}>
      <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid="run" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="h3" id={headingId} sx={{ fontSize: '1.15rem', fontWeight: 600, flex: '1 1 260px' }}>
              {title}
            </Typography>
            <FormControlLabel
              label={AUDIT_TEXT.includedInReport}
              control={
                <Switch checked={included} disabled={readOnly} sx={touchSwitch} slotProps={{ input: { 'aria-label': `${AUDIT_TEXT.includedInReport}: ${title}` } }}
                  onChange={async (e) => {
                    const next = e.target.checked;
                    // Shown at once; a refused save (409, network) puts the server's value back.
                    setIncluded(next);
                    setError(null);
                    try {
                      await writes.setRunIncluded(auditId, run.id, next);
                      await reload();
                    } catch (err) {
                      setIncluded(run.includedInReport);
                      setError(shownMessage(err));
                    }
                  }} />
              }
            />
          </Box>
          {/* Plant runs (issue 20): their protocol can be changed and a run deleted (and added again); the site run takes extra points. */}
          {!readOnly && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {machine && <Button variant="outlined" size="small" onClick={() => setDialog('clone')} aria-label={`${AUDIT_TEXT.clone}: ${title}`}>{AUDIT_TEXT.clone}</Button>}
              {machine && <Button variant="outlined" size="small" onClick={() => setDialog('equipment')} aria-label={`${AUDIT_TEXT.changeEquipment}: ${title}`}>{AUDIT_TEXT.changeEquipment}</Button>}
              {run.protocolType === 'Audit_Site' && (
                <Button variant="outlined" size="small" onClick={() => setDialog('extra')} aria-label={`${AUDIT_TEXT.addExtraPoint}: ${title}`}>{AUDIT_TEXT.addExtraPoint}</Button>
              )}
              <Button variant="outlined" size="small" onClick={() => setDialog('protocol')} aria-label={`${AUDIT_TEXT.changeProtocol}: ${title}`}>{AUDIT_TEXT.changeProtocol}</Button>
              <Button variant="outlined" size="small" color="error" onClick={remove} aria-label={`${AUDIT_TEXT.delete}: ${title}`}>{AUDIT_TEXT.delete}</Button>
            </Stack>
          )}
          {error && <Typography role="alert" color="error">{error}</Typography>}
          {run.categories.map((c) => (
            <Stack key={c.id} spacing={1.5} component="section" aria-label={c.title}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>{c.title}</Typography>
              {c.inspectionPoints.map((p) => (
                <AuditPoint key={p.protocolPointId} runId={run.id} pointId={p.protocolPointId} config={p} result={p.content} />
              ))}
            </Stack>
          ))}
          {extraPoints && run.extraPoints.map((p) => <AuditPoint key={p.id} runId={run.id} pointId={p.id} config={p} result={p.content} />)}
          {hasConfigurator(run.protocolType) && <RunConfigurator run={run} />}
        </Stack>
        {machine && dialog === 'clone' && <AddRunDialog open audit={audit} kinds={[run.protocolType]} source={run} onClose={() => setDialog(null)} />}
        {machine && <EquipmentDialog open={dialog === 'equipment'} audit={audit} run={run} onClose={() => setDialog(null)} />}
        <ProtocolDialog open={dialog === 'protocol'} run={run} onClose={() => setDialog(null)} />
        {dialog === 'extra' && <ExtraPointDialog run={run} onClose={() => setDialog(null)} />}
      </Paper>
    </RunPreviousValues>
  );
}
