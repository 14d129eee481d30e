import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pointTypeName, type TProtocol, type TProtocolPoint } from '@insp/contracts';
import { callError } from '../../lib/errors';
import { protocolsApi } from './api';
import { PR } from './texts';

type Dependency = TProtocolPoint['dependencies'][number];

/** What a prefill dependency reads from (001 §2): a point's parameters, the equipment's model, or plain JSON. */
export function dependencyLabel(json: unknown): string {
  const o = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const on = typeof o?.dependsOn === 'string' ? o.dependsOn : null;
  if (on?.startsWith('equipment')) return `Equipment model (${on})`;
  if (on === 'point' && o) {
    const params = Object.entries(o).filter(([k]) => k !== 'dependsOn').map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    return `Point parameters (${params.join(', ')})`;
  }
  return 'JSON';
}

function DependencyEditor({ protocolId, point, dep, onOpen }: { protocolId: string; point: TProtocolPoint; dep: Dependency; onOpen: (id: string, notice?: string) => void }) {
  const qc = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (json: unknown) => protocolsApi.updateDependencyJson({ id: protocolId, pointId: point.id, dependencyId: dep.id, json }),
    onSuccess: (saved) => {
      setText(null);
      void qc.invalidateQueries({ queryKey: ['protocols.get'] });
      // issue 10 'Versions': inspections used this version, so the change landed in a new one: show that one.
      if (saved.newVersion) onOpen(saved.protocolId, PR.newVersion(saved.version));
      else onOpen(protocolId, PR.jsonSaved);
    },
  });
  const submit = () => {
    try {
      setBad(null);
      save.mutate(JSON.parse(text ?? ''));
    } catch {
      setBad('Not valid JSON.');
    }
  };
  const label = `Dependency JSON of ${point.name ?? PR.pointNotFound}`;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2">{dependencyLabel(dep.json)}</Typography>
        <Typography variant="caption" component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, overflowWrap: 'anywhere' }}>
          {JSON.stringify(dep.json)}
        </Typography>
        {text === null ? <Button size="small" onClick={() => setText(JSON.stringify(dep.json, null, 2))}>Edit JSON</Button> : null}
      </Box>
      {text !== null ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField multiline minRows={3} size="small" label={label} value={text} onChange={(e) => setText(e.target.value)}
            error={!!bad || !!save.error} helperText={bad ?? (save.error ? callError(save.error).message : ' ')} slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" size="small" disabled={save.isPending} onClick={submit}>Save JSON</Button>
            <Button size="small" onClick={() => { setText(null); setBad(null); save.reset(); }}>Cancel</Button>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

function PointRow({ p, protocol, subTitle, onOpen }: { p: TProtocolPoint; protocol: TProtocol; subTitle: string | null; onOpen: (id: string, notice?: string) => void }) {
  const facts: [string, string][] = [
    ['Type', p.type ? pointTypeName(p.type) : '–'],
    ...(protocol.phasesOn ? [['Phase', p.phaseName ?? '–'] as [string, string]] : []),
    ...(subTitle ? [['Subcategory', subTitle] as [string, string]] : []),
    ['Measurement title', p.measurementTitle || '–'],
    ['Unit', p.unit || '–'],
    ['Sample id index', p.sampleIdIndex === null ? '–' : String(p.sampleIdIndex)],
    ...(p.prefill !== null && p.prefill !== undefined ? [['Prefill', JSON.stringify(p.prefill)] as [string, string]] : []),
    ['Show in report', p.showInReport ? PR.yes : PR.no],
    ['Optional', p.optional ? PR.yes : PR.no],
  ];
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}>
      {p.pointFound ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{p.name}</Typography>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'error.main' }}>{PR.pointNotFound}</Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
        {facts.map(([k, v]) => (
          <Typography key={k} variant="body2"><Box component="span" sx={{ color: 'text.secondary' }}>{k}:</Box> {v}</Typography>
        ))}
      </Box>
      {p.dependencies.length ? (
        <Box sx={{ pl: 1, borderLeft: 2, borderColor: 'divider', display: 'grid', gap: 0.5 }}>
          <Typography variant="caption" color="text.secondary">Prefill dependencies</Typography>
          {p.dependencies.map((d) => <DependencyEditor key={d.id} protocolId={protocol.id} point={p} dep={d} onOpen={onOpen} />)}
        </Box>
      ) : null}
    </Box>
  );
}

/** Categories with their points (001 §2 detail view); phases and category groups above them. */
export function DetailCategories({ protocol: p, onOpen }: { protocol: TProtocol; onOpen: (id: string, notice?: string) => void }) {
  const title = (i: number) => (i === -1 ? 'No category' : p.categories.find((c) => c.index === i)?.title.text ?? `#${i}`);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">
        Phases: {p.phasesOn ? p.phases.map((x) => `${x.order}. ${x.name}`).join(', ') || '–' : 'off'} · Info appendix: {p.infoAppendix ? PR.yes : PR.no} ·
        Rating table: {p.ratingTableLocation} · Show current loaded hours: {p.showCurrentLoadedHours ? PR.yes : PR.no}
      </Typography>
      {p.categoryGroups.length ? (
        <Typography variant="body2">
          Category groups: {p.categoryGroups.map((g) => `${g.name} (${g.categoryIndices.map(title).join(', ')})`).join('; ')}
        </Typography>
      ) : null}
      {p.categories.map((c) => (
        <Paper key={c.id} variant="outlined" component="section" aria-label={c.title.text} sx={{ p: 1.5 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>{c.title.text}</Typography>
          {c.subcategoryTitles.length ? (
            <Typography variant="body2" color="text.secondary">Subcategories: {c.subcategoryTitles.map((s) => s.title).join(', ')}</Typography>
          ) : null}
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {c.inspectionPoints.map((pt) => (
              <PointRow key={pt.id} p={pt} protocol={p} onOpen={onOpen}
                subTitle={pt.subcategoryTitleIndex === null ? null : c.subcategoryTitles.find((s) => s.index === pt.subcategoryTitleIndex)?.title ?? null} />
            ))}
          </Box>
          {!c.inspectionPoints.length ? <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>No points in this category.</Alert> : null}
        </Paper>
      ))}
    </Box>
  );
}
