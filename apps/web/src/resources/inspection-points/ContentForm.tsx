import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PointType, TInspectionPoint, TInspectionPointWrite } from '@insp/contracts';
import { useConfirmDiscard, useUnsavedChanges } from '../../components/unsaved';
import { callError, shownMessage } from '../../lib/errors';
import { sameValues } from '../../lib/sameValues';
import { getToken } from '../../providers/token';
import { pointsApi, uploadPointFiles } from './api';
import { CommonFields } from './CommonFields';
import { ContentSettings } from './ContentSettings';
import { DeleteDialog, RemovalDialog } from './DeleteDialog';
import { DocumentsField, type PendingUpload } from './DocumentsField';
import { MetadataEditor } from './MetadataEditor';
import { optionsValid, PointOptions } from './PointOptions';
import { canSave, defaultForm, formOf, generalFieldsOf, removedItems, type PointForm } from './rules';
import { POINT_TYPE_NAMES } from './texts';
import { typeEditorOf } from './typeEditors';
import { useCreateOnce } from './useCreateOnce';

/** What the editor reports when a save, duplicate or delete went through: the message and which one it was. */
export type EditorDone = (message: string, outcome: 'saved' | 'duplicated' | 'deleted') => void;

/** A new form of a type: the defaults of 001 §5 plus the type's starting content. */
export const newForm = (type: PointType): PointForm => ({ ...defaultForm(type), ...typeEditorOf(type)?.initial?.() });

const failure = (err: unknown) => {
  const e = callError(err);
  return e.field ? `${e.field}: ${e.message}` : shownMessage(err);
};

/**
 * The content tab (001 §2 common form): name, description, documents, metadata, content settings, options, the type
 * editor and Cancel / Duplicate / Delete point / Save with the rules of 001 §4, §5.
 */
export function ContentForm({ mode, type, point, onDone }: { mode: 'create' | 'edit'; type?: PointType; point: TInspectionPoint | null; onDone: EditorDone }) {
  const initial = () => (point ? formOf(point) : newForm(type ?? 'Comment'));
  // what was last loaded or saved: the form is unsaved while it differs from this or a file waits to go up (issue 19)
  const [baseline, setBaseline] = useState<PointForm>(initial);
  const [form, setForm] = useState<PointForm>(() => baseline);
  // bumped when the form starts again (a save, Cancel): the fields forget they were touched
  const [generation, setGeneration] = useState(0);
  // the form starts again from `f`: nothing unsaved, and the fields forget they were touched
  const restart = (f: PointForm) => {
    setBaseline(f);
    setForm(f);
    setGeneration((g) => g + 1);
  };
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [confirm, setConfirm] = useState<'delete' | 'removal' | null>(null);
  const qc = useQueryClient();
  const editor = typeEditorOf(form.type);
  const change = (patch: Partial<PointForm>) => setForm((f) => ({ ...f, ...patch }));
  // The general-fields tab saved this point: take its fields over, keep every other unsaved edit of this form.
  const seen = useRef(point?.updated);
  useEffect(() => {
    if (!point || point.updated === seen.current) return;
    seen.current = point.updated;
    const saved = generalFieldsOf(formOf(point));
    setForm((f) => ({ ...f, ...saved }));
    setBaseline((f) => ({ ...f, ...saved }));
  }, [point]);
  const removed = point ? removedItems(formOf(point), form) : 0;

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['inspectionPoints.list'] });
    if (point) await qc.invalidateQueries({ queryKey: ['inspectionPoints.get', point.id] });
  };
  // issue 19: a save is one operation. A create that went through is remembered, so Save after a failed upload
  // updates that point instead of creating a second one; a file that went up is marked done and not sent again.
  const created = useRef<TInspectionPoint | null>(null);
  // The create itself is sent with an idempotency key, the same one again while its outcome is unknown.
  const { createOnce, forget } = useCreateOnce(created);
  const save = useMutation({
    mutationFn: async () => {
      const body: TInspectionPointWrite = { ...form, sourceSystem: 'UI' };
      const target = point ?? created.current;
      const saved = target ? await pointsApi.update(target.id, body) : await createOnce(body);
      // new files go up once the point exists (PUT …/{id}/files), each with its progress
      const pending = uploads;
      for (let i = 0; i < pending.length; i++) {
        if (pending[i]!.done) continue;
        const mark = (u: Partial<PendingUpload>) => setUploads((us) => us.map((x, j) => (j === i ? { ...x, ...u } : x)));
        mark({ percent: 0, failed: false });
        try {
          await uploadPointFiles(saved.id, [pending[i]!.file], getToken(), (percent) => mark({ percent }), pending[i]!.key);
          mark({ percent: 100, done: true });
        } catch (e) {
          mark({ failed: true });
          throw e;
        }
      }
      return saved;
    },
    onSuccess: async (saved) => {
      setUploads([]);
      created.current = null;
      forget();
      if (mode === 'create' || !point) {
        await refresh();
        restart(newForm(form.type)); // 001 §4: a successful create resets the form
      } else {
        // issue 19: the editor stays on a saved point and shows it as the server has it now (with its uploaded
        // files); if that read fails, the save's own answer stands in, so the form never goes back to the old values
        await qc.invalidateQueries({ queryKey: ['inspectionPoints.list'] });
        const key = ['inspectionPoints.get', point.id];
        const fresh = await qc.fetchQuery({ queryKey: key, queryFn: () => pointsApi.get(point.id), staleTime: 0 }).catch(() => {
          qc.setQueryData(key, saved);
          return saved;
        });
        seen.current = fresh.updated;
        restart(formOf(fresh));
      }
      onDone(`Saved ${saved?.name ?? form.name}.`, 'saved');
    },
  });
  const duplicate = useMutation({
    mutationFn: () => pointsApi.duplicate(point!.id),
    onSuccess: async (copy) => {
      await refresh();
      onDone(`Duplicated as ${copy?.name ?? 'a new point'}.`, 'duplicated');
    },
  });
  const remove = useMutation({
    mutationFn: () => pointsApi.delete(point!.id),
    onSuccess: async () => {
      setConfirm(null);
      qc.removeQueries({ queryKey: ['inspectionPoints.get', point!.id] });
      await qc.invalidateQueries({ queryKey: ['inspectionPoints.list'] });
      onDone(`Deleted ${point!.name}.`, 'deleted');
    },
  });
  const valid = canSave(form, editor?.isValid) && optionsValid(form);
  const busy = save.isPending || duplicate.isPending || remove.isPending;
  const [editorBusy, setEditorBusy] = useState(false);
  const onSave = () => (point && removed > 0 && point.usage.inspections > 0 ? setConfirm('removal') : save.mutate());
  const Editor = editor?.Editor;
  const dirty = uploads.length > 0 || !sameValues(form, baseline);
  useUnsavedChanges(dirty);
  // a duplicate copies the saved point and closes this one: unsaved edits would go
  const { confirm: confirmDiscard, dialog } = useConfirmDiscard();

  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); if (valid && !busy && !editorBusy) onSave(); }} sx={{ display: 'grid', gap: 2 }}>
      <CommonFields key={generation} value={form} onChange={change} disabled={busy} />
      <DocumentsField value={form} onChange={change} point={point} uploads={uploads} setUploads={setUploads} disabled={busy} />
      <MetadataEditor value={form} onChange={change} disabled={busy} />
      <ContentSettings value={form} onChange={change} disabled={busy} />
      <PointOptions value={form} onChange={change} disabled={busy} />
      <Box component="section" aria-label={`${POINT_TYPE_NAMES[form.type]} content`} sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{POINT_TYPE_NAMES[form.type]}</Typography>
        {Editor ? <Editor value={form} onChange={change} mode={mode} pointId={point?.id} disabled={busy} onBusy={setEditorBusy} /> : <Alert severity="info">The editor of this type is not available yet.</Alert>}
      </Box>
      {point && removed > 0 ? <Alert severity="warning">This save removes {removed} item{removed === 1 ? '' : 's'}. {point.usage.inspections ? `${point.usage.inspections}${point.usage.inspectionsCapped ? '+' : ''} inspections used this point; their reports keep what was recorded.` : 'No inspection has used this point yet.'}</Alert> : null}
      {[save.error, duplicate.error].filter(Boolean).map((e, i) => <Alert key={i} severity="error">{failure(e)}</Alert>)}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1, zIndex: 1 }}>
        <Button onClick={() => { restart(initial()); setUploads([]); created.current = null; forget(); save.reset(); }} disabled={busy}>Cancel</Button>
        {point ? <Button onClick={() => confirmDiscard(() => dirty, () => duplicate.mutate())} disabled={busy}>Duplicate</Button> : null}
        {point ? <Button color="error" onClick={() => { remove.reset(); setConfirm('delete'); }} disabled={busy}>Delete point</Button> : null}
        <Button type="submit" variant="contained" disabled={!valid || busy || editorBusy} sx={{ ml: 'auto' }}>Save</Button>
      </Box>
      {point ? (
        <>
          <DeleteDialog point={point} open={confirm === 'delete'} pending={remove.isPending} error={remove.error} onConfirm={() => remove.mutate()} onClose={() => setConfirm(null)} />
          <RemovalDialog point={point} removed={removed} open={confirm === 'removal'} onClose={() => setConfirm(null)} onConfirm={() => { setConfirm(null); save.mutate(); }} />
        </>
      ) : null}
      {dialog}
    </Box>
  );
}
