import { hasConfigurator, InspectionTextFields, parseNumeric, type InspectionTextField, type TInspectionEdit, type TInspectionFieldVersions, type TInspectionUpdateInput } from '@insp/contracts';
import { fromDateTimeInput, withDay } from '../../lib/dates';
import type { ConfigEntry, ContentValue, EditValues, PhotoValue } from './formValues';
import { isLocalImage } from './formValues';
import { partVersions } from './partVersions';

export interface SaveChoices {
  /** 000 §5: whether the old signatures are reused; null when there were none to ask about. */
  reuseSignatures: boolean | null;
  sendEmail: boolean;
  /** Issue 20: the e-mailed report's language; left out, the server uses the customer's. */
  emailLanguage?: string;
  /** Saved without finishing (issue 20: required ratings missing). */
  draft?: boolean;
  /** Uploaded ids of the photos and signatures held locally, by their local marker. */
  uploaded: ReadonlyMap<string, string>;
  /**
   * Issue 23: the values the form started from. Given, points whose answer was not touched are left out of the save
   * (results are never deleted by leaving them out), so a save does not overwrite what someone else answered meanwhile.
   */
  initial?: EditValues;
}

const orNull = (s: string) => (s.trim() === '' ? null : s);

/** The id to send for an image: uploaded ones by their new id (a local marker never reaches the server). */
function imageId(id: string, uploaded: ReadonlyMap<string, string>): string {
  if (!isLocalImage(id)) return id;
  const done = uploaded.get(id);
  if (!done) throw new Error(`photo ${id} was not uploaded`);
  return done;
}

const photos = (list: PhotoValue[], uploaded: ReadonlyMap<string, string>) =>
  list.map((p) => ({ ...(p.id ? { id: p.id } : {}), imageId: imageId(p.imageId, uploaded), caption: p.caption, layout: p.layout }));

export function content(c: ContentValue, uploaded: ReadonlyMap<string, string>) {
  return {
    ...(c.id ? { id: c.id } : {}),
    selection: orNull(c.selection),
    value: orNull(c.value),
    comment: orNull(c.comment),
    internalComment: orNull(c.internalComment),
    rating: c.rating,
    photos: photos(c.photos, uploaded),
    // A recording made in the form is named by its uploaded id, like a photo (issue 23).
    voiceCommentId: c.voiceCommentId ? imageId(c.voiceCommentId, uploaded) : null,
    nameOverride: orNull(c.nameOverride),
    fields: c.fields,
    rows: c.rows.map((r) => ({ ...r, values: r.values.map((v) => ({ ...v, value: orNull(v.value ?? '') })) })),
    rangeValues: c.rangeValues.map((r) => ({ ...r, value: orNull(r.value ?? '') })),
    multipleChoices: c.multipleChoices,
    dropdowns: c.dropdowns,
  };
}

/** The configurator object the API keeps, from the form's lines (unnamed lines left out, numbers kept numbers). */
export const configuratorObject = (list: ConfigEntry[]) => Object.fromEntries(list.filter((e) => e.name.trim()).map((e) => [e.name.trim(), configuratorValue(e)]));

function configuratorValue(e: ConfigEntry): unknown {
  if (e.kind === 'number') return parseNumeric(e.value) ?? e.value;
  if (e.kind === 'boolean' && (e.value === 'true' || e.value === 'false')) return e.value === 'true';
  if (e.kind === 'json') {
    try {
      return JSON.parse(e.value) as unknown;
    } catch {
      return e.value;
    }
  }
  return e.value;
}

/** Issue 23: where each versioned text of the inspection (`InspectionTextFields`) is in the form. */
export const TEXT_PATH = {
  inspector: 'info.inspector', inspectorContact: 'info.inspectorContact', contactName: 'info.contactName', contactPhoneNumber: 'info.contactPhoneNumber',
  contactEmail: 'info.contactEmail', version: 'info.version', summary: 'summary', comment: 'comment', internalComment: 'internalComment',
} as const satisfies Record<InspectionTextField, string>;
export type TextPath = (typeof TEXT_PATH)[InspectionTextField];

const textAt = (v: EditValues, path: TextPath): string => (path.startsWith('info.') ? v.info[path.slice(5) as keyof EditValues['info']] : v[path as 'summary']) ?? '';

/**
 * Issue 23: the base version of each text changed since the form opened (0: it had none), so the server keeps the
 * texts not named (this form's copy of them may be older than someone else's save) and reports a named one someone
 * else saved meanwhile. Undefined without the start values (every text is then sent and written, as before).
 */
function fieldVersions(v: EditValues, loaded: TInspectionEdit, initial: EditValues | undefined): TInspectionFieldVersions | undefined {
  if (!initial) return undefined;
  const out: TInspectionFieldVersions = {};
  for (const field of InspectionTextFields) {
    if (textAt(v, TEXT_PATH[field]) !== textAt(initial, TEXT_PATH[field])) out[field] = loaded.textVersions?.[field]?.version ?? 0;
  }
  return out;
}

/** The day typed in the user's zone with the original time of day there, so a date left alone is sent back unchanged. */
const inspectionDate = (day: string, original: number): number => withDay(day, original) ?? original;
const dateTime = (v: string) => fromDateTimeInput(v);

/**
 * Body of PUT api/v1/inspections/update (ZInspectionUpdate) from the form: finished set (000 §4: "saving an
 * edited inspection sets finished to true before the update is sent"), blanks as null, local photos by their
 * uploaded ids, old signatures dropped when the person chose not to reuse them (000 §5), the configurator
 * only for type Commission (000 §2.9).
 */
export function toUpdate(v: EditValues, loaded: TInspectionEdit, choices: SaveChoices): TInspectionUpdateInput {
  const { uploaded } = choices;
  const signature = (current: string | null, old: string | null) => {
    if (!current) return null;
    if (choices.reuseSignatures === false && current === old) return null;
    return imageId(current, uploaded);
  };
  const versions = fieldVersions(v, loaded, choices.initial);
  const signatures = { customerSignature: signature(v.customerSignature, loaded.customerSignature), providerSignature: signature(v.providerSignature, loaded.providerSignature) };
  const parts = partVersions(v, loaded, choices.initial, signatures);
  return {
    id: loaded.id,
    // a draft (issue 20: required ratings missing) is saved without finishing
    finished: !choices.draft,
    inspectionDate: inspectionDate(v.info.inspectionDate, loaded.inspectionDate),
    started: dateTime(v.info.started),
    ended: dateTime(v.info.ended),
    inspector: v.info.inspector,
    inspectorContact: v.info.inspectorContact,
    contactName: orNull(v.info.contactName),
    contactPhoneNumber: orNull(v.info.contactPhoneNumber),
    contactEmail: orNull(v.info.contactEmail),
    version: orNull(v.info.version),
    categories: v.categories.map((c, ci) => ({
      id: c.id,
      inspectionPoints: c.points
        .filter((p, pi) => touched(p.content, choices.initial?.categories[ci]?.points[pi]?.content))
        .map((p) => ({ protocolPointId: p.protocolPointId, content: versioned(content(p.content, uploaded), baseOf(loaded, p.protocolPointId)) })),
    })),
    extraPoints: v.extraPoints
      .filter((e, i) => touched(e.content, choices.initial?.extraPoints[i]?.content))
      .map((e) => ({ id: e.id, inspectionPointId: e.inspectionPointId, name: e.name, content: versioned(content(e.content, uploaded), baseOf(loaded, e.id)) })),
    findings: v.findings.map(({ key: _key, ...f }) => ({ ...f, photos: photos(f.photos, uploaded) })),
    priorityActions: v.priorityActions.map(({ key: _key, ...a }) => a),
    ...(hasConfigurator(loaded.type) && v.configurator
      ? { equipmentConfigurator: configuratorObject(v.configurator) }
      : {}),
    summary: v.summary,
    comment: v.comment,
    internalComment: v.internalComment,
    ...signatures,
    sendEmail: choices.sendEmail,
    ...(choices.sendEmail && choices.emailLanguage ? { emailLanguage: choices.emailLanguage } : {}),
    ...(versions ? { fieldVersions: versions } : {}),
    ...(parts ? { partVersions: parts } : {}),
  };
}

/** Changed from what the form started with (or no start known: always sent). */
const touched = (now: ContentValue, start: ContentValue | undefined) => !start || JSON.stringify(now) !== JSON.stringify(start);

/** Issue 23: the version of the point's result as read (a protocol point's or an extra point's), 0 for none yet. */
function baseOf(loaded: TInspectionEdit, pointId: string): number {
  for (const c of loaded.categories) for (const p of c.inspectionPoints) if (p.protocolPointId === pointId) return p.content.version ?? 0;
  return loaded.extraPoints.find((e) => e.id === pointId)?.content.version ?? 0;
}
const versioned = <T extends object>(c: T, version: number) => ({ ...c, version });

/** Every local marker the form holds (result and finding photos, drawn signatures), each once, in form order. */
/** The voice comments recorded in the form and not uploaded yet (their local markers), issue 23. */
export function localVoiceComments(v: EditValues): string[] {
  const all = [...v.categories.flatMap((c) => c.points.map((p) => p.content.voiceCommentId)), ...v.extraPoints.map((e) => e.content.voiceCommentId)];
  return [...new Set(all.filter(isLocalImage))];
}

export function localImages(v: EditValues): string[] {
  const all = [
    ...v.categories.flatMap((c) => c.points.flatMap((p) => p.content.photos.map((ph) => ph.imageId))),
    ...v.extraPoints.flatMap((e) => e.content.photos.map((ph) => ph.imageId)),
    ...v.findings.flatMap((f) => f.photos.map((ph) => ph.imageId)),
    v.customerSignature,
    v.providerSignature,
  ];
  return [...new Set(all.filter(isLocalImage))];
}
