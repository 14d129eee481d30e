import { useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { TEditPointConfig, TPointResult } from '@insp/contracts';
import { useItemWrites } from '../../inspection-writes';
import { ConflictNotice, useEditVersion, useMyName } from '../../edit-conflicts';
import { auditItem, useItemStatus, WriteStatus } from '../../offline-queue';
import { isLocalImage, toContentValue, type ContentValue } from '../inspection-edit/formValues';
import { useLocalImages } from '../inspection-edit/photos/localImages';
import { PointEntry } from '../inspection-edit/points/PointEntry';
import { content } from '../inspection-edit/toUpdate';
import { validatePoint } from '../inspection-edit/validation';
import { useAuditEditing } from './context';
import { SaveMarker } from './SaveMarker';
import { AUDIT_TEXT } from './texts';
import { useAutosave } from './useAutosave';

const PROPOSING: string[] = ['Repair', 'ImmediateAction'];

/**
 * One point of an audit run with the report edit form's point entry, autosaved 1 s after the last change
 * (000 §2.6): a result without id is created, one with an id updated (000 §4). New photos are uploaded first,
 * each once; an answer the form's own checks refuse (numeric rule, patterns) is shown and not sent.
 */
export function AuditPoint({ runId, pointId, config, result }: { runId: string; pointId: string; config: TEditPointConfig; result: TPointResult }) {
  const local = useLocalImages();
  const { auditId, readOnly, reload } = useAuditEditing();
  // Issue 23: the point's answer, photos and voice comment show one status ('Saved on this device', 'Sending…').
  const item = auditItem(auditId, 'point', runId, pointId);
  const writes = useItemWrites(item);
  const [value, setValue] = useState<ContentValue>(() => toContentValue(config, result));
  const [problem, setProblem] = useState<string | null>(null);
  const resultId = useRef<string | undefined>(result.id);
  const uploaded = useRef(new Map<string, string>());
  const savedRating = useRef(result.rating);
  const queued = useItemStatus(item);
  const queuedRef = useRef(queued);
  queuedRef.current = queued;

  const autosave = useAutosave(async (v: ContentValue) => {
    for (const p of v.photos) {
      if (!isLocalImage(p.imageId) || uploaded.current.has(p.imageId)) continue;
      const img = local.get(p.imageId);
      if (!img) continue;
      const { id } = await writes.uploadPhoto(img.blob, img.fileName);
      uploaded.current.set(p.imageId, id);
      local.alias(id, p.imageId);
    }
    // A new voice comment (issue 23) is uploaded the same way, once, before the answer naming it. Its marker stays
    // in the value (saves map it to the id): it plays from the device even while the upload waits offline.
    const voice = v.voiceCommentId;
    if (isLocalImage(voice) && !uploaded.current.has(voice)) {
      const rec = local.get(voice);
      if (rec) uploaded.current.set(voice, (await writes.uploadVoiceComment(rec.blob, rec.fileName)).id);
    }
    // Issue 23: the version this edit started from, captured now (a queued write sends it however late).
    const data = { ...content({ ...v, id: resultId.current }, uploaded.current), version: versions.base() };
    const saved = resultId.current
      ? await writes.updateAuditResult(auditId, resultId.current, data)
      : await writes.createAuditResult(auditId, runId, pointId, data);
    if (saved.id) resultId.current = saved.id;
    versions.answered(saved);
    // Uploaded photos are named by their ids from now on (no 'Not uploaded yet'), with the entries' ids answered.
    setValue((now) => ({
      ...now,
      photos: now.photos.map((p) => {
        const imageId = uploaded.current.get(p.imageId) ?? p.imageId;
        const id = p.id ?? saved.photos.find((x) => x.imageId === imageId)?.id;
        return { ...p, imageId, ...(id ? { id } : {}) };
      }),
    }));
    // Issue 8: a rating of repair or immediate action proposes an action point; read the audit for it to show.
    if (v.rating !== savedRating.current && [v.rating, savedRating.current].some((r) => PROPOSING.includes(r))) void reload();
    savedRating.current = v.rating;
  });

  // Issue 23: someone else's newer answer, seen when the audit is read again, replaces this one unless it is unsaved.
  const versions = useEditVersion(result, {
    me: useMyName(),
    inFlight: () => autosave.state === 'due' && !autosave.error,
    hasLocalEdits: () => autosave.state === 'pending' || !!autosave.error || queuedRef.current?.state === 'device' || queuedRef.current?.state === 'sending',
    adopt: () => {
      setValue(toContentValue(config, result));
      if (result.id) resultId.current = result.id;
      savedRating.current = result.rating;
    },
  });

  const onChange = (next: ContentValue) => {
    setValue(next);
    const checked = validatePoint(config, next);
    setProblem(checked === true ? null : checked);
    if (checked === true) autosave.change(next);
  };
  return (
    <PointEntry
      config={config}
      value={value}
      onChange={onChange}
      error={problem ?? (autosave.error ? AUDIT_TEXT.notSaved(autosave.error) : undefined)}
      status={<><SaveMarker state={autosave.state} /><WriteStatus item={item} refusalShown={!!autosave.error} /></>}
      notice={<ConflictNotice field={value.nameOverride || config.name} conflict={versions.conflict} onDismiss={versions.dismiss} />}
      readOnly={readOnly}
    />
  );
}
