import { hasConfigurator, type PhotoLayout, type PointRatingName, type TEditPointConfig, type TInspectionEdit, type TPointResult } from '@insp/contracts';
import { toDateTimeInput, toDayInput } from '../../lib/dates';

/**
 * The edit form's values: what a person can change, with blanks as '' (inputs never hold null) and tables as
 * full grids, so an untouched form equals its defaults and `isDirty` means a real edit (000 §4: local edits mark
 * unsaved data). The points' configuration stays in the loaded data; only answers live here.
 */

/** 000 §4: a photo held locally, not yet uploaded, has an imageId starting with this marker. */
export const LOCAL_IMAGE = 'local:';
export const isLocalImage = (id: string | null | undefined): id is string => !!id && id.startsWith(LOCAL_IMAGE);

export interface PhotoValue {
  id?: string;
  imageId: string;
  caption: string;
  layout: PhotoLayout;
}
export type TableRow = TPointResult['rows'][number];

export interface ContentValue {
  id?: string;
  selection: string;
  value: string;
  comment: string;
  internalComment: string;
  rating: PointRatingName;
  photos: PhotoValue[];
  voiceCommentId: string | null;
  nameOverride: string;
  fields: TPointResult['fields'];
  rows: TableRow[];
  rangeValues: TPointResult['rangeValues'];
  multipleChoices: TPointResult['multipleChoices'];
  dropdowns: TPointResult['dropdowns'];
}

export interface FindingValue {
  /** React key: the id, or a made-up one for a finding added here. */
  key: string;
  id?: string;
  title: string;
  description: string;
  consequence: string;
  corrective: string;
  preventive: string;
  photos: PhotoValue[];
  show: boolean;
}
export interface PriorityActionValue {
  key: string;
  id?: string;
  title: string;
  description: string;
  priority: string;
}
/** One line of the equipment configurator; `kind` keeps a number a number when saved back. */
export interface ConfigEntry {
  name: string;
  value: string;
  kind: 'string' | 'number' | 'boolean' | 'json';
}
export interface InfoValues {
  /** yyyy-mm-dd: the inspection date's day in the user's zone (lib/dates.ts), as the lists show it. */
  inspectionDate: string;
  /** yyyy-mm-ddThh:mm in the user's zone, or ''. */
  started: string;
  ended: string;
  inspector: string;
  inspectorContact: string;
  contactName: string;
  contactPhoneNumber: string;
  contactEmail: string;
  version: string;
}
export interface EditValues {
  info: InfoValues;
  categories: { id: string; points: { protocolPointId: string; content: ContentValue }[] }[];
  extraPoints: { id: string; inspectionPointId: string | null; name: string; content: ContentValue }[];
  findings: FindingValue[];
  priorityActions: PriorityActionValue[];
  /** null: the configurator is not a flat object this form can edit (kept as it is). */
  configurator: ConfigEntry[] | null;
  summary: string;
  comment: string;
  internalComment: string;
  /** An image id, a local marker for a signature drawn here, or null. */
  customerSignature: string | null;
  providerSignature: string | null;
}

const TABLE_TYPES = ['Summary', 'SummaryWithRows', 'MeasurementsWithPicture'];
export const isTable = (config: Pick<TEditPointConfig, 'type'>) => TABLE_TYPES.includes(config.type);


/** Every row of a table with a cell for every field, in the library's order (only MeasurementsWithPicture has the client's rows). */
export function tableRows(config: Pick<TEditPointConfig, 'fields' | 'rows'>, rows: TableRow[]): TableRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const source: TableRow[] = config.rows.length
    ? config.rows.map((r) => ({ id: r.id, title: r.title, inspectionPointRowAggregation: r.inspectionPointRowAggregation, values: byId.get(r.id)?.values ?? [] }))
    : rows;
  return source.map((r) => {
    const cells = new Map(r.values.map((c) => [c.fieldId, c.value]));
    return { ...r, values: config.fields.map((f) => ({ rowId: r.id, fieldId: f.id, value: cells.get(f.id) ?? '' })) };
  });
}

export function toContentValue(config: TEditPointConfig, c: TPointResult): ContentValue {
  return {
    ...(c.id ? { id: c.id } : {}),
    selection: c.selection ?? '',
    value: c.value ?? '',
    comment: c.comment ?? '',
    internalComment: c.internalComment ?? '',
    rating: c.rating,
    photos: c.photos.map((p) => ({ ...p })),
    voiceCommentId: c.voiceCommentId,
    nameOverride: c.nameOverride ?? '',
    fields: c.fields,
    rows: isTable(config) ? tableRows(config, c.rows) : c.rows,
    rangeValues: c.rangeValues.map((r) => ({ ...r, value: r.value ?? '' })),
    multipleChoices: c.multipleChoices,
    dropdowns: c.dropdowns,
  };
}

/** The configurator's items as lines of the form; null when it is not one flat object (shown, not edited). */
export function configuratorEntries(value: unknown, type: string): ConfigEntry[] | null {
  if (value == null) return hasConfigurator(type) ? [] : null;
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.entries(value as Record<string, unknown>).map(([name, v]) =>
    typeof v === 'number' ? { name, value: String(v), kind: 'number' }
    : typeof v === 'boolean' ? { name, value: String(v), kind: 'boolean' }
    : typeof v === 'string' ? { name, value: v, kind: 'string' }
    : { name, value: JSON.stringify(v), kind: 'json' },
  );
}

export function toEditValues(d: TInspectionEdit): EditValues {
  return {
    info: {
      inspectionDate: toDayInput(d.inspectionDate),
      started: toDateTimeInput(d.started),
      ended: toDateTimeInput(d.ended),
      inspector: d.inspector,
      inspectorContact: d.inspectorContact,
      contactName: d.contactName ?? '',
      contactPhoneNumber: d.contactPhoneNumber ?? '',
      contactEmail: d.contactEmail ?? '',
      version: d.version ?? '',
    },
    categories: d.categories.map((c) => ({
      id: c.id,
      points: c.inspectionPoints.map((p) => ({ protocolPointId: p.protocolPointId, content: toContentValue(p, p.content) })),
    })),
    extraPoints: d.extraPoints.map((p) => ({ id: p.id, inspectionPointId: p.inspectionPointId, name: p.name, content: toContentValue(p, p.content) })),
    // issue 23: the version stamps stay in the read data (partVersions.ts), not in the values
    findings: d.findings.map(({ version: _v, updatedAt: _a, updatedBy: _b, ...f }) => ({ ...f, key: f.id, photos: f.photos.map((p) => ({ ...p })) })),
    priorityActions: d.priorityActions.map(({ version: _v, updatedAt: _a, updatedBy: _b, ...a }) => ({ ...a, key: a.id })),
    configurator: configuratorEntries(d.equipmentConfigurator, d.type),
    summary: d.summary,
    comment: d.comment,
    internalComment: d.internalComment ?? '',
    customerSignature: d.customerSignature,
    providerSignature: d.providerSignature,
  };
}
