import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { useState } from 'react';
import { pointTypeName } from '@insp/contracts';
import {
  canDeleteCategory,
  deleteCategory,
  deleteSubcategory,
  moveCategory,
  movePoint,
  updateCategory,
  type FormCategory,
  type FormPoint,
  type ProtocolForm,
} from './form';
import { PointSettingsDialog, settingsSummary } from './PointSettingsDialog';
import { PR } from './texts';
import { touchChipSx } from './touch';

type Change = (f: (form: ProtocolForm) => ProtocolForm) => void;

function PointItem({ p, c, i, k, form, change }: { p: FormPoint; c: FormCategory; i: number; k: number; form: ProtocolForm; change: Change }) {
  const set = (x: Partial<FormPoint>) => change((f) => updateCategory(f, i, (cat) => ({ ...cat, points: cat.points.map((q, n) => (n === k ? { ...q, ...x } : q)) })));
  const label = `${p.name} (${k + 1})`;
  const [editing, setEditing] = useState(false);
  const summary = settingsSummary(p);
  return (
    <Box component="li" aria-label={p.name} sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 0.75, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={p.name}>{p.name}</Typography>
          {summary ? <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} noWrap title={summary}>{summary}</Typography> : null}
        </Box>
        <Typography variant="caption" color="text.secondary">{pointTypeName(p.type)}</Typography>
        <IconButton size="small" aria-label={PR.settings(label)} onClick={() => setEditing(true)}><TuneIcon fontSize="small" /></IconButton>
        <IconButton size="small" aria-label={`Move ${label} up`} disabled={k === 0} onClick={() => change((f) => movePoint(f, i, k, -1))}><ArrowUpIcon fontSize="small" /></IconButton>
        <IconButton size="small" aria-label={`Move ${label} down`} disabled={k === c.points.length - 1} onClick={() => change((f) => movePoint(f, i, k, 1))}><ArrowDownIcon fontSize="small" /></IconButton>
        <IconButton size="small" aria-label={`Remove ${label}`} onClick={() => change((f) => updateCategory(f, i, (cat) => ({ ...cat, points: cat.points.filter((_, n) => n !== k) })))}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        {form.phasesOn ? (
          <TextField select size="small" label="Phase" value={p.phaseId ?? ''} error={!p.phaseId} fullWidth={false} sx={{ width: 220 }}
            onChange={(e) => set({ phaseId: e.target.value || null })}>
            <MenuItem value=""><em>No phase</em></MenuItem>
            {form.phases.map((ph) => <MenuItem key={ph.phaseId} value={ph.phaseId}>{ph.name}</MenuItem>)}
          </TextField>
        ) : null}
        {c.subcategories.length ? (
          <TextField select size="small" label="Subcategory" value={p.subcategoryTitleIndex ?? ''} fullWidth={false} sx={{ width: 200 }}
            onChange={(e) => set({ subcategoryTitleIndex: e.target.value === '' ? null : Number(e.target.value) })}>
            <MenuItem value=""><em>None</em></MenuItem>
            {c.subcategories.map((s) => <MenuItem key={s.index} value={s.index}>{s.title || '(no title)'}</MenuItem>)}
          </TextField>
        ) : null}
        <TextField size="small" type="number" label="Sample id index" value={p.sampleIdIndex ?? ''} fullWidth={false} sx={{ width: 160 }}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          onChange={(e) => set({ sampleIdIndex: e.target.value === '' ? null : Math.max(0, Math.trunc(Number(e.target.value))) })} />
        <FormControlLabel label="Show in report" control={<Checkbox size="small" checked={p.showInReport} onChange={(e) => set({ showInReport: e.target.checked })} />} />
        <FormControlLabel label="Optional" control={<Checkbox size="small" checked={p.optional} onChange={(e) => set({ optional: e.target.checked })} />} />
      </Box>
      <PointSettingsDialog point={editing ? p : null} onClose={() => setEditing(false)} onApply={(x) => { set(x); setEditing(false); }} />
    </Box>
  );
}

function CategoryBox({ c, i, form, change }: { c: FormCategory; i: number; form: ProtocolForm; change: Change }) {
  const selected = form.selected === i;
  const deletable = canDeleteCategory(form, i);
  const n = i + 1;
  return (
    <Paper component="section" aria-label={`Category ${n}`} variant="outlined" onClick={() => !selected && change((f) => ({ ...f, selected: i, selectedSub: null }))}
      sx={{ p: 1.5, borderColor: selected ? 'primary.main' : 'divider', borderWidth: selected ? 2 : 1, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <TextField size="small" label={`Category ${n} title`} value={c.title} required error={!c.title.trim()} sx={{ flex: 1, minWidth: 0 }}
          onChange={(e) => change((f) => updateCategory(f, i, (x) => ({ ...x, title: e.target.value, titleId: null })))} />
        <FormControlLabel label="Selected" sx={{ mx: 0.5 }}
          control={<Checkbox size="small" checked={selected} onChange={() => change((f) => ({ ...f, selected: i, selectedSub: null }))} />} />
        <IconButton aria-label={`Move category ${n} up`} disabled={i === 0} onClick={(e) => { e.stopPropagation(); change((f) => moveCategory(f, i, -1)); }}><ArrowUpIcon /></IconButton>
        <IconButton aria-label={`Move category ${n} down`} disabled={i === form.categories.length - 1} onClick={(e) => { e.stopPropagation(); change((f) => moveCategory(f, i, 1)); }}><ArrowDownIcon /></IconButton>
        <IconButton aria-label={`Delete category ${n}`} disabled={!deletable} title={deletable ? undefined : 'The first category and a category with points cannot be deleted'}
          onClick={(e) => { e.stopPropagation(); change((f) => deleteCategory(f, i)); }}><DeleteIcon /></IconButton>
      </Box>
      {c.subcategories.length ? (
        <Box sx={{ display: 'grid', gap: 1, pl: 2 }}>
          {c.subcategories.map((s) => (
            <Box key={s.index} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <TextField size="small" label={`Subcategory ${s.index + 1} of category ${n}`} value={s.title} required error={!s.title.trim()} sx={{ flex: 1, minWidth: 0 }}
                onChange={(e) => change((f) => updateCategory(f, i, (x) => ({ ...x, subcategories: x.subcategories.map((y) => (y.index === s.index ? { ...y, title: e.target.value } : y)) })))} />
              <Chip size="small" label={selected && form.selectedSub === s.index ? 'New points go here' : 'Select'} color={selected && form.selectedSub === s.index ? 'primary' : 'default'}
                onClick={(e) => { e.stopPropagation(); change((f) => ({ ...f, selected: i, selectedSub: s.index })); }} sx={{ minHeight: 32, ...touchChipSx }} />
              <IconButton aria-label={`Delete subcategory ${s.index + 1} of category ${n}`} onClick={(e) => { e.stopPropagation(); change((f) => deleteSubcategory(f, i, s.index)); }}><DeleteIcon /></IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      {c.points.length ? (
        <Box component="ul" aria-label={`Points of category ${n}`} sx={{ m: 0, p: 0 }}>
          {c.points.map((p, k) => <PointItem key={p.key} p={p} c={c} i={i} k={k} form={form} change={change} />)}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {selected ? 'Double-click a point in the list to add it here.' : 'No points yet.'}
        </Typography>
      )}
    </Paper>
  );
}

/** Categories, their subcategories and points (001 §2 create tab; §4 move swaps, delete refusals). */
export function CategoriesEditor({ form, change }: { form: ProtocolForm; change: Change }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>Categories</Typography>
      {!form.categories.length ? <Typography variant="body2" color="text.secondary">Insert a category title on the left to start.</Typography> : null}
      {form.categories.map((c, i) => <CategoryBox key={c.key} c={c} i={i} form={form} change={change} />)}
    </Box>
  );
}
