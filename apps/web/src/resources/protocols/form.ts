import {
  allowedPointTypes, FamilyRequiredProtocolTypes, pointTypeName, protocolTypeLabel, TargetlessProtocolTypes,
  type TProtocol, type TProtocolCreateInput, type TProtocolUpdateInput,
} from '@insp/contracts';
import { PR } from './texts';

/** The create form of /Protocols (001 §2 create tab, §4 creation states, §5 save rules) as plain data and pure steps. */
export interface FormPoint {
  key: string;
  /** The protocol point it keeps on an edit (issue 19); null for a point added in this form. */
  protocolPointId: string | null;
  inspectionPointId: string;
  /** The inspection point's own name. */
  name: string;
  /** The protocol's own name for it; empty uses `name`. */
  nameOverride: string;
  type: string;
  /** Prefill JSON (null: none) and prefill dependencies' JSON, as the API takes them (001 §3). */
  prefill: unknown;
  dependencies: unknown[];
  showValueInReportHeader: boolean;
  phaseId: string | null;
  showInReport: boolean;
  optional: boolean;
  sampleIdIndex: number | null;
  subcategoryTitleIndex: number | null;
}
export interface FormCategory {
  key: string;
  title: string;
  /** The reference title it was picked from; dropped when renamed. */
  titleId: string | null;
  subcategories: { index: number; title: string }[];
  points: FormPoint[];
}
export interface FormTarget { key: string; productFamilyId: string; productModelId: string | null; equipmentId: string | null }
export interface FormGroup { key: string; name: string; categoryIndices: number[] }
export interface FormPhase { phaseId: string; name: string; order: number }
export type RatingTableLocation = 'Start' | 'End' | 'None';

export interface ProtocolForm {
  name: string;
  automaticName: boolean;
  type: string;
  targets: FormTarget[];
  /** A category's index is its position here. */
  categories: FormCategory[];
  selected: number | null;
  /** The subcategory new points go under (Commission), in the selected category. */
  selectedSub: number | null;
  groups: FormGroup[];
  phasesOn: boolean;
  phases: FormPhase[];
  infoAppendix: boolean;
  ratingTableLocation: RatingTableLocation;
  showCurrentLoadedHours: boolean;
}

// 001 §9 protocol defaults: rating table at the start, current loaded hours shown.
export const emptyForm = (): ProtocolForm => ({
  name: '', automaticName: false, type: '', targets: [], categories: [], selected: null, selectedSub: null, groups: [],
  phasesOn: false, phases: [], infoAppendix: false, ratingTableLocation: 'Start', showCurrentLoadedHours: true,
});

let seq = 0;
export const tempKey = () => `temp-id-${++seq}`;

const has = (list: readonly string[], v: string) => list.includes(v);
/** 001 §4: these types (and no type) take no targets. */
export const ignoresTargets = (type: string) => !type || has(TargetlessProtocolTypes, type);
/** 001 §4: these types (and no type) have no info appendix. */
export const noInfoAppendix = (type: string) => !type || type === 'Equipment_Configurator' || type === 'Closed' || type.startsWith('Audit');
export const hasSubcategories = (type: string) => type === 'Commission';

export function setType(f: ProtocolForm, type: string): ProtocolForm {
  const next = { ...f, type };
  if (ignoresTargets(type)) next.targets = [];
  if (noInfoAppendix(type)) next.infoAppendix = false;
  // Subcategory titles belong to Commission only (the API refuses them on other types).
  if (!hasSubcategories(type) && f.categories.some((c) => c.subcategories.length)) {
    next.categories = f.categories.map((c) => ({ ...c, subcategories: [], points: c.points.map((p) => ({ ...p, subcategoryTitleIndex: null })) }));
    next.selectedSub = null;
  }
  return next;
}

/** 001 §4: '{type display name} for {sorted families/models}' (a model target names the model, else its family). */
export function automaticName(typeName: string, targetNames: string[]): string {
  const names = [...new Set(targetNames.filter(Boolean))].sort((a, b) => a.localeCompare(b));
  return names.length ? `${typeName} for ${names.join(', ')}` : typeName;
}

export function addCategory(f: ProtocolForm, title: string, titleId: string | null = null): ProtocolForm {
  const categories = [...f.categories, { key: tempKey(), title, titleId, subcategories: [], points: [] }];
  return { ...f, categories, selected: categories.length - 1, selectedSub: null };
}

/** 001 §4: a category cannot be deleted if it has items or is the first. */
export const canDeleteCategory = (f: ProtocolForm, i: number) => i > 0 && !!f.categories[i] && f.categories[i]!.points.length === 0;

export function deleteCategory(f: ProtocolForm, i: number): ProtocolForm {
  if (!canDeleteCategory(f, i)) return f;
  const categories = f.categories.filter((_, k) => k !== i);
  // Later categories move up one index; groups follow them and forget the deleted one.
  const groups = f.groups.map((g) => ({ ...g, categoryIndices: g.categoryIndices.filter((x) => x !== i).map((x) => (x > i ? x - 1 : x)) }));
  const selected = f.selected === null ? null : f.selected === i ? Math.max(0, i - 1) : f.selected > i ? f.selected - 1 : f.selected;
  return { ...f, categories, groups, selected: categories.length ? selected : null, selectedSub: null };
}

/** 001 §4: moving a category swaps its index with its neighbour's, inside category groups too. */
export function moveCategory(f: ProtocolForm, i: number, by: -1 | 1): ProtocolForm {
  const j = i + by;
  if (j < 0 || j >= f.categories.length) return f;
  const categories = [...f.categories];
  [categories[i], categories[j]] = [categories[j]!, categories[i]!];
  const swap = (x: number) => (x === i ? j : x === j ? i : x);
  const groups = f.groups.map((g) => ({ ...g, categoryIndices: g.categoryIndices.map(swap) }));
  return { ...f, categories, groups, selected: f.selected === null ? null : swap(f.selected) };
}

export const updateCategory = (f: ProtocolForm, i: number, change: (c: FormCategory) => FormCategory): ProtocolForm => ({
  ...f,
  categories: f.categories.map((c, k) => (k === i ? change(c) : c)),
});

export function addSubcategory(f: ProtocolForm, title: string): ProtocolForm {
  if (f.selected === null || !hasSubcategories(f.type)) return f;
  const c = f.categories[f.selected]!;
  // 001 §5: a new item's index is the largest index + 1.
  const index = c.subcategories.reduce((m, s) => Math.max(m, s.index + 1), 0);
  return { ...updateCategory(f, f.selected, (x) => ({ ...x, subcategories: [...x.subcategories, { index, title }] })), selectedSub: index };
}

export function deleteSubcategory(f: ProtocolForm, i: number, index: number): ProtocolForm {
  return {
    ...updateCategory(f, i, (c) => ({
      ...c,
      subcategories: c.subcategories.filter((s) => s.index !== index),
      points: c.points.map((p) => (p.subcategoryTitleIndex === index ? { ...p, subcategoryTitleIndex: null } : p)),
    })),
    selectedSub: f.selectedSub === index ? null : f.selectedSub,
  };
}

/**
 * spec 001 §5 'Equipment configurator filter accepts only Measurement points': the points of the form the chosen
 * type does not take. decision (issue 19): a type chosen after such points were added keeps them and names them
 * (saveProblems) until they are removed, rather than dropping an administrator's work without a word.
 */
export function pointsOfOtherTypes(f: ProtocolForm): FormPoint[] {
  const allowed = allowedPointTypes(f.type);
  return allowed ? f.categories.flatMap((c) => c.points.filter((p) => !has(allowed, p.type))) : [];
}

/** The message naming the points to remove, or null when every point is of a type the chosen type takes. */
export function otherPointTypesProblem(f: ProtocolForm): string | null {
  const others = pointsOfOtherTypes(f);
  const allowed = allowedPointTypes(f.type);
  if (!others.length || !allowed) return null;
  return PR.otherPointTypes(protocolTypeLabel(f.type), allowed.map(pointTypeName).join(', '), [...new Set(others.map((p) => p.name))]);
}

/** A double click in the point list or its add button: the point goes to the end of the selected category (and subcategory). */
export function addPoint(f: ProtocolForm, point: { id: string; name: string; type: string }): ProtocolForm {
  if (f.selected === null) return f;
  // The list offers only the types the protocol type takes; a row still on screen from before the type changed is not added.
  const allowed = allowedPointTypes(f.type);
  if (allowed && !has(allowed, point.type)) return f;
  const p: FormPoint = {
    key: tempKey(), protocolPointId: null, inspectionPointId: point.id, name: point.name, nameOverride: '', type: point.type, phaseId: null,
    prefill: null, dependencies: [], showValueInReportHeader: false, showInReport: true, optional: false, sampleIdIndex: null, subcategoryTitleIndex: f.selectedSub,
  };
  return updateCategory(f, f.selected, (c) => ({ ...c, points: [...c.points, p] }));
}

export function movePoint(f: ProtocolForm, i: number, k: number, by: -1 | 1): ProtocolForm {
  return updateCategory(f, i, (c) => {
    const j = k + by;
    if (j < 0 || j >= c.points.length) return c;
    const points = [...c.points];
    [points[k], points[j]] = [points[j]!, points[k]!];
    return { ...c, points };
  });
}

/** 001 §4: a phase added gets the next order number. */
export function addPhase(f: ProtocolForm, phase: { id: string; name: string }): ProtocolForm {
  if (f.phases.some((p) => p.phaseId === phase.id)) return f;
  const order = f.phases.reduce((m, p) => Math.max(m, p.order), 0) + 1;
  return { ...f, phases: [...f.phases, { phaseId: phase.id, name: phase.name, order }] };
}

export function removePhase(f: ProtocolForm, phaseId: string): ProtocolForm {
  return {
    ...f,
    phases: f.phases.filter((p) => p.phaseId !== phaseId),
    categories: f.categories.map((c) => ({ ...c, points: c.points.map((p) => (p.phaseId === phaseId ? { ...p, phaseId: null } : p)) })),
  };
}

/** 001 §5: adding a category group requires a category (-1 stands for 'no category'). */
export function addGroup(f: ProtocolForm, name: string, categoryIndex: number | null): ProtocolForm {
  if (categoryIndex === null) return f;
  return { ...f, groups: [...f.groups, { key: tempKey(), name, categoryIndices: [categoryIndex] }] };
}

const productOf = (t: FormTarget) => `${t.productFamilyId}/${t.productModelId ?? ''}/${t.equipmentId ?? ''}`;

/**
 * Targets naming the same family, model and equipment as an earlier one, each with the earlier one's index: the API
 * refuses them with a 400 (decisions: protocol targets are unique). A target without its family has its own problem.
 */
export function repeatedTargets(f: ProtocolForm): { index: number; of: number }[] {
  const first = new Map<string, number>();
  const repeats: { index: number; of: number }[] = [];
  f.targets.forEach((t, index) => {
    if (!t.productFamilyId) return;
    const of = first.get(productOf(t));
    if (of === undefined) first.set(productOf(t), index);
    else repeats.push({ index, of });
  });
  return repeats;
}

/** One message per repeated target, naming it by its position and `targetName` (its model, else its family). */
export const repeatedTargetProblems = (f: ProtocolForm, targetName: (index: number) => string = () => '') =>
  repeatedTargets(f).map((r) => PR.repeatedTarget(r.index + 1, r.of + 1, targetName(r.index)));

/** Why Save is disabled (001 §5), empty when it may save. */
export function saveProblems(f: ProtocolForm, name: string, targetName?: (index: number) => string): string[] {
  const problems: string[] = [];
  if (!name.trim()) problems.push('Name is required.');
  if (!f.type) problems.push('Choose an inspection type.');
  if (has(FamilyRequiredProtocolTypes, f.type) && !f.targets.length) problems.push('Add at least one product family target.');
  if (ignoresTargets(f.type) && f.targets.length) problems.push('This type has no targets.');
  if (f.targets.some((t) => !t.productFamilyId)) problems.push('Every target needs a product family.');
  if (!ignoresTargets(f.type)) problems.push(...repeatedTargetProblems(f, targetName));
  if (!f.categories.length) problems.push('Insert at least one category.');
  if (f.categories.some((c) => !c.title.trim() || c.subcategories.some((s) => !s.title.trim()))) problems.push('Every category and subcategory needs a title.');
  if (f.groups.some((g) => !g.name.trim())) problems.push('Every category group needs a name.');
  if (f.phasesOn && f.categories.some((c) => c.points.some((p) => !p.phaseId))) problems.push(PR.phaseMissing);
  const otherTypes = otherPointTypesProblem(f);
  if (otherTypes) problems.push(otherTypes);
  return problems;
}

/** Ticks-style date (001 §7): .NET ticks, 100 ns since 0001-01-01 (the API also reads epoch ms). */
export const ticksNow = (now = Date.now()) => now * 10_000 + 621_355_968_000_000_000;

export function toPayload(f: ProtocolForm, name: string, now = Date.now()): TProtocolCreateInput {
  return {
    name: name.trim(),
    type: f.type,
    date: ticksNow(now),
    automaticName: f.automaticName,
    targets: f.targets.map((t) => ({ productFamilyId: t.productFamilyId, productModelId: t.productModelId, equipmentId: t.equipmentId })),
    categories: f.categories.map((c, index) => ({
      index,
      title: { id: c.titleId, text: c.title.trim() },
      subcategoryTitles: c.subcategories.map((s) => ({ index: s.index, title: s.title.trim() })),
      inspectionPoints: c.points.map((p, k) => ({
        protocolPointId: p.protocolPointId, inspectionPointId: p.inspectionPointId, index: k, name: p.nameOverride.trim() || null,
        phaseId: f.phasesOn ? p.phaseId : null, sampleIdIndex: p.sampleIdIndex, prefill: p.prefill ?? null,
        dependencies: p.dependencies.map((json) => ({ json: json ?? null })), showValueInReportHeader: p.showValueInReportHeader,
        showInReport: p.showInReport, optional: p.optional, subcategoryTitleIndex: p.subcategoryTitleIndex,
      })),
    })),
    categoryGroups: f.groups.map((g) => ({ name: g.name.trim(), categoryIndices: g.categoryIndices })),
    phasesOn: f.phasesOn,
    phases: f.phasesOn ? f.phases.map((p) => ({ phaseId: p.phaseId, order: p.order })) : [],
    infoAppendix: f.infoAppendix,
    ratingTableLocation: f.ratingTableLocation,
    showCurrentLoadedHours: f.showCurrentLoadedHours,
  };
}

/**
 * The form of a saved protocol, for its edit (issue 19). Points whose inspection point is gone cannot be sent back
 * (the API takes live points only) and are left out: `lostPoints` counts them so the form can say so.
 */
export function formFromProtocol(p: TProtocol): ProtocolForm {
  const categories = [...p.categories].sort((a, b) => a.index - b.index);
  return {
    name: p.name,
    automaticName: p.automaticName,
    type: p.type,
    targets: p.targets.map((t) => ({ key: tempKey(), productFamilyId: t.productFamilyId ?? '', productModelId: t.productModelId, equipmentId: t.equipmentId })),
    categories: categories.map((c) => ({
      key: tempKey(),
      title: c.title.text,
      titleId: c.title.id,
      subcategories: c.subcategoryTitles.map((s) => ({ index: s.index, title: s.title })),
      points: c.inspectionPoints.flatMap((x) =>
        x.inspectionPointId
          ? [{
              key: tempKey(), protocolPointId: x.protocolPointId, inspectionPointId: x.inspectionPointId, name: x.pointName ?? x.name ?? '',
              nameOverride: x.nameOverride ?? '', type: x.type ?? '', prefill: x.prefill ?? null, dependencies: x.dependencies.map((d) => d.json ?? null),
              showValueInReportHeader: x.showValueInReportHeader, phaseId: x.phaseId, showInReport: x.showInReport, optional: x.optional,
              sampleIdIndex: x.sampleIdIndex, subcategoryTitleIndex: x.subcategoryTitleIndex,
            }]
          : [],
      ),
    })),
    // Group indices name categories by index; the form's index is the position in the sorted list.
    groups: p.categoryGroups.map((g) => ({
      key: tempKey(), name: g.name,
      categoryIndices: g.categoryIndices.flatMap((i) => {
        const at = categories.findIndex((c) => c.index === i);
        return i === -1 ? [-1] : at < 0 ? [] : [at];
      }),
    })),
    selected: categories.length ? 0 : null,
    selectedSub: null,
    phasesOn: p.phasesOn,
    phases: [...p.phases].sort((a, b) => a.order - b.order).map((x) => ({ phaseId: x.phaseId, name: x.name, order: x.order })),
    infoAppendix: p.infoAppendix,
    ratingTableLocation: p.ratingTableLocation as RatingTableLocation,
    showCurrentLoadedHours: p.showCurrentLoadedHours,
  };
}

/** How many of a protocol's points the edit form leaves out because their inspection point is gone ('Point not found!'). */
export const lostPoints = (p: TProtocol) => p.categories.reduce((n, c) => n + c.inspectionPoints.filter((x) => !x.inspectionPointId).length, 0);

/** The edit's body: the form as create sends it, with the protocol's own date, summary and index, and when it was read. */
export const toUpdatePayload = (f: ProtocolForm, name: string, p: TProtocol): TProtocolUpdateInput => ({
  ...toPayload(f, name),
  date: p.date,
  summary: p.summary,
  index: p.index,
  ifUnchangedSince: p.updated,
});
