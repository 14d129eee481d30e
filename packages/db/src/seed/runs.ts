import { readRecordedPicks, recordJudgement, recordPickTexts } from '@insp/contracts';
import { createImage, insertMany, json, type SeedContext } from './context.js';
import type { SeedPoint } from './points.js';
import type { SeedProtocol } from './protocols.js';
import { sha256Hex } from './png.js';
import { demoTranslations as tr } from './text-translations.js';

const round2 = (n: number) => Math.round(n * 100) / 100;
const LAYOUTS = ['Default', 'HorizontalGraph', 'Fullscreen'];

/** A silent 0.1 s 8 kHz 8-bit mono WAV: a real, playable voice comment. */
function silentWav(): Uint8Array {
  const samples = 800;
  const b = Buffer.alloc(44 + samples, 0x80);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples, 40);
  return new Uint8Array(b);
}

interface Answer {
  selection: string | null;
  rating: number;
  value: string | null;
  comment: string | null;
  content: unknown;
}

/** A plausible answer for each point type; `bad` pushes it towards repair/immediate action. */
function answer(ctx: SeedContext, point: SeedPoint, bad: boolean): Answer {
  const { rnd } = ctx;
  const base: Answer = { selection: null, rating: bad ? rnd.pick([2, 3]) : rnd.pick([0, 0, 0, 1]), value: null, comment: null, content: {} };
  switch (point.type) {
    case 'RadioButtonSelection':
    case 'RadioButtonSelectionAndRangeValues': {
      const idx = base.rating === 0 ? 0 : Math.min(point.options.length - 1, base.rating);
      base.selection = point.options[idx];
      if (base.rating >= 2) base.comment = 'Damage found; see photo.';
      if (point.rangeValues.length) base.content = { rangeValues: point.rangeValues.map((r) => ({ rangeValueId: r.id, value: String(rnd.int(10, 40)) })) };
      return base;
    }
    case 'Measurement':
      base.value = String(round2(rnd.next() * (bad ? 120 : 60) + 5));
      return base;
    case 'Comment':
      return { ...base, rating: 5, comment: rnd.pick(['Machine in good order.', 'Customer asked for a wear part quotation.', 'Operator trained on daily checks.']) };
    case 'RangeValues':
      base.content = { rangeValues: point.rangeValues.map((r) => ({ rangeValueId: r.id, value: String(rnd.int(20, 80)) })) };
      return base;
    case 'MultipleChoices':
    case 'MultipleChoicesAndRangeValues':
      base.content = {
        multipleChoices: point.choices.map((c) => ({ multipleChoiceId: c.id, selectedOptionIds: [c.options[bad ? c.options.length - 1 : 0].id] })),
        rangeValues: point.rangeValues.map((r) => ({ rangeValueId: r.id, value: String(round2(rnd.next() * 5)) })),
      };
      return base;
    case 'Dropdown':
      base.content = { dropdowns: point.dropdowns.map((d) => ({ dropdownId: d.id, selectedOptionIds: rnd.sample(d.options, 1).map((o) => o.id) })) };
      return base;
    default: {
      // Table types: fields (columns) and rows with cell values; aggregated cells computed to 2 decimals.
      const plain = point.fields.filter((f) => f.aggregation === 'No');
      const rows = (point.rows.length ? point.rows : [{ id: 'row-0', title: '' }]).map((r) => {
        const values = plain.map((f) => ({ rowId: r.id, fieldId: f.id, value: String(round2(10 + rnd.next() * 20)) }));
        const nums = values.map((v) => Number(v.value));
        for (const f of point.fields.filter((x) => x.aggregation !== 'No')) {
          values.push({ rowId: r.id, fieldId: f.id, value: String(round2(nums.reduce((a, b) => a + b, 0) / nums.length)) });
        }
        return { id: r.id, title: r.title, inspectionPointRowAggregation: 'No', translations: tr(r.title), values };
      });
      base.content = {
        fields: point.fields.map((f) => ({ id: f.id, title: f.title, value: null, inspectionPointFieldAggregation: f.aggregation, translations: tr(f.title) })),
        rows,
      };
      return base;
    }
  }
}

/** The machine a run inspects: its model's limits apply, else its family's. */
export interface RunTarget {
  familyId: string | null;
  modelId: string | null;
}

/**
 * The picks with their texts and what the result is judged by (option names, limits, title, unit), as the API's
 * writer stores them with the same helpers (recorded results never change, issue 9).
 */
function recorded(point: SeedPoint, target: RunTarget, a: Answer): unknown {
  const c = a.content as Record<string, unknown>;
  const limits = point.limits.find((l) => target.modelId && l.modelId === target.modelId)
    ?? point.limits.find((l) => target.familyId && l.familyId === target.familyId && !l.modelId);
  const judgement = recordJudgement({
    type: point.type, optionNames: point.options, limits: limits?.limits ?? null,
    measurementTitle: point.measurementTitle, unit: point.unit, fieldTitle: point.fieldTitle,
    // Issue 19: recorded with the texts, as the API's writer does.
    optionTranslations: point.options.map(tr), measurementTitleTranslations: tr(point.measurementTitle), fieldTitleTranslations: tr(point.fieldTitle),
  }, a.selection);
  if (!c.rangeValues && !c.multipleChoices && !c.dropdowns) return { ...c, ...judgement };
  const picks = recordPickTexts(readRecordedPicks(c), {
    rangeValues: point.rangeValues.map((r) => ({ ...r, translations: tr(r.title) })),
    followUps: [],
    multipleChoices: point.choices.map((m) => ({ ...m, translations: tr(m.title), options: m.options.map((o) => ({ ...o, translations: tr(o.title) })) })),
    dropdowns: point.dropdowns.map((d) => ({ ...d, translations: tr(d.title), options: d.options.map((o) => ({ ...o, translations: tr(o.title) })) })),
  });
  return {
    ...c, ...judgement,
    ...(c.rangeValues ? { rangeValues: picks.rangeValues } : {}), ...(c.multipleChoices ? { multipleChoices: picks.multipleChoices } : {}), ...(c.dropdowns ? { dropdowns: picks.dropdowns } : {}),
  };
}

export interface RunStats {
  results: number;
  worst: number;
  photos: number;
}

/**
 * Writes the categories and point results of one run. `answered` is the share of points filled in
 * (an In_Use run is half done). Bad answers get a photo; some results get a voice comment.
 */
export async function writeRun(
  ctx: SeedContext,
  inspectionId: string,
  protocol: SeedProtocol,
  opts: { answered: number; badChance: number; userId: string; target: RunTarget },
): Promise<RunStats> {
  const { db, rnd } = ctx;
  const stats: RunStats = { results: 0, worst: 0, photos: 0 };
  for (const cat of protocol.categories) {
    const c = await db
      .insertInto('inspection_categories')
      .values({ inspection_id: inspectionId, protocol_category_id: cat.id, index: cat.index, title: cat.title, title_translations: JSON.stringify(tr(cat.title)) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, { protocolPointId, point }] of cat.points.entries()) {
      if (!rnd.chance(opts.answered)) continue;
      const bad = rnd.chance(opts.badChance);
      const a = answer(ctx, point, bad);
      a.content = recorded(point, opts.target, a);
      if (rnd.chance(0.04) && a.rating !== 5) a.rating = 4; // NotApplicable: skipped
      const voice = rnd.chance(0.05) ? await voiceComment(ctx, opts.userId) : null;
      const r = await db
        .insertInto('inspection_point_results')
        .values({
          inspection_id: inspectionId, inspection_category_id: c.id, protocol_point_id: protocolPointId, inspection_point_id: point.id,
          index, selection: a.selection, rating: a.rating, value: a.value, comment: a.comment,
          internal_comment: a.rating >= 2 ? 'Quote spare parts to the customer.' : null, voice_comment_id: voice, content: json(a.content),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      stats.results++;
      if (a.rating !== 4 && a.rating !== 5) stats.worst = Math.max(stats.worst, a.rating);
      if (a.rating >= 2 || rnd.chance(0.08)) {
        const n = a.rating >= 3 ? 2 : 1;
        const photos = [];
        for (let position = 0; position < n; position++) {
          photos.push({ result_id: r.id, image_id: await createImage(ctx, opts.userId), caption: `${point.name} ${position + 1}`, layout: rnd.pick(LAYOUTS), position });
        }
        await insertMany(db, 'inspection_result_photos', photos);
        stats.photos += n;
      }
    }
  }
  return stats;
}

async function voiceComment(ctx: SeedContext, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const bytes = silentWav();
  const key = `voice/${id}.wav`;
  await ctx.putFile(key, bytes, 'audio/wav');
  await ctx.db
    .insertInto('voice_comments')
    .values({ id, storage_key: key, content_type: 'audio/wav', size: bytes.length, sha256: sha256Hex(bytes), duration_ms: 100, uploaded_by_user_id: userId })
    .execute();
  return id;
}

/** Findings (with a photo on the first) and priority actions for a run whose worst rating calls for them. */
export async function writeFindings(ctx: SeedContext, inspectionId: string, worst: number, userId: string) {
  const { db, rnd } = ctx;
  if (worst < 2) return;
  const titles = ['Worn wear parts', 'Hydraulic leak', 'Missing guard', 'Belt misalignment'];
  for (let index = 0; index < rnd.int(1, 2); index++) {
    const f = await db
      .insertInto('inspection_findings')
      .values({
        inspection_id: inspectionId, index, title: titles[(index + rnd.int(0, 3)) % titles.length],
        description: 'Observed during the inspection.', consequence: 'Unplanned downtime if not fixed.',
        corrective: 'Replace the affected parts.', preventive: 'Add to the weekly check list.', show: index === 0 || rnd.chance(0.5),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (index === 0) {
      await db.insertInto('inspection_finding_photos').values({ finding_id: f.id, image_id: await createImage(ctx, userId), caption: 'Finding', layout: 'Default', position: 0 }).execute();
    }
  }
  await insertMany(db, 'inspection_priority_actions', [
    { inspection_id: inspectionId, index: 0, title: 'Order spare parts', description: 'Send a quotation within a week.', priority: worst >= 3 ? 'High' : 'Medium' },
    ...(worst >= 3 ? [{ inspection_id: inspectionId, index: 1, title: 'Stop the machine until repaired', description: 'Safety risk.', priority: 'Immediate' }] : []),
  ]);
}
