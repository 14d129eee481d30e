import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

/**
 * A point payload may move a limit (by its id) to another family or model: onto a target a removed limit held,
 * or swapping two limits' targets. Limits are unique per point and target, so these must not reach the unique
 * index as a 500; a target still held by a limit the payload keeps is a 400 naming the item.
 */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const put = (id: string, body: unknown, deleteMissing = true) =>
  api.call('PUT', `/api/v1/inspectionPoints/${id}${deleteMissing ? '?deleteMissingById=true' : ''}`, 'admin', body);
const targets = (p: { measurementLimits: { id: string; productFamilyId: string | null; low: number | null }[] }) =>
  p.measurementLimits.map((l) => [l.id, l.productFamilyId, l.low]).sort((a, b) => String(a[2]).localeCompare(String(b[2])));

describe('moving measurement limits between targets', () => {
  it('moves a limit onto the target of one the payload removes, swaps two, and refuses a target a kept limit holds', async () => {
    const jaw = f.ref.jaw.id;
    const cone = f.ref.cone.id;
    const deck = f.ref.deck.id;
    const res = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Measurement', { measurementLimits: [{ productFamilyId: jaw, low: 1 }, { productFamilyId: cone, low: 2 }] }));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    const [a, b] = p.measurementLimits;

    // Swap: a (jaw) → cone, b (cone) → jaw; ids and values stay with their items.
    const swapped = await put(p.id, basePoint(f, 'Measurement', { measurementLimits: [{ ...a, productFamilyId: cone }, { ...b, productFamilyId: jaw }] }));
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(targets(swapped.json())).toEqual([[a.id, cone, 1], [b.id, jaw, 2]]);

    // a moves onto jaw, which b held; b is removed by deleteMissingById.
    const moved = await put(p.id, basePoint(f, 'Measurement', { measurementLimits: [{ ...a, productFamilyId: jaw }] }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(targets(moved.json())).toEqual([[a.id, jaw, 1]]);

    // Without deleteMissingById a kept limit still holds its target: 400 naming the item, nothing changed.
    const added = (await put(p.id, basePoint(f, 'Measurement', { measurementLimits: [{ productFamilyId: deck, low: 3 }] }), false)).json();
    const deckLimit = added.measurementLimits.find((l: { productFamilyId: string }) => l.productFamilyId === deck);
    const clash = await put(p.id, basePoint(f, 'Measurement', { measurementLimits: [{ ...deckLimit, productFamilyId: jaw }] }), false);
    expect(clash.statusCode, clash.body).toBe(400);
    expect(clash.json().field).toBe('measurementLimits[0].productFamilyId');
    expect(targets((await api.call('GET', `/api/v1/inspectionPoints/${p.id}?fromWebApp=true`)).json())).toEqual([[a.id, jaw, 1], [deckLimit.id, deck, 3]]);
  });
});
