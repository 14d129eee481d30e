import type { TEditPoint, TInspectionEdit, TPointResult } from '@insp/contracts';

/** Test data of the report edit form: an inspection with a point of several kinds. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const INSPECTION_ID = uuid(1);

export const blankResult = (over: Partial<TPointResult> = {}): TPointResult => ({
  selection: null, value: null, comment: null, internalComment: null, rating: 'NotSet', photos: [], voiceCommentId: null, nameOverride: null,
  fields: [], rows: [], rangeValues: [], multipleChoices: [], dropdowns: [], ...over,
});

export function point(n: number, over: Partial<TEditPoint> = {}): TEditPoint {
  return {
    inspectionPointId: uuid(100 + n), type: 'Comment', name: `Point ${n}`, description: '', nameOverridable: false, contentRequired: false,
    keyboardType: 'default', inputValidationRegexp: null, validationConsequence: 'NoAction',
    commentField: { present: true }, internalCommentField: { present: true }, ratingField: { present: true, required: false },
    photoField: { present: true, required: false, onlyForFailure: false }, voiceCommentField: { present: false },
    measurementTitle: null, unitValue: null, limits: null, optionGroup: null, fieldTitle: null, inspectionPointAggregationDirection: 'No',
    fields: [], rows: [], rangeValueTitle: null, rangeValues: [], multipleChoices: [], dropdowns: [],
    protocolPointId: uuid(200 + n), index: n, subcategoryTitleIndex: null, optional: false, content: blankResult(), ...over,
  };
}

export const radioPoint = (over: Partial<TEditPoint> = {}) =>
  point(1, {
    type: 'RadioButtonSelection', name: 'Jaw dies wear',
    optionGroup: {
      id: uuid(300), name: 'Wear',
      options: [
        { id: uuid(301), name: 'Good', comment: null, followUpRangeValue: null },
        { id: uuid(302), name: 'Worn', comment: 'Turn or replace the jaw dies at the next service.', followUpRangeValue: null },
        { id: uuid(303), name: 'Replace now', comment: 'Jaw dies must be replaced before further operation.', followUpRangeValue: null },
      ],
    },
    ...over,
  });

export const measurementPoint = (over: Partial<TEditPoint> = {}) =>
  point(2, { type: 'Measurement', name: 'Crusher setting (CSS)', measurementTitle: 'CSS', unitValue: 'mm', keyboardType: 'decimal-pad', limits: { criticalLow: 10, low: 16, high: 30, criticalHigh: 40 }, ...over });

export const tablePoint = (over: Partial<TEditPoint> = {}) =>
  point(3, {
    type: 'SummaryWithRows', name: 'Conveyor belt thickness', fieldTitle: 'Measurements', unitValue: 'mm', measurementTitle: 'Thickness',
    fields: [
      { id: uuid(401), index: 0, title: 'Left', keyboardType: 'decimal-pad', inspectionPointFieldAggregation: 'No' },
      { id: uuid(402), index: 1, title: 'Right', keyboardType: 'decimal-pad', inspectionPointFieldAggregation: 'No' },
      { id: uuid(403), index: 2, title: 'Average', keyboardType: 'default', inspectionPointFieldAggregation: 'Average' },
    ],
    rows: [
      { id: uuid(411), index: 0, title: 'Main conveyor', inspectionPointRowAggregation: 'No' },
      { id: uuid(412), index: 1, title: 'Side conveyor', inspectionPointRowAggregation: 'No' },
      { id: uuid(413), index: 2, title: 'Sum', inspectionPointRowAggregation: 'Sum' },
    ],
    ...over,
  });

export function inspection(over: Partial<TInspectionEdit> = {}): TInspectionEdit {
  return {
    id: INSPECTION_ID, name: 'Daily check for Jaw JC', type: 'Daily', status: 'In_Use', rating: null, finished: false,
    protocolId: uuid(2), protocolName: 'Daily check for Jaw JC', customerId: uuid(3), customer: 'Highland Aggregates Ltd', customerSiteId: null, site: null,
    equipmentId: uuid(4), productFamilyId: uuid(5), productFamilyName: 'Jaw JC', productModelId: uuid(6), productModelName: 'JC80',
    serialNumber: 'JC80-1', nickName: 'Crusher 1', inspectionDate: Date.UTC(2026, 10, 20, 8), started: Date.UTC(2026, 10, 20, 9), ended: null,
    created: Date.UTC(2026, 10, 20, 8), inspector: 'Ilkka Inspector', inspectorContact: 'inspector@company.example', contactName: 'Tom Dubois',
    contactPhoneNumber: '+44 1', contactEmail: 'tom@customer.example', version: '3.5.2',
    categories: [{ id: uuid(10), title: 'Crusher', index: 0, inspectionPoints: [radioPoint(), measurementPoint(), tablePoint()] }],
    extraPoints: [], findings: [], priorityActions: [], equipmentConfigurator: null, summary: '', comment: '', internalComment: '',
    customerSignature: null, providerSignature: null, sendEmail: false,
    ...over,
  };
}
