import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { FormPoint } from './form';
import { PR } from './texts';

export type PointSettings = Pick<FormPoint, 'nameOverride' | 'showValueInReportHeader' | 'prefill' | 'dependencies'>;

const shown = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 2));

/** The JSON a text holds, or why it holds none; `empty` is what an empty text means. */
function parse(text: string, empty: unknown): { value: unknown } | { error: string } {
  if (!text.trim()) return { value: empty };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: PR.notJson };
  }
}

/**
 * A point's settings in this protocol (issue 19; 001 §3 protocol point): its name here, the value in the report
 * header, the prefill and prefill dependencies as JSON (the detail view's JSON edit, for every point). Apply is
 * disabled while a JSON text does not parse, and says which.
 */
export function PointSettingsDialog({ point, onClose, onApply }: { point: FormPoint | null; onClose: () => void; onApply: (s: PointSettings) => void }) {
  return (
    <Dialog open={!!point} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="point-settings-title">
      {point ? <SettingsForm key={point.key} point={point} onClose={onClose} onApply={onApply} /> : null}
    </Dialog>
  );
}

function SettingsForm({ point, onClose, onApply }: { point: FormPoint; onClose: () => void; onApply: (s: PointSettings) => void }) {
  const [nameOverride, setName] = useState(point.nameOverride);
  const [header, setHeader] = useState(point.showValueInReportHeader);
  const [prefill, setPrefill] = useState(shown(point.prefill));
  const [deps, setDeps] = useState(() => point.dependencies.map(shown));
  const parsedPrefill = parse(prefill, null);
  // An empty dependency is JSON null, a value the API keeps like any other.
  const parsedDeps = deps.map((d) => parse(d, null));
  const invalid = 'error' in parsedPrefill || parsedDeps.some((d) => 'error' in d);
  const apply = () => {
    if (invalid) return;
    onApply({
      nameOverride: nameOverride.trim(),
      showValueInReportHeader: header,
      prefill: 'value' in parsedPrefill ? parsedPrefill.value : null,
      dependencies: parsedDeps.map((d) => ('value' in d ? d.value : null)),
    });
  };
  return (
    <>
      <DialogTitle id="point-settings-title">{PR.settingsTitle(point.name)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField label={PR.nameHere} value={nameOverride} onChange={(e) => setName(e.target.value)} helperText={PR.nameHereHelp(point.name)} slotProps={{ htmlInput: { maxLength: 500 } }} />
        <FormControlLabel label={PR.valueInHeader} control={<Checkbox checked={header} onChange={(e) => setHeader(e.target.checked)} />} />
        <TextField label={PR.prefill} value={prefill} multiline minRows={2} onChange={(e) => setPrefill(e.target.value)}
          error={'error' in parsedPrefill} helperText={'error' in parsedPrefill ? parsedPrefill.error : PR.prefillHelp}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }} />
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 1.5, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>{PR.dependencies}</Typography>
          {!deps.length ? <Typography variant="body2" color="text.secondary">{PR.noDependencies}</Typography> : null}
          {deps.map((d, i) => {
            const p = parsedDeps[i]!;
            return (
              <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <TextField label={PR.dependency(i + 1)} value={d} multiline minRows={2} sx={{ flex: 1 }} onChange={(e) => setDeps((x) => x.map((y, k) => (k === i ? e.target.value : y)))}
                  error={'error' in p} helperText={'error' in p ? p.error : ' '} slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }} />
                <IconButton aria-label={PR.removeDependency(i + 1)} onClick={() => setDeps((x) => x.filter((_, k) => k !== i))}><DeleteIcon /></IconButton>
              </Box>
            );
          })}
          <Box>
            <Button variant="outlined" disabled={deps.length >= 50} onClick={() => setDeps((x) => [...x, '{}'])}>{PR.addDependency}</Button>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{PR.cancel}</Button>
        <Button variant="contained" disabled={invalid} onClick={apply}>{PR.apply}</Button>
      </DialogActions>
    </>
  );
}

/** The point's settings in a few words under its name ('Named Engine hours here · value in report header · prefill · 2 dependencies'). */
export function settingsSummary(p: FormPoint): string {
  return [
    p.nameOverride ? PR.namedHere(p.nameOverride) : null,
    p.showValueInReportHeader ? PR.valueInHeaderShort : null,
    p.prefill !== null && p.prefill !== undefined ? PR.prefillShort : null,
    p.dependencies.length ? PR.dependencyCount(p.dependencies.length) : null,
  ].filter(Boolean).join(' · ');
}
