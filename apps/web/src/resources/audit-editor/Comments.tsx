import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EDIT_LIMITS, type AuditTextField, type TAudit, type TAuditTextSaved, type TTextVersion } from '@insp/contracts';
import { useRef, useState } from 'react';
import { ConflictNotice, useEditVersion, useMyName } from '../../edit-conflicts';
import { useItemWrites } from '../../inspection-writes';
import { auditItem, useItemStatus, WriteStatus } from '../../offline-queue';
import { Section } from '../inspection-edit/Section';
import { useAuditEditing } from './context';
import { SaveMarker } from './SaveMarker';
import { AUDIT_TEXT } from './texts';
import { useAutosave } from './useAutosave';

/** One autosaved text of the audit (000 §2.6, §7 PUT {id}/{field}): saved 1 s after the last keystroke, (*) while unsaved. */
export function AutosaveText({ field, label, initial, stamp }: { field: AuditTextField; label: string; initial: string; stamp?: TTextVersion | undefined }) {
  const { auditId, readOnly } = useAuditEditing();
  const item = auditItem(auditId, 'text', field);
  const writes = useItemWrites(item);
  const [text, setText] = useState(initial);
  const status = useItemStatus(item);
  const queued = useRef(status);
  queued.current = status;
  // Issue 23: the text's version travels with each save; someone else's newer text is shown unless this one is unsaved.
  const autosave = useAutosave(async (t: string) => {
    versions.answered(await writes.setAuditText(auditId, field, t, versions.base()) as Partial<TAuditTextSaved> | null);
  });
  const versions = useEditVersion(stamp, {
    me: useMyName(),
    inFlight: () => autosave.state === 'due' && !autosave.error,
    hasLocalEdits: () => autosave.state === 'pending' || !!autosave.error || ['device', 'sending'].includes(queued.current?.state ?? ''),
    adopt: () => setText(initial),
  });
  return (
    <div>
      <TextField
        multiline
        minRows={3}
        fullWidth
        label={<>{label}<SaveMarker state={autosave.state} /></>}
        value={text}
        disabled={readOnly}
        onChange={(e) => {
          setText(e.target.value);
          autosave.change(e.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: EDIT_LIMITS.longText, 'aria-label': label, 'data-field': field } }}
      />
      <WriteStatus item={item} refusalShown={!!autosave.error} />
      <ConflictNotice field={label} conflict={versions.conflict} onDismiss={versions.dismiss} />
      {autosave.error && (
        <Typography role="alert" variant="body2" color="error">
          {AUDIT_TEXT.notSaved(autosave.error)}
        </Typography>
      )}
    </div>
  );
}

/** 000 §2.6 comments block: public comment, internal comment and the summary. */
export function Comments({ audit }: { audit: TAudit }) {
  return (
    <Section title={AUDIT_TEXT.comments}>
      <AutosaveText field="summary" label={AUDIT_TEXT.summary} initial={audit.summary} stamp={audit.textVersions?.summary} />
      <AutosaveText field="comment" label={AUDIT_TEXT.comment} initial={audit.comment} stamp={audit.textVersions?.comment} />
      <AutosaveText field="internalComment" label={AUDIT_TEXT.internalComment} initial={audit.internalComment} stamp={audit.textVersions?.internalComment} />
    </Section>
  );
}
