import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { trpc, trpcClient } from '../../providers/trpc';
import { changedFields, cleanTags, fieldsOf, saveFailedText, type TagField } from './tags';

/**
 * Right side of /tags: the tags of each multiple-choice and range-value field of the point (002 §2). Save
 * appears only when some field's tags differ from the saved ones and sends one update per changed field.
 */
export function TagTargetsEditor({ pointId }: { pointId: string }) {
  const queryClient = useQueryClient();
  const targets = useQuery(trpc.pointAuthoring.tagTargets.queryOptions({ pointId }));
  const [edited, setEdited] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setEdited({});
    setError(null);
    setSaved(false);
  }, [pointId]);

  const groups = useMemo(() => (targets.data ? fieldsOf(targets.data) : null), [targets.data]);
  const all = groups ? [...groups.multipleChoices, ...groups.rangeValues] : [];
  const changed = changedFields(all, edited);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      for (const f of changed) await trpcClient.pointAuthoring.updateTags.mutate({ type: f.type, id: f.id, tags: cleanTags(edited[f.key]!) });
      await queryClient.invalidateQueries(trpc.pointAuthoring.tagTargets.queryFilter({ pointId }));
      setEdited({});
      setSaved(true);
    } catch (err) {
      setError(saveFailedText(err));
      // What did save is shown as saved; the rest stays edited.
      await queryClient.invalidateQueries(trpc.pointAuthoring.tagTargets.queryFilter({ pointId }));
    } finally {
      setSaving(false);
    }
  }

  if (targets.isLoading) return <Typography>Loading...</Typography>;
  if (!groups) return <Alert severity="error">The point's fields could not be loaded.</Alert>;
  const section = (title: string, fields: TagField[]) => (
    <Box component="section" aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {!fields.length && <Typography color="text.secondary">None</Typography>}
      {fields.map((f) => (
        <TagsInput
          key={f.key}
          field={f}
          value={edited[f.key] ?? f.tags}
          onChange={(tags) => {
            setSaved(false);
            setEdited((e) => ({ ...e, [f.key]: tags }));
          }}
        />
      ))}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h2">
        {targets.data!.name}
      </Typography>
      {section('Multiple choices', groups.multipleChoices)}
      {section('Range values', groups.rangeValues)}
      {error && <Alert severity="error">{error}</Alert>}
      {saved && !changed.length && <Alert severity="success">Tags saved</Alert>}
      {changed.length > 0 && (
        <Button variant="contained" sx={{ alignSelf: 'flex-start', minHeight: 44 }} onClick={save} disabled={saving}>
          {saving ? 'Saving' : 'Save'}
        </Button>
      )}
    </Box>
  );
}

/** A chips input: type a tag and press Enter (or leave the field) to add it; a chip's x removes it. */
function TagsInput({ field, value, onChange }: { field: TagField; value: string[]; onChange(tags: string[]): void }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[] as string[]}
      value={value}
      onChange={(_, v) => onChange(cleanTags(v))}
      renderInput={(params) => <TextField {...params} label={`Tags of ${field.title || '(no title)'}`} placeholder="Add a tag" />}
    />
  );
}
