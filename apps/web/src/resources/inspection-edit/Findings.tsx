import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useController } from 'react-hook-form';
import { EDIT_LIMITS } from '@insp/contracts';
import type { EditValues, FindingValue } from './formValues';
import { FindingItem } from './FindingItem';
import { Section } from './Section';
import { EDIT_TEXT } from './texts';
import { useEditable } from './editable';

let added = 0;
const newFinding = (): FindingValue => ({
  key: `new-finding-${++added}`, title: '', description: '', consequence: '', corrective: '', preventive: '', photos: [], show: true,
});

/** Findings: added, edited and removed here; the save replaces the inspection's findings with this list. */
export function Findings() {
  const { field } = useController<EditValues, 'findings'>({ name: 'findings' });
  const list = field.value;
  const set = (next: FindingValue[]) => field.onChange(next);
  const editable = useEditable();
  return (
    <Section
      title={EDIT_TEXT.findings}
      action={editable && (
        <Button startIcon={<AddIcon />} variant="outlined" disabled={list.length >= EDIT_LIMITS.findings} onClick={() => set([...list, newFinding()])}>
          Add finding
        </Button>
      )}
    >
      {list.length === 0 && <Typography color="text.secondary">No findings.</Typography>}
      {list.map((f, i) => (
        <FindingItem key={f.key} value={f} n={i + 1} onChange={(next) => set(list.map((x, j) => (j === i ? next : x)))} onRemove={() => set(list.filter((_, j) => j !== i))} readOnly={!editable} />
      ))}
    </Section>
  );
}
