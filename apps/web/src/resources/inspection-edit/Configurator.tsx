import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useController } from 'react-hook-form';
import type { ConfigEntry, EditValues } from './formValues';
import { Section } from './Section';
import { ConflictNotice } from '../../edit-conflicts';
import { useFormConflict } from './conflicts';
import { EDIT_TEXT } from './texts';
import { useEditable } from './editable';

/**
 * The equipment configurator, type Commission only (000 §2.9; the server keeps other types' as they are): its
 * items as name and value lines. A configurator that is not one flat object is shown as it is and not edited.
 */
export function Configurator({ original }: { original: unknown }) {
  const { field } = useController<EditValues, 'configurator'>({ name: 'configurator' });
  const list = field.value;
  if (list == null) {
    return (
      <Section title={EDIT_TEXT.configurator}>
        <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, fontSize: '0.875rem' }}>
          {JSON.stringify(original, null, 2)}
        </Typography>
      </Section>
    );
  }
  return <ConfiguratorItems list={list} onChange={(next) => field.onChange(next)} editable={useEditable()} notice={<ConfiguratorNotice />} />;
}

/** Issue 23: the note when a save replaced someone else's change of the configurator (or it changed since my last save here). */
function ConfiguratorNotice() {
  const { conflict, dismiss } = useFormConflict('configurator');
  return <ConflictNotice field={EDIT_TEXT.configurator} conflict={conflict} onDismiss={dismiss} />;
}

/**
 * The configurator's name and value lines with 'Add item' and a remove button each while editable: the report
 * edit form's (above) and an audit configurator run's (issue 20) alike.
 */
export function ConfiguratorItems({ list, onChange, editable, title = EDIT_TEXT.configurator, status, notice }: {
  list: ConfigEntry[];
  onChange(next: ConfigEntry[]): void;
  editable: boolean;
  title?: string;
  /** Shown beside 'Add item' (the audit editor's save marker). */
  status?: ReactNode;
  /** Shown under the lines (issue 23's note in the report edit form). */
  notice?: ReactNode;
}) {
  const edit = (i: number, patch: Partial<ConfigEntry>) => onChange(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Section
      title={title}
      action={(
        <>
          {status}
          {editable && (
            <Button startIcon={<AddIcon />} variant="outlined" onClick={() => onChange([...list, { name: '', value: '', kind: 'string' }])}>
              Add item
            </Button>
          )}
        </>
      )}
    >
      {list.length === 0 && <Typography color="text.secondary">No configurator items.</Typography>}
      {list.map((e, i) => (
        <Box key={i} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '1fr 1fr auto' }, gap: 1.5, alignItems: 'start' }}>
          <TextField size="small" label="Item" value={e.name} disabled={!editable} onChange={(ev) => edit(i, { name: ev.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField size="small" label="Value" value={e.value} disabled={!editable} onChange={(ev) => edit(i, { value: ev.target.value })} slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ gridRow: { xs: 2, sm: 'auto' }, gridColumn: { xs: '1 / 2', sm: 'auto' } }} />
          {editable ? (
            <IconButton aria-label={`Remove item ${e.name || i + 1}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          ) : <span />}
        </Box>
      ))}
      {notice}
    </Section>
  );
}
