import { useCallback, useEffect, useState, type ReactNode } from 'react';
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
import type { SaveAnswer } from './api';
import { CategoriesEditor } from './CategoriesEditor';
import { FormHeader } from './FormHeader';
import {
  addCategory, addPoint, addSubcategory, automaticName, noInfoAppendix, otherPointTypesProblem, repeatedTargetProblems, saveProblems,
  type ProtocolForm, type RatingTableLocation,
} from './form';
import { GroupsEditor } from './GroupsEditor';
import { InsertTitles } from './InsertTitles';
import { PhasesEditor } from './PhasesEditor';
import { PointPicker } from './PointPicker';
import { PR } from './texts';
import { useProtocolTypes } from './useProtocolTypes';

/** What a save answered: `done` for a save that went through, with what to do next; else the error to keep. */
export type SaveOutcome = { done: true; after: () => void } | { done: false; failure: SaveAnswer };

export interface ProtocolEditorProps {
  initial: ProtocolForm;
  /** The form's section label and the save button's text. */
  label: string;
  saveLabel: string;
  save: (form: ProtocolForm, name: string) => Promise<SaveOutcome>;
  /** After a save that went through: start again from `initial` (create) rather than leave (edit). */
  resetAfterSave: boolean;
  /** Shown after a save when the form stays (create: 'New Protocol saved!'). */
  savedText?: string;
  typeLocked?: boolean;
  /** Shown above the form (an edit's notes). */
  header?: ReactNode;
  /** Beside the save button (an edit's Cancel). */
  actions?: ReactNode;
}

/**
 * The protocol form (001 §2 create tab, §4, §5; issue 19 for an edit): titles and the point list on the left (a
 * double click or the add button adds a point to the selected category), the form on the right; side by side on a
 * wide screen, stacked at 820 px. A refused save keeps 'ERROR WITH SAVE' with its status and message until cleared;
 * clearing keeps the form (issue 19, unlike 001 §4's reset): one refused save must not mean building it again.
 * Unsaved while it differs from `initial`; a save that went through is no unsaved work.
 */
export function ProtocolEditor({ initial, label, saveLabel, save: saveForm, resetAfterSave, savedText, typeLocked = false, header, actions }: ProtocolEditorProps) {
  const [form, setForm] = useState<ProtocolForm>(initial);
  const [next, setNext] = useState<(() => void) | null>(null);
  // which category is selected is no work of its own
  useUnsavedChanges(!next && !sameValues({ ...form, selected: null, selectedSub: null }, { ...initial, selected: null, selectedSub: null }));
  // What follows a save runs once the form no longer counts as unsaved, so leaving does not ask.
  useEffect(() => next?.(), [next]);
  const change = useCallback((f: (x: ProtocolForm) => ProtocolForm) => setForm(f), []);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<SaveAnswer | null>(null);
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
    const outcome = await saveForm(form, name);
    setSaving(false);
    if (!outcome.done) setFailure(outcome.failure);
    else if (resetAfterSave) {
      setSaved(true);
      setForm(initial);
      outcome.after();
    } else setNext(() => outcome.after);
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
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0, display: 'grid', gap: 2 }} aria-label={label} component="section">
        {header}
        {saved && savedText ? <Alert severity="success" onClose={() => setSaved(false)}>{savedText}</Alert> : null}
        {failure ? (
          <Alert severity="error" role="alert" onClose={clearFailure} slotProps={{ closeButton: { title: 'Clear' } }}>
            <AlertTitle>{PR.saveError}</AlertTitle>
            {failure.status ? `${failure.status}: ` : ''}{failure.message}
          </Alert>
        ) : null}
        <FormHeader form={form} change={change} name={name} types={types.data ?? []} families={familyList} typeLocked={typeLocked} />
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
          <Button variant="contained" disabled={problems.length > 0 || saving || !!failure || !!next} onClick={() => void save()}>{saveLabel}</Button>
          {actions}
          {belowSave ? <Typography variant="body2" color="text.secondary">{belowSave}</Typography> : null}
        </Box>
      </Paper>
    </Box>
  );
}
