import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, contentOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const create = (payload: unknown) => api.create(payload);
const read = async (id: string) => {
  const res = await api.call('GET', `/api/v1/inspectionPoints/${id}?fromWebApp=true`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('Comment points', () => {
  it('are created with the spec defaults and read back equal, with an audit row', async () => {
    const p = await create(basePoint(f, 'Comment', { metas: [{ type: 'PointType', value: 'general' }], addedDocumentIds: [f.document] }));
    expect(p).toMatchObject({
      type: 'Comment', name: 'Comment point', sourceSystem: 'UI', productCategoryName: 'Crushers',
      commentField: { present: true }, internalCommentField: { present: true }, voiceCommentField: { present: true },
      ratingField: { present: true, required: true }, photoField: { present: true, required: false, onlyForFailure: true },
      validationConsequence: 'NoAction', metas: [{ type: 'PointType', value: 'general' }],
      documents: [{ id: f.document, name: 'Manual.pdf', fileType: 'pdf', fileSize: 1234, documentCategoryId: null }],
      usage: { inspections: 0, inspectionsCapped: false, protocols: 0 },
    });
    expect(await read(p.id)).toEqual(p);
    const trail = await f.t.db.selectFrom('audit_trail').select(['entity_type', 'action']).where('entity_id', '=', p.id).execute();
    expect(trail).toEqual([{ entity_type: 'inspection_point', action: 'create' }]);
  });

  it("stores 'required' and 'only for failure' as false when the field is not present, and clears content of other types", async () => {
    const p = await create(basePoint(f, 'Comment', {
      ratingField: { present: false, required: true },
      photoField: { present: false, required: true, onlyForFailure: true },
      measurementTitle: 'ignored', measurementUnitId: f.unit, fields: [{ title: 'x' }], dropdowns: [{ title: 'y' }],
      measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1 }],
    }));
    expect(p).toMatchObject({ ratingField: { present: false, required: false }, photoField: { present: false, required: false, onlyForFailure: false } });
    expect(p).toMatchObject({ measurementTitle: null, measurementUnitId: null, fields: [], dropdowns: [], measurementLimits: [] });
  });
});

describe('Measurement points', () => {
  it('keep title, unit (with its symbol), limits per family or model and the chart with its life estimate', async () => {
    const p = await create(basePoint(f, 'Measurement', {
      measurementTitle: 'CSS', measurementUnitId: f.unit, keyboardType: 'decimal-pad', visualizationType: 'LineChart', lifeEstimateType: 'Min',
      measurementLimits: [
        { productFamilyId: f.ref.jaw.id, criticalLow: 5, low: 10, high: 40, criticalHigh: 50 },
        { productModelId: f.ref.cone.models.HC300, low: 1.5, high: null },
      ],
    }));
    expect(p).toMatchObject({ measurementTitle: 'CSS', unitValue: 'mm', visualizationType: 'LineChart', lifeEstimateType: 'Min', keyboardType: 'decimal-pad' });
    expect(p.measurementLimits).toEqual([
      { id: expect.any(String), inspectionPointId: p.id, productFamilyId: f.ref.jaw.id, productModelId: null, criticalLow: 5, low: 10, high: 40, criticalHigh: 50 },
      { id: expect.any(String), inspectionPointId: p.id, productFamilyId: null, productModelId: f.ref.cone.models.HC300, criticalLow: null, low: 1.5, high: null, criticalHigh: null },
    ]);
    expect(await read(p.id)).toEqual(p);
  });

  it('upserts a limit by its target, keeps omitted limits without deleteMissingById and removes them with it', async () => {
    const p = await create(basePoint(f, 'Measurement', {
      measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1 }, { productFamilyId: f.ref.cone.id, low: 2 }],
    }));
    const [jaw, cone] = p.measurementLimits;
    // No id, same family: the existing limit changes (one limit per family).
    const kept = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}`, 'admin', { ...basePoint(f, 'Measurement'), measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 3 }] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().measurementLimits.map((l: any) => [l.id, l.low])).toEqual([[jaw.id, 3], [cone.id, 2]]);
    const pruned = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', { ...basePoint(f, 'Measurement'), measurementLimits: [{ id: cone.id, productFamilyId: f.ref.cone.id, low: 4 }] });
    expect(pruned.json().measurementLimits.map((l: any) => [l.id, l.low])).toEqual([[cone.id, 4]]);
  });

  it('refuses a limit for both or neither a family and a model, twice the same family, a non-number, or an unknown family: 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [[{ productFamilyId: f.ref.jaw.id, productModelId: f.ref.jaw.models.JC100, low: 1 }], 'measurementLimits[0].productFamilyId'],
      [[{ low: 1 }], 'measurementLimits[0].productFamilyId'],
      [[{ productFamilyId: f.ref.jaw.id }, { productFamilyId: f.ref.jaw.id }], 'measurementLimits[1]'],
      [[{ productFamilyId: f.ref.jaw.id, low: 'ten' }], 'measurementLimits.0.low'],
      [[{ productFamilyId: '00000000-0000-4000-8000-000000000000' }], 'measurementLimits[0].productFamilyId'],
    ];
    for (const [measurementLimits, field] of cases) {
      const res = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Measurement', { measurementLimits }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, res.body).toBe(field);
    }
  });
});

describe('table points', () => {
  it('SummaryWithRows keeps fields, rows and chart lines that name rows and fields of the same payload by temporary ids', async () => {
    const p = await create(basePoint(f, 'SummaryWithRows', {
      measurementTitle: 'Thickness', measurementUnitId: f.unit, fieldTitle: 'Measurements', inspectionPointAggregationDirection: 'Both',
      visualizationType: 'LineChart', lifeEstimateType: 'Max',
      fields: [{ id: 'temp-id-f1', title: 'Left', keyboardType: 'decimal-pad' }, { id: 'temp-id-f2', title: 'Average', inspectionPointFieldAggregation: 'Average' }],
      rows: [{ id: 'temp-id-r1', title: 'Main' }, { id: 'temp-id-r2', title: 'Total', inspectionPointRowAggregation: 'Sum' }],
      visualizationDatasets: [{ id: 'temp-id-d1', name: 'Main line', rowId: 'temp-id-r1' }, { name: 'Left line', columnId: 'temp-id-f1' }],
    }));
    expect(p.fields.map((x: any) => [x.index, x.title, x.inspectionPointFieldAggregation])).toEqual([[0, 'Left', 'No'], [1, 'Average', 'Average']]);
    expect(p.rows.map((x: any) => [x.index, x.title, x.inspectionPointRowAggregation])).toEqual([[0, 'Main', 'No'], [1, 'Total', 'Sum']]);
    expect(p.visualizationDatasets).toEqual([
      { id: expect.any(String), name: 'Main line', rowId: p.rows[0].id, columnId: null },
      { id: expect.any(String), name: 'Left line', rowId: null, columnId: p.fields[0].id },
    ]);
    expect(JSON.stringify(p)).not.toContain('temp-id-');
    expect(await read(p.id)).toEqual(p);

    // Update: direction Row clears row aggregations; a new row gets max index + 1; omitted rows go with deleteMissingById.
    const body = { ...basePoint(f, 'SummaryWithRows'), inspectionPointAggregationDirection: 'Row', visualizationType: 'LineChart',
      fields: p.fields, rows: [p.rows[1], { title: 'Side', inspectionPointRowAggregation: 'Max' }], visualizationDatasets: [p.visualizationDatasets[1]] };
    const res = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', body);
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u.rows.map((x: any) => [x.id === p.rows[1].id, x.index, x.title, x.inspectionPointRowAggregation])).toEqual([[true, 1, 'Total', 'No'], [false, 2, 'Side', 'No']]);
    expect(u.fields[1].inspectionPointFieldAggregation).toBe('Average');
    expect(u.visualizationDatasets).toEqual([p.visualizationDatasets[1]]);
  });

  it('aggregation direction No clears every aggregation, Column clears the field ones', async () => {
    const fields = [{ title: 'A', inspectionPointFieldAggregation: 'Sum' }];
    const rows = [{ title: 'R', inspectionPointRowAggregation: 'Min' }];
    const no = await create(basePoint(f, 'SummaryWithRows', { inspectionPointAggregationDirection: 'No', fields, rows }));
    expect([no.fields[0].inspectionPointFieldAggregation, no.rows[0].inspectionPointRowAggregation]).toEqual(['No', 'No']);
    const col = await create(basePoint(f, 'SummaryWithRows', { inspectionPointAggregationDirection: 'Column', fields, rows }));
    expect([col.fields[0].inspectionPointFieldAggregation, col.rows[0].inspectionPointRowAggregation]).toEqual(['No', 'Min']);
  });

  it('refuses an empty field title, a chart line on an unknown row and a picture point without exactly four fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [basePoint(f, 'SummaryWithRows', { fields: [{ title: 'A' }, { title: ' ' }] }), 'fields[1].title'],
      [basePoint(f, 'SummaryWithRows', { fields: [{ title: 'A' }], visualizationType: 'LineChart', visualizationDatasets: [{ name: 'x', rowId: 'temp-id-nope' }] }), 'visualizationDatasets[0].rowId'],
      [basePoint(f, 'MeasurementsWithPicture', { fields: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] }), 'fields'],
      [basePoint(f, 'MeasurementsWithPicture', { fields: [{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: '' }] }), 'fields[3].title'],
      [basePoint(f, 'SummaryWithRows', { rows: [{ id: 'not-a-uuid', title: 'x' }] }), 'rows.0.id'],
    ];
    for (const [payload, field] of cases) {
      const res = await api.call('POST', '/api/v1/inspectionPoints', 'admin', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, res.body).toBe(field);
    }
  });

  it('MeasurementsWithPicture keeps its four titles and no rows; Summary keeps fields and rows', async () => {
    const pic = await create(basePoint(f, 'MeasurementsWithPicture', {
      fields: ['Top', 'Upper', 'Lower', 'Bottom'].map((title) => ({ title })), rows: [{ title: 'dropped' }],
    }));
    expect(pic.fields.map((x: any) => x.title)).toEqual(['Top', 'Upper', 'Lower', 'Bottom']);
    expect(pic.rows).toEqual([]);
    const sum = await create(basePoint(f, 'Summary', { measurementTitle: 'Wear', fields: [{ title: 'Part' }], rows: [{ title: 'Jaw' }] }));
    expect(contentOf(await read(sum.id))).toEqual(contentOf(sum));
    expect(sum.rows.map((x: any) => x.title)).toEqual(['Jaw']);
  });

  it.each(['Summary', 'SummaryWithRows'])('%s keeps measurement limits through the tRPC create and update the table editors send (issue 19)', async (type) => {
    const created = await api.trpc('mutation', 'create', basePoint(f, type, {
      name: `${type} limits`, fields: [{ id: 'temp-id-f', title: 'Part' }], rows: [{ id: 'temp-id-r', title: 'Jaw' }],
      measurementLimits: [{ id: 'temp-id-l', productFamilyId: f.ref.jaw.id, criticalLow: 1, low: 2, high: 8, criticalHigh: 9 }],
    }));
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json().result.data;
    expect(p.measurementLimits).toEqual([
      { id: expect.any(String), inspectionPointId: p.id, productFamilyId: f.ref.jaw.id, productModelId: null, criticalLow: 1, low: 2, high: 8, criticalHigh: 9 },
    ]);
    const updated = await api.trpc('mutation', 'update', {
      ...basePoint(f, type, { name: `${type} limits` }), id: p.id, fields: p.fields, rows: p.rows,
      measurementLimits: [{ ...p.measurementLimits[0], high: 7 }, { id: 'temp-id-m', productModelId: f.ref.cone.models.HC300, low: 0.5 }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const back = await read(p.id);
    expect(back.measurementLimits.map((l: any) => [l.productFamilyId ?? l.productModelId, l.criticalLow, l.low, l.high, l.criticalHigh])).toEqual([
      [f.ref.jaw.id, 1, 2, 7, 9], [f.ref.cone.models.HC300, null, 0.5, null, null],
    ]);
    expect(back.measurementLimits[0].id).toBe(p.measurementLimits[0].id);
  });
});
