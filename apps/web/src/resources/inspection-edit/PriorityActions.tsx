import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useController } from 'react-hook-form';
import { EDIT_LIMITS } from '@insp/contracts';
import type { EditValues, PriorityActionValue } from './formValues';
import { Section } from './Section';
import { EDIT_TEXT } from './texts';
import { useEditable } from './editable';
import { ConflictNotice } from '../../edit-conflicts';
import { itemNoticeKey, useFormConflict } from './conflicts';

let added = 0;

/** Priority actions (000 §3: title, description, priority), replaced as a set by the save. */
export function PriorityActions() {
  const { field } = useController<EditValues, 'priorityActions'>({ name: 'priorityActions' });
  const list = field.value;
  const set = (next: PriorityActionValue[]) => field.onChange(next);
  const editable = useEditable();
  const edit = (i: number, patch: Partial<PriorityActionValue>) => set(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Section
      title={EDIT_TEXT.priorityActions}
      action={editable && (
        <Button startIcon={<AddIcon />} variant="outlined" disabled={list.length >= EDIT_LIMITS.priorityActions}
          onClick={() => set([...list, { key: `new-action-${++added}`, title: '', description: '', priority: '' }])}>
          Add priority action
        </Button>
      )}
    >
      {list.length === 0 && <Typography color="text.secondary">No priority actions.</Typography>}
      {list.map((a, i) => (
        <Paper key={a.key} variant="outlined" data-testid="priority-action" sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, alignItems: 'start' }}>
          <TextField label="Title" value={a.title} onChange={(e) => edit(i, { title: e.target.value })} slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.shortText } }} />
          <TextField label="Priority" value={a.priority} onChange={(e) => edit(i, { priority: e.target.value })} slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.shortText } }} />
          {editable ? (
            <IconButton aria-label={`Remove priority action ${a.title || i + 1}`} onClick={() => set(list.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          ) : <span />}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextField multiline minRows={2} label="Description" value={a.description} onChange={(e) => edit(i, { description: e.target.value })}
              slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.longText } }} />
            <ActionNotice value={a} n={i + 1} />
          </Box>
        </Paper>
      ))}
    </Section>
  );
}

/** Issue 23: the note when a save replaced someone else's change of this action, kept it for theirs instead of removing it, or brought it back after their removal. */
function ActionNotice({ value, n }: { value: PriorityActionValue; n: number }) {
  const { conflict, dismiss } = useFormConflict(value.id ? itemNoticeKey(value.id) : undefined);
  return <ConflictNotice field={value.title ? `Priority action “${value.title}”` : `Priority action ${n}`} conflict={conflict} onDismiss={dismiss} />;
}
