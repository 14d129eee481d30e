import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE, ZId, ZListQuery, ZText } from './common.js';
import { ProtocolTypes } from './domain-enums.js';

// Inspection protocols (spec 001 §2 protocols screen, §3 Protocol, §4, §5, §7; issue 10).

// the constants without zod, for the web app's first load (docs/decisions.md "Cutting the signed-in first load")
export * from './protocol-types.js';

export const ZProtocolTypeOption = z.object({ type: z.string(), name: z.string(), showOnlyToSpecificGroups: z.boolean(), note: z.string().nullable() });
export type TProtocolTypeOption = z.infer<typeof ZProtocolTypeOption>;

/** How deep dependency and prefill JSON may nest: deeper, the recursive checks (and PostgreSQL) overflow the stack (a 500). */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests deeper than MAX_JSON_DEPTH arrays and objects, walked without recursion. */
function nestsTooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth + 1 > MAX_JSON_DEPTH) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

/**
 * Any JSON value, at most MAX_JSON_DEPTH levels deep, whose strings (and keys) carry no control characters:
 * PostgreSQL's jsonb refuses \u0000 (a 500). The depth is checked first, so the recursive checks never see more.
 */
export const ZJsonValue = z
  .unknown()
  .superRefine((value, ctx) => {
    if (nestsTooDeep(value)) ctx.addIssue({ code: 'custom', message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` });
  })
  .pipe(
    z.json().superRefine((value, ctx) => {
      const walk = (v: unknown, path: (string | number)[]) => {
        if (typeof v === 'string') {
          if (CONTROL_CHARACTERS.test(v)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path });
        } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
        else if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) {
            if (CONTROL_CHARACTERS.test(k)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE, path });
            walk(x, [...path, k]);
          }
        }
      };
      walk(value, []);
    }),
  );

const optionalId = z.preprocess((v) => (v === '' ? null : v), ZId.nullish()).transform((v) => v ?? null);
// Bounded so a client's number always fits PostgreSQL's integer columns (a 400, not a 500).
const int = z.number().int().min(-1_000_000).max(1_000_000);

export const ZProtocolTargetInput = z.object({ productFamilyId: optionalId, productModelId: optionalId, equipmentId: optionalId });

export const ZProtocolDependencyInput = z.object({ json: ZJsonValue });

export const ZProtocolPointInput = z.object({
  /**
   * On an edit (PUT), the protocol point this row keeps (its id in the version edited); missing for a point added.
   * Ignored by create.
   */
  protocolPointId: ZId.nullish().transform((v) => v ?? null),
  inspectionPointId: ZId,
  index: int.min(0),
  /** Overrides the point's own name in this protocol; empty or missing uses the point's. */
  name: ZText.trim().max(500).nullish().transform((v) => v || null),
  phaseId: optionalId,
  prefill: ZJsonValue.nullish().transform((v) => v ?? null),
  sampleIdIndex: int.min(0).nullish().transform((v) => v ?? null),
  showValueInReportHeader: z.boolean().default(false),
  showInReport: z.boolean().default(true),
  optional: z.boolean().default(false),
  subcategoryTitleIndex: int.min(0).nullish().transform((v) => v ?? null),
  dependencies: z.array(ZProtocolDependencyInput).max(50).default([]),
});

/** A title as text, or as 001 §3 writes it: `{id, text}` with the reference title it came from. */
const ZTitleInput = z
  .union([ZText.max(500), z.object({ id: optionalId, text: ZText.max(500) })])
  .transform((t) => (typeof t === 'string' ? { id: null, text: t.trim() } : { id: t.id, text: t.text.trim() }));

export const ZProtocolCategoryInput = z.object({
  index: int.min(0),
  title: ZTitleInput,
  subcategoryTitles: z.array(z.object({ index: int.min(0), title: ZTitleInput })).max(200).default([]),
  inspectionPoints: z.array(ZProtocolPointInput).max(2000).default([]),
});

/**
 * POST api/v1/inspectionProtocols (001 §7). `date` is the client's ticks-style number: .NET ticks (100 ns since
 * 0001-01-01) when larger than 10^15, else epoch milliseconds; stored as a timestamp, answered in epoch ms.
 */
export const ZProtocolCreate = z.object({
  name: ZText.trim().max(300),
  type: ZText,
  date: z.number().nonnegative().nullish().transform((v) => v ?? null),
  summary: ZText.max(5000).nullish().transform((v) => v ?? null),
  index: int.default(0),
  targets: z.array(ZProtocolTargetInput).max(500).default([]),
  categories: z.array(ZProtocolCategoryInput).max(500).default([]),
  categoryGroups: z.array(z.object({ name: ZText.trim().max(300), categoryIndices: z.array(int.min(-1)).max(500).default([]) })).max(200).default([]),
  phasesOn: z.boolean().default(false),
  phases: z
    .array(z.object({ id: optionalId, phaseId: optionalId, order: int.min(0) }))
    .max(100)
    .default([]),
  infoAppendix: z.boolean().default(false),
  ratingTableLocation: z.enum(['Start', 'End', 'None']).default('Start'),
  showCurrentLoadedHours: z.boolean().default(true),
  automaticName: z.boolean().default(false),
  copyOfProtocolId: optionalId,
});
export type TProtocolCreate = z.output<typeof ZProtocolCreate>;
export type TProtocolCreateInput = z.input<typeof ZProtocolCreate>;

/**
 * PUT api/v1/InspectionProtocols/{id} (issue 19): the whole protocol as create takes it; the type cannot change
 * (copy the protocol instead). `ifUnchangedSince` is the `updated` of the protocol the client edited: when someone
 * saved it since, the call is a 409 instead of overwriting their work (a repeat of a save that went through is
 * answered as done, since nothing differs). `copyOfProtocolId` is kept as it is stored.
 */
export const ZProtocolUpdate = ZProtocolCreate.omit({ copyOfProtocolId: true }).extend({
  ifUnchangedSince: z.number().nonnegative().nullish().transform((v) => v ?? null),
});
export type TProtocolUpdate = z.output<typeof ZProtocolUpdate>;
export type TProtocolUpdateInput = z.input<typeof ZProtocolUpdate>;

/** `types` as repeated parameters or one comma-separated value (like the reports list). */
const typeList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter(Boolean)),
  z.array(z.enum(ProtocolTypes)).max(ProtocolTypes.length).optional(),
);
const queryId = z.preprocess((v) => (v === '' ? undefined : v), ZId.optional());

/** GET api/v1/InspectionProtocols/search (001 §3 protocol list query; §9: 50 rows, created descending). */
export const ZProtocolListQuery = ZListQuery.extend({ types: typeList, productFamilyId: queryId, productModelId: queryId });
export type TProtocolListQuery = z.output<typeof ZProtocolListQuery>;

export const ZProtocolTarget = z.object({
  id: ZId,
  productFamilyId: ZId.nullable(),
  productFamilyName: z.string().nullable(),
  productModelId: ZId.nullable(),
  productModelName: z.string().nullable(),
  equipmentId: ZId.nullable(),
  equipmentSerial: z.string().nullable(),
});
export type TProtocolTarget = z.infer<typeof ZProtocolTarget>;

/** A row of the protocol list: the first three targets (001 §9) and how many there are in all. Dates: epoch ms. */
export const ZProtocolListItem = z.object({
  id: ZId,
  name: z.string(),
  type: z.string(),
  created: z.number(),
  createdBy: z.string().nullable(),
  version: z.number().int(),
  /** A copy not yet saved under its own name (not offered to inspectors). */
  draft: z.boolean(),
  targets: z.array(ZProtocolTarget),
  targetCount: z.number().int(),
});
export type TProtocolListItem = z.infer<typeof ZProtocolListItem>;

/** GET api/v1/InspectionProtocols/Obsolete: superseded versions, newest first. */
export const ZObsoleteProtocol = z.object({
  id: ZId,
  name: z.string(),
  type: z.string(),
  version: z.number().int(),
  created: z.number(),
  supersededAt: z.number(),
  rootProtocolId: ZId,
  currentVersionId: ZId.nullable(),
});
export type TObsoleteProtocol = z.infer<typeof ZObsoleteProtocol>;

export const ZProtocolDependency = z.object({ id: ZId, json: z.unknown() });

export const ZProtocolPoint = z.object({
  id: ZId,
  protocolPointId: ZId,
  inspectionPointId: ZId.nullable(),
  /** False when the source point is gone or soft-deleted: the screen shows 'Point not found!' (001 §2). */
  pointFound: z.boolean(),
  index: z.number().int(),
  /** The name shown: the protocol's own name for the point, else the point's. */
  name: z.string().nullable(),
  /** The protocol's own name for the point (issue 19: the edit sends it back), null when it uses the point's. */
  nameOverride: z.string().nullable(),
  /** The inspection point's own name; null when the point is gone. */
  pointName: z.string().nullable(),
  type: z.string().nullable(),
  phaseId: ZId.nullable(),
  phaseName: z.string().nullable(),
  measurementTitle: z.string().nullable(),
  unit: z.string().nullable(),
  prefill: z.unknown(),
  sampleIdIndex: z.number().int().nullable(),
  showValueInReportHeader: z.boolean(),
  showInReport: z.boolean(),
  optional: z.boolean(),
  subcategoryTitleIndex: z.number().int().nullable(),
  dependencies: z.array(ZProtocolDependency),
});
export type TProtocolPoint = z.infer<typeof ZProtocolPoint>;

export const ZProtocolCategory = z.object({
  id: ZId,
  index: z.number().int(),
  title: z.object({ id: ZId.nullable(), text: z.string() }),
  itemCount: z.number().int(),
  subcategoryTitles: z.array(z.object({ id: ZId, index: z.number().int(), title: z.string() })),
  inspectionPoints: z.array(ZProtocolPoint),
});

export const ZProtocolVersion = z.object({
  id: ZId,
  version: z.number().int(),
  created: z.number(),
  supersededAt: z.number().nullable(),
  deleted: z.boolean(),
  /** Inspections (and audit runs) started on this version, soft-deleted reports included. */
  inspectionCount: z.number().int(),
  /** What this version changed against the one before ('Point added to Engine: Oil level'); null when not recorded. */
  changes: z.array(z.string()).nullable(),
});

/** GET api/v1/InspectionProtocols/{id}: the whole protocol with its version history. */
export const ZProtocol = z.object({
  id: ZId,
  protocolId: ZId,
  name: z.string(),
  type: z.string(),
  typeName: z.string(),
  date: z.number().nullable(),
  summary: z.string().nullable(),
  index: z.number().int(),
  created: z.number(),
  createdBy: z.string().nullable(),
  targets: z.array(ZProtocolTarget),
  /** 'Any product', a family name, or 'family model' per target (001 §2 detail view). */
  products: z.array(z.string()),
  categories: z.array(ZProtocolCategory),
  categoryGroups: z.array(z.object({ id: ZId, name: z.string(), categoryIndices: z.array(z.number().int()) })),
  phasesOn: z.boolean(),
  phases: z.array(z.object({ id: ZId, phaseId: ZId, name: z.string(), order: z.number().int() })),
  infoAppendix: z.boolean(),
  ratingTableLocation: z.string(),
  showCurrentLoadedHours: z.boolean(),
  automaticName: z.boolean(),
  copyOfProtocolId: ZId.nullable(),
  /** A copy not yet saved under a name of its own: not offered to inspectors (issue 19). */
  draft: z.boolean(),
  /** When the protocol row last changed (epoch ms): an edit sends it back as `ifUnchangedSince`. */
  updated: z.number(),
  version: z.number().int(),
  rootProtocolId: ZId,
  previousVersionId: ZId.nullable(),
  supersededAt: z.number().nullable(),
  versions: z.array(ZProtocolVersion),
});
export type TProtocol = z.infer<typeof ZProtocol>;

/** PUT .../{id}/points/{pointId}/dependencies/{dependencyId}/json: where the JSON was saved (a new version's ids when one was made). */
export const ZProtocolDependencySaved = z.object({
  id: ZId,
  json: z.unknown(),
  protocolPointId: ZId,
  protocolId: ZId,
  version: z.number().int(),
  /** True when inspections used the protocol, so the change made a new version (issue 10 'Versions'). */
  newVersion: z.boolean(),
});
export type TProtocolDependencySaved = z.infer<typeof ZProtocolDependencySaved>;

export const ZProtocolExportQuery = z.object({ lang: ZText.trim().toLowerCase().max(10).default('en') });
export const ZProtocolExportStatus = z.object({ status: z.enum(['ready', 'pending']) });

/**
 * What a protocol's spreadsheet export shows, in one language (loaded by loadProtocolExportData in packages/db,
 * built into a workbook by the worker, keyed and named by packages/report for both the API and the worker).
 */
export interface TProtocolExportData {
  protocol: { id: string; name: string; type: string; version: number };
  categories: Array<{
    title: string;
    points: Array<{ name: string; type: string; phase: string; unit: string; limits: string; showInReport: boolean }>;
  }>;
}

/**
 * A protocol as read (GET) turned into the body of its edit (PUT) that changes nothing: what a client starts from
 * before changing something. A point whose library point is gone (`inspectionPointId` null) cannot be sent back and
 * is left out, which removes it.
 */
export function protocolAsUpdate(p: TProtocol): TProtocolUpdateInput {
  return {
    name: p.name,
    type: p.type,
    date: p.date,
    summary: p.summary,
    index: p.index,
    targets: p.targets.map((t) => ({ productFamilyId: t.productFamilyId, productModelId: t.productModelId, equipmentId: t.equipmentId })),
    categories: p.categories.map((c) => ({
      index: c.index,
      title: { id: c.title.id, text: c.title.text },
      subcategoryTitles: c.subcategoryTitles.map((s) => ({ index: s.index, title: s.title })),
      inspectionPoints: c.inspectionPoints.flatMap((x) =>
        x.inspectionPointId
          ? [{
              protocolPointId: x.protocolPointId, inspectionPointId: x.inspectionPointId, index: x.index, name: x.nameOverride, phaseId: x.phaseId,
              prefill: x.prefill ?? null, sampleIdIndex: x.sampleIdIndex, showValueInReportHeader: x.showValueInReportHeader, showInReport: x.showInReport,
              optional: x.optional, subcategoryTitleIndex: x.subcategoryTitleIndex, dependencies: x.dependencies.map((d) => ({ json: d.json ?? null })),
            }]
          : [],
      ),
    })),
    categoryGroups: p.categoryGroups.map((g) => ({ name: g.name, categoryIndices: g.categoryIndices })),
    phasesOn: p.phasesOn,
    phases: p.phases.map((x) => ({ phaseId: x.phaseId, order: x.order })),
    infoAppendix: p.infoAppendix,
    ratingTableLocation: p.ratingTableLocation as 'Start' | 'End' | 'None',
    showCurrentLoadedHours: p.showCurrentLoadedHours,
    automaticName: p.automaticName,
    ifUnchangedSince: p.updated,
  };
}
