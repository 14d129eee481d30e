import { P, type TProtocol, type TProtocolUpdate } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { checkReferences, checkShape, dateFromTicks, insertProtocolParts, protocolColumns } from './protocols-create.service.js';
import { describeProtocolChanges } from './protocols-changes.js';
import { loadProtocol } from './protocols-load.js';
import { changeProtocol, currentProtocolVersion } from './protocols-versions.js';

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

/** JSON with object keys sorted: jsonb gives keys back in its own order, which is no change. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;

/** What an edit can change, with no ids: two of these are equal when saving one over the other changes nothing. */
function content(x: {
  name: string; summary: string | null; index: number; phasesOn: boolean; infoAppendix: boolean; ratingTableLocation: string;
  showCurrentLoadedHours: boolean; automaticName: boolean;
  targets: { productFamilyId: string | null; productModelId: string | null; equipmentId: string | null }[];
  phases: { phaseId?: string | null; id?: string | null; order: number }[];
  categoryGroups: { name: string; categoryIndices: number[] }[];
  categories: {
    index: number; title: { id: string | null; text: string };
    subcategoryTitles: { index: number; title: string | { text: string } }[];
    inspectionPoints: {
      inspectionPointId: string | null; index: number; name?: string | null; nameOverride?: string | null; phaseId: string | null; prefill: unknown; sampleIdIndex: number | null;
      showValueInReportHeader: boolean; showInReport: boolean; optional: boolean; subcategoryTitleIndex: number | null;
      dependencies: { json: unknown }[];
    }[];
  }[];
}, date: number | null, pointName: (p: { name?: string | null; nameOverride?: string | null }) => string | null) {
  return JSON.stringify([
    x.name, x.summary ?? null, date, x.index, x.phasesOn, x.infoAppendix, x.ratingTableLocation, x.showCurrentLoadedHours, x.automaticName,
    x.targets.map((t) => [t.productFamilyId, t.productModelId, t.equipmentId]),
    [...x.phases].map((p) => [p.phaseId ?? p.id, p.order]).sort((a, b) => Number(a[1]) - Number(b[1])),
    x.categoryGroups.map((g) => [g.name, g.categoryIndices]),
    [...x.categories].sort((a, b) => a.index - b.index).map((c) => [
      c.index, c.title.id, c.title.text,
      [...c.subcategoryTitles].sort((a, b) => a.index - b.index).map((s) => [s.index, typeof s.title === 'string' ? s.title : s.title.text]),
      [...c.inspectionPoints].sort((a, b) => a.index - b.index).map((p) => [
        p.inspectionPointId, p.index, pointName(p), p.phaseId, canonical(p.prefill ?? null), p.sampleIdIndex, p.showValueInReportHeader, p.showInReport,
        p.optional, p.subcategoryTitleIndex, p.dependencies.map((d) => canonical(d.json)),
      ]),
    ]),
  ]);
}

const storedContent = (p: TProtocol) => content(p, p.date, (x) => x.nameOverride ?? null);
const inputContent = (input: TProtocolUpdate) => content(input, dateFromTicks(input.date)?.getTime() ?? null, (x) => x.name ?? null);

/**
 * PUT api/v1/InspectionProtocols/{id} (issue 19): saves the whole protocol as the create form builds it. Checked by
 * the create rules (001 §5, 400 naming the field); the type stays; a kept point names its protocol point
 * (`protocolPointId`), whose id it keeps. Through changeProtocol: changed in place while no inspection uses the
 * version, else saved as version + 1, the inspections keeping theirs. The version records what it changed against
 * the one before. A save that changes nothing writes nothing (so a repeated save, even one repeated after it made
 * a new version, answers the protocol as it is); one based on a protocol saved since (`ifUnchangedSince`) is a 409.
 * A copy not yet saved under a name of its own stays a draft.
 */
export async function updateProtocol(ctx: ServiceContext, id: string, input: TProtocolUpdate): Promise<TProtocol> {
  const c = requirePermission(ctx, P.authoring);
  checkShape(input);
  const stored = await loadProtocol(c.db, id);
  if (input.type !== stored.type) throw bad('type', `the type of a protocol cannot be changed (it is ${stored.type}); create a new protocol instead`);
  const storedPoints = new Map(stored.categories.flatMap((cat) => cat.inspectionPoints.map((p) => [p.protocolPointId, p] as const)));
  const keptIds = new Set<string>();
  const keptLibraryPoints = new Set<string>();
  input.categories.forEach((cat, i) =>
    cat.inspectionPoints.forEach((p, j) => {
      if (!p.protocolPointId) return;
      const at = `categories.${i}.inspectionPoints.${j}.protocolPointId`;
      const was = storedPoints.get(p.protocolPointId);
      if (!was) throw bad(at, 'is not a point of this protocol version');
      if (keptIds.has(p.protocolPointId)) throw bad(at, 'is kept twice');
      if (was.inspectionPointId !== p.inspectionPointId) throw bad(at, 'names a protocol point of another inspection point');
      keptIds.add(p.protocolPointId);
      keptLibraryPoints.add(p.inspectionPointId);
    }),
  );
  if (stored.supersededAt) {
    // A save repeated after it made a new version: done already when the current version holds just this.
    // (a superseded version was used by inspections, so it is no draft: currentProtocolVersion finds its successor)
    const successor = await currentProtocolVersion(c.db, id);
    const current = successor && (await loadProtocol(c.db, successor.id));
    if (current && storedContent(current) === inputContent(input)) return current;
  }
  const saved = await changeProtocol(
    c,
    id,
    'update',
    async (db, target) => {
      await checkReferences(db, input, keptLibraryPoints);
      const row = await db.selectFrom('protocols').select(['draft', 'name', 'previous_version_id']).where('id', '=', target.protocolId).executeTakeFirstOrThrow();
      await db
        .updateTable('protocols')
        // decision (issue 19): a copy is offered to inspectors once saved under a name of its own.
        .set({ ...protocolColumns(input), draft: row.draft && input.name === row.name, updated_by_user_id: c.actor.userId })
        .where('id', '=', target.protocolId)
        .execute();
      // The parts are written anew (protocol points keep their ids); deleting the categories takes their
      // subcategory titles, points and dependencies with them.
      await db.deleteFrom('protocol_targets').where('protocol_id', '=', target.protocolId).execute();
      await db.deleteFrom('protocol_phases').where('protocol_id', '=', target.protocolId).execute();
      await db.deleteFrom('protocol_category_groups').where('protocol_id', '=', target.protocolId).execute();
      await db.deleteFrom('protocol_categories').where('protocol_id', '=', target.protocolId).execute();
      await insertProtocolParts(db, target.protocolId, input, (p) => (p.protocolPointId ? (target.point(p.protocolPointId) ?? null) : null));
      if (row.previous_version_id) {
        const [before, after] = await Promise.all([loadProtocol(db, row.previous_version_id), loadProtocol(db, target.protocolId)]);
        await db.updateTable('protocols').set({ changes: JSON.stringify(describeProtocolChanges(before, after)) }).where('id', '=', target.protocolId).execute();
      }
      return { protocol: undefined as TProtocol | undefined };
    },
    async (db) => {
      const locked = await loadProtocol(db, id);
      if (storedContent(locked) === inputContent(input)) return { protocol: locked };
      if (input.ifUnchangedSince !== null && locked.updated !== input.ifUnchangedSince) {
        throw new AppError('CONFLICT', 'This protocol was changed by someone else since you opened it; open it again and make your changes there');
      }
      return undefined;
    },
  );
  return saved.protocol ?? loadProtocol(c.db, saved.target.protocolId);
}
