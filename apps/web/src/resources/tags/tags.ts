import { TagTargetType, type TTagTargetsOfPoint, type TagTargetTypeValue } from '@insp/contracts';
import { callError } from '../../lib/errors';

/** One taggable field of a point: a multiple choice (type 0) or a range value (type 1), 002 §3. */
export interface TagField {
  key: string;
  type: TagTargetTypeValue;
  id: string;
  title: string;
  tags: string[];
}

export const fieldsOf = (point: TTagTargetsOfPoint): { multipleChoices: TagField[]; rangeValues: TagField[] } => ({
  multipleChoices: point.multipleChoices.map((f) => ({ key: `0/${f.id}`, type: TagTargetType.MultipleChoice, id: f.id, title: f.title, tags: f.tags })),
  rangeValues: point.rangeValues.map((f) => ({ key: `1/${f.id}`, type: TagTargetType.RangeValue, id: f.id, title: f.title, tags: f.tags })),
});

/** A tag list as the server keeps it: trimmed, no empties, the same tag once whatever its case (first kept). */
export function cleanTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const t = raw.trim();
    if (t && !out.some((o) => o.toLowerCase() === t.toLowerCase())) out.push(t);
  }
  return out;
}

export const sameTags = (a: readonly string[], b: readonly string[]) => {
  const x = cleanTags(a);
  const y = cleanTags(b);
  return x.length === y.length && x.every((t, i) => t === y[i]);
};

/** The fields whose edited tags differ from the saved ones: 002 §2, Save appears only when there are some. */
export const changedFields = (fields: readonly TagField[], edited: Readonly<Record<string, string[]>>) =>
  fields.filter((f) => edited[f.key] && !sameTags(edited[f.key]!, f.tags));

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** 002: 'Failed to save tag {statusText}': the HTTP status text, else the error's message (no answer at all). */
export function saveFailedText(err: unknown): string {
  const e = callError(err);
  const statusText = e.status ? (STATUS_TEXT[e.status] ?? String(e.status)) : e.message;
  // A refused value says which one (e.g. 'tags.0: at most 100 characters'): worth showing beside the status.
  const detail = e.status === 400 && e.message ? ` (${e.message})` : '';
  return `Failed to save tag ${statusText}${detail}`;
}
