import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shownMessage } from '../../lib/errors';
import { protocolsApi } from './api';
import { addPhase, removePhase, type ProtocolForm } from './form';
import { touchChipSx } from './touch';

type Change = (f: (form: ProtocolForm) => ProtocolForm) => void;

/** Phases on/off; an existing phase or a new one (POST inspectionPhases) is added with the next order (001 §4). */
export function PhasesEditor({ form, change }: { form: ProtocolForm; change: Change }) {
  const qc = useQueryClient();
  const phases = useQuery({ queryKey: ['protocols.phases'], queryFn: protocolsApi.phases, enabled: form.phasesOn });
  const [newName, setNewName] = useState('');
  const create = useMutation({
    mutationFn: (name: string) => protocolsApi.createPhase(name),
    onSuccess: (phase) => {
      change((f) => addPhase(f, phase));
      setNewName('');
      void qc.invalidateQueries({ queryKey: ['protocols.phases'] });
    },
  });
  const free = (phases.data ?? []).filter((p) => !form.phases.some((x) => x.phaseId === p.id));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>Phases</Typography>
      <FormControlLabel label="Phases on" control={<Switch checked={form.phasesOn} onChange={(e) => change((f) => ({ ...f, phasesOn: e.target.checked }))} />} />
      {form.phasesOn ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {form.phases.map((p) => <Chip key={p.phaseId} sx={touchChipSx} label={`${p.order}. ${p.name}`} onDelete={() => change((f) => removePhase(f, p.phaseId))} />)}
            {!form.phases.length ? <Typography variant="body2" color="text.secondary">No phases yet.</Typography> : null}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <TextField select size="small" label="Add existing phase" value="" fullWidth={false} sx={{ width: 220 }}
              onChange={(e) => { const p = free.find((x) => x.id === e.target.value); if (p) change((f) => addPhase(f, p)); }}>
              {free.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
              {!free.length ? <MenuItem disabled value="none">No more phases</MenuItem> : null}
            </TextField>
            <TextField size="small" fullWidth={false} sx={{ width: 220 }} label="New phase name" value={newName} onChange={(e) => setNewName(e.target.value)} />
            <Button variant="outlined" disabled={!newName.trim() || create.isPending} onClick={() => create.mutate(newName.trim())}>Create phase</Button>
          </Box>
          {create.error ? <Alert severity="error">{shownMessage(create.error)}</Alert> : null}
        </>
      ) : null}
    </Box>
  );
}
