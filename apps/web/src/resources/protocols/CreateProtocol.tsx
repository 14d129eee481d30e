import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { allowedPointTypes } from '@insp/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useUnsavedChanges } from '../../components/unsaved';
import { sameValues } from '../../lib/sameValues';
import { useFamilies } from '../inspection-points/refs';
import { saveProtocol, type SaveAnswer } from './api';
import { CategoriesEditor } from './CategoriesEditor';
import { FormHeader } from './FormHeader';
import {
  addCategory, addPoint, addSubcategory, automaticName, emptyForm, noInfoAppendix, otherPointTypesProblem, repeatedTargetProblems, saveProblems, toPayload,
  type ProtocolForm, type RatingTableLocation,
} from './form';
import { GroupsEditor } from './GroupsEditor';
import { InsertTitles } from './InsertTitles';
import { PhasesEditor } from './PhasesEditor';
import { PointPicker } from './PointPicker';
import { PR } from './texts';
import { useProtocolTypes } from './useProtocolTypes';

/**
 * The create tab (001 §2, §4, §5): titles and the point list on the left (a double click or the add button adds a
 * point to the selected category), the protocol form on the right; side by side on a wide screen, stacked at 820 px.
 * A 201 says 'New Protocol saved!' and resets the form; anything else keeps 'ERROR WITH SAVE' with its status
 * and message until cleared (001 §4). Clearing keeps the form (issue 19, unlike 001 §4's reset): one refused save
 * must not mean building the protocol again.
 */
export function CreateProtocol() {
  const [form, setForm] = useState<ProtocolForm>(emptyForm);
  // issue 19: unsaved while it differs from an empty form (what it starts as and goes back to after a save);
  // which category is selected is no work of its own
  useUnsavedChanges(!sameValues({ ...form, selected: null, selectedSub: null }, emptyForm()));
  const change = useCallback((f: (x: ProtocolForm) => ProtocolForm) => setForm(f), []);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<SaveAnswer | null>(null);
  const qc = useQueryClient();
  const types = useProtocolTypes();
  const families = useFamilies();
  const familyList = families.data ?? [];
  // stacked on a tablet the list sits above the form: a shorter list keeps the form in reach
  const stacked = useMediaQuery(useTheme().breakpoints.down('md'));

  const typeName = types.data?.find((t) => t.type === form.type)?.name ?? form.type;
  const targetNames = form.targets.map((t) => {
    const fam = familyList.find((f) => f.id === t.productFamilyId);
    return (t.productModelId && fam?.productModels.find((m) => m.id === t.productModelId)?.name) || fam?.familyName || '';
  });
  const name = form.automaticName ? automaticName(typeName, targetNames) : form.name;
  const targetName = (i: number) => targetNames[i] ?? '';
  const problems = saveProblems(form, name, targetName);
  const phaseMissing = problems.includes(PR.phaseMissing);
  // shown beside the targets as soon as they repeat, whatever else is still missing
  const repeats = repeatedTargetProblems(form, targetName).filter((p) => problems.includes(p));
  // shown above the categories: the points to remove, named (001 §5, Equipment configurator)
  const otherTypes = otherPointTypesProblem(form);
  const belowSave = problems.find((p) => p !== PR.phaseMissing && p !== otherTypes && !repeats.includes(p));

  const save = async () => {
    setSaving(true);
    setSaved(false);
    const answer = await saveProtocol(toPayload(form, name));
    setSaving(false);
    if (answer.status === 201) {
      setSaved(true);
      setForm(emptyForm());
      void qc.invalidateQueries({ queryKey: ['protocols.list'] });
    } else setFailure(answer);
  };
  const clearFailure = () => setFailure(null);

  const context = {
    type: form.type || null,
    productFamilyIds: [...new Set(form.targets.map((t) => t.productFamilyId).filter(Boolean))],
    productModelIds: form.targets.flatMap((t) => (t.productModelId ? [t.productModelId] : [])),
    equipmentIds: form.targets.flatMap((t) => (t.equipmentId ? [t.equipmentId] : [])),
    pointTypes: allowedPointTypes(form.type),
  };
  const check = (label: string, checked: boolean, set: (v: boolean) => void, disabled = false) => (
    <FormControlLabel label={label} disabled={disabled} control={<Checkbox checked={checked} onChange={(e) => set(e.target.checked)} />} />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(280px, 380px) minmax(0, 1fr)' } }}>
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0, display: 'grid', gap: 1.5 }} aria-label="Categories and points" component="section">
        <InsertTitles
          type={form.type}
          hasCategory={form.selected !== null}
          onCategory={(text, id) => change((f) => addCategory(f, text, id))}
          onSubcategory={(text) => change((f) => addSubcategory(f, text))}
        />
        <PointPicker context={context} height={stacked ? 320 : 480} hasCategory={form.selected !== null} onAdd={(p) => change((f) => addPoint(f, p))} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0, display: 'grid', gap: 2 }} aria-label="New protocol" component="section">
        {saved ? <Alert severity="success" onClose={() => setSaved(false)}>{PR.saved}</Alert> : null}
        {failure ? (
          <Alert severity="error" role="alert" onClose={clearFailure} slotProps={{ closeButton: { title: 'Clear' } }}>
            <AlertTitle>{PR.saveError}</AlertTitle>
            {failure.status ? `${failure.status}: ` : ''}{failure.message}
          </Alert>
        ) : null}
        <FormHeader form={form} change={change} name={name} types={types.data ?? []} families={familyList} />
        {repeats.map((r) => <Alert key={r} severity="warning">{r}</Alert>)}
        <Divider />
        {otherTypes ? <Alert severity="warning">{otherTypes}</Alert> : null}
        <CategoriesEditor form={form} change={change} />
        <Divider />
        <GroupsEditor form={form} change={change} />
        <Divider />
        <PhasesEditor form={form} change={change} />
        {phaseMissing ? <Alert severity="warning">{PR.phaseMissing}</Alert> : null}
        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
          {check('Info appendix', form.infoAppendix, (v) => change((f) => ({ ...f, infoAppendix: v })), noInfoAppendix(form.type))}
          {check('Show current loaded hours', form.showCurrentLoadedHours, (v) => change((f) => ({ ...f, showCurrentLoadedHours: v })))}
          <TextField select size="small" label="Rating table location" value={form.ratingTableLocation} fullWidth={false} sx={{ width: 220 }}
            onChange={(e) => change((f) => ({ ...f, ratingTableLocation: e.target.value as RatingTableLocation }))}>
            <MenuItem value="Start">Start</MenuItem>
            <MenuItem value="End">End</MenuItem>
            <MenuItem value="None">None</MenuItem>
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button variant="contained" disabled={problems.length > 0 || saving || !!failure} onClick={() => void save()}>Save protocol</Button>
          {belowSave ? <Typography variant="body2" color="text.secondary">{belowSave}</Typography> : null}
        </Box>
      </Paper>
    </Box>
  );
}
