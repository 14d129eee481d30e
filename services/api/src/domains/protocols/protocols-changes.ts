import type { TProtocol, TProtocolPoint } from '@insp/contracts';

/** A version's history lists at most this many lines, then '… and N more changes'. */
export const MAX_CHANGE_LINES = 60;

type Category = TProtocol['categories'][number];
interface PlacedPoint { point: TProtocolPoint; category: string }

const onOff = (v: boolean) => (v ? 'on' : 'off');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const pointName = (p: TProtocolPoint) => p.name ?? 'Point not found!';
const titleKey = (c: Category) => c.title.text.trim().toLowerCase();

/** The settings of a protocol point an edit can change, each with the words the history uses for it. */
const POINT_SETTINGS: [string, (p: TProtocolPoint) => unknown][] = [
  ['name in this protocol', (p) => p.nameOverride],
  ['phase', (p) => p.phaseId],
  ['prefill', (p) => p.prefill],
  ['dependencies', (p) => p.dependencies.map((d) => d.json)],
  ['show value in report header', (p) => p.showValueInReportHeader],
  ['show in report', (p) => p.showInReport],
  ['optional', (p) => p.optional],
  ['sample id index', (p) => p.sampleIdIndex],
  ['subcategory', (p) => p.subcategoryTitleIndex],
];

/**
 * Pairs the items of two lists by key, in order: the n-th item with a key in `before` goes with the n-th item with
 * that key in `after` (a point may sit twice in a category). Answers the pairs and what is left on each side.
 */
function pairBy<T>(before: T[], after: T[], key: (x: T) => string) {
  const waiting = new Map<string, T[]>();
  for (const b of before) waiting.set(key(b), [...(waiting.get(key(b)) ?? []), b]);
  const pairs: [T, T][] = [];
  const added: T[] = [];
  for (const a of after) {
    const b = waiting.get(key(a))?.shift();
    if (b) pairs.push([b, a]);
    else added.push(a);
  }
  const removed = [...waiting.values()].flat();
  return { pairs, added, removed };
}

/** Whether the items both lists share come in a different order. */
function reordered<T>(pairs: [T, T][], before: T[], after: T[]) {
  const kept = new Set(pairs.map(([b]) => b));
  const partner = new Map(pairs.map(([b, a]) => [a, b]));
  const oldOrder = before.filter((b) => kept.has(b));
  const newOrder = after.filter((a) => partner.has(a)).map((a) => partner.get(a)!);
  return oldOrder.some((b, i) => b !== newOrder[i]);
}

/**
 * What changed from one version of a protocol to the next, in the words of the version history (issue 19):
 * settings, targets, phases, categories (matched by title; a category in the same place under another title with
 * the same points is a rename), points (matched by their library point within a category; one removed from a
 * category and added to another is a move) and each kept point's settings. Empty when nothing differs.
 */
export function describeProtocolChanges(before: TProtocol, after: TProtocol): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Name: '${before.name}' → '${after.name}'`);
  if ((before.summary ?? '') !== (after.summary ?? '')) lines.push('Summary changed');
  if (before.date !== after.date) lines.push('Date changed');
  if (before.infoAppendix !== after.infoAppendix) lines.push(`Info appendix: ${onOff(before.infoAppendix)} → ${onOff(after.infoAppendix)}`);
  if (before.showCurrentLoadedHours !== after.showCurrentLoadedHours) lines.push(`Show current loaded hours: ${onOff(before.showCurrentLoadedHours)} → ${onOff(after.showCurrentLoadedHours)}`);
  if (before.ratingTableLocation !== after.ratingTableLocation) lines.push(`Rating table location: ${before.ratingTableLocation} → ${after.ratingTableLocation}`);

  const targets = pairBy(before.products, after.products, (x) => x);
  for (const t of targets.added) lines.push(`Target added: ${t}`);
  for (const t of targets.removed) lines.push(`Target removed: ${t}`);

  if (before.phasesOn !== after.phasesOn) lines.push(`Phases: ${onOff(before.phasesOn)} → ${onOff(after.phasesOn)}`);
  const phases = pairBy(before.phases, after.phases, (p) => p.phaseId);
  for (const p of phases.added) lines.push(`Phase added: ${p.name}`);
  for (const p of phases.removed) lines.push(`Phase removed: ${p.name}`);
  if (reordered(phases.pairs, before.phases, after.phases)) lines.push('Phases reordered');

  const groupsOf = (p: TProtocol) => p.categoryGroups.map((g) => ({ name: g.name, titles: g.categoryIndices.map((i) => p.categories.find((c) => c.index === i)?.title.text ?? '—') }));
  if (!same(groupsOf(before), groupsOf(after))) lines.push('Category groups changed');

  lines.push(...categoryChanges(before.categories, after.categories));
  if (lines.length <= MAX_CHANGE_LINES) return lines;
  return [...lines.slice(0, MAX_CHANGE_LINES - 1), `… and ${lines.length - MAX_CHANGE_LINES + 1} more changes`];
}

function categoryChanges(before: Category[], after: Category[]): string[] {
  const lines: string[] = [];
  const cats = pairBy(before, after, titleKey);
  // A category left over on both sides at the same place with the same points was renamed, not replaced.
  const pointsKey = (c: Category) => c.inspectionPoints.map((p) => p.inspectionPointId).join(',');
  for (const a of [...cats.added]) {
    const b = cats.removed.find((r) => before.indexOf(r) === after.indexOf(a) && pointsKey(r) === pointsKey(a));
    if (!b) continue;
    lines.push(`Category renamed: '${b.title.text}' → '${a.title.text}'`);
    cats.pairs.push([b, a]);
    cats.added.splice(cats.added.indexOf(a), 1);
    cats.removed.splice(cats.removed.indexOf(b), 1);
  }
  for (const c of cats.added) lines.push(`Category added: ${c.title.text}${c.inspectionPoints.length ? ` (${c.inspectionPoints.length} points)` : ''}`);
  for (const c of cats.removed) lines.push(`Category removed: ${c.title.text}${c.inspectionPoints.length ? ` (${c.inspectionPoints.length} points)` : ''}`);
  if (reordered(cats.pairs, before, after)) lines.push('Categories reordered');

  // Points taken out of one kept category and put into another are moves.
  const removedPoints: PlacedPoint[] = [];
  const addedPoints: PlacedPoint[] = [];
  const pointLines: string[] = [];
  for (const [b, a] of cats.pairs) {
    const title = a.title.text;
    if (!same(b.subcategoryTitles.map((s) => [s.index, s.title]), a.subcategoryTitles.map((s) => [s.index, s.title]))) pointLines.push(`Subcategory titles changed in ${title}`);
    const points = pairBy(b.inspectionPoints, a.inspectionPoints, (p) => p.inspectionPointId ?? `gone:${p.protocolPointId}`);
    removedPoints.push(...points.removed.map((point) => ({ point, category: title })));
    addedPoints.push(...points.added.map((point) => ({ point, category: title })));
    if (reordered(points.pairs, b.inspectionPoints, a.inspectionPoints)) pointLines.push(`Points reordered in ${title}`);
    for (const [pb, pa] of points.pairs) {
      const changed = POINT_SETTINGS.filter(([, get]) => !same(get(pb), get(pa))).map(([label]) => label);
      if (changed.length) pointLines.push(`${title} · ${pointName(pa)}: ${changed.join(', ')} changed`);
    }
  }
  const moves = pairBy(removedPoints, addedPoints, (x) => x.point.inspectionPointId ?? `gone:${x.point.protocolPointId}`);
  for (const [from, to] of moves.pairs) lines.push(`Point moved from ${from.category} to ${to.category}: ${pointName(to.point)}`);
  for (const a of moves.added) lines.push(`Point added to ${a.category}: ${pointName(a.point)}`);
  for (const r of moves.removed) lines.push(`Point removed from ${r.category}: ${pointName(r.point)}`);
  return [...lines, ...pointLines];
}
